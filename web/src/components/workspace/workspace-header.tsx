import { Link } from '@tanstack/react-router';
import { BookOpen, Download, FolderOpen, History, Plus } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '@forge/protocol/api';
import { projectDownloadUrl } from '@/api/queries/projects';
import { CreditBalance } from '@/components/account/credit-balance';
import { CodeThemeSelect } from '@/components/code/code-theme-select';
import { ShareButton } from '@/components/shares/share-button';
import { buttonClasses } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { AccountMenu } from './account-menu';
import { ForgeLogo } from './forge-logo';
import { HistoryDialog } from './history-dialog';
import { PhoneMenu } from './phone-menu';
import { StatusIndicator } from './status-indicator';

export function WorkspaceHeader({ user }: { user: PublicUser }) {
  const { state, actions } = useWorkspace();
  const { currentProject, status, currentView, isGenerating, isEditing } = state;
  const [historyOpen, setHistoryOpen] = useState(false);

  // Below 768 px: the logo, the project, New, the status, the balance and the menu; the rest is in the menu.
  const wide = 'max-md:hidden';
  return (
    <header className="relative z-30 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface/80 px-2 backdrop-blur sm:px-4">
      <Link to="/" search={{}} className="flex shrink-0 items-center gap-2 rounded-lg pr-1 text-foreground" aria-label="Forge home">
        <ForgeLogo className="size-7" />
        <span className={cn('text-[15px] font-semibold tracking-tight', currentProject ? 'hidden sm:inline' : 'max-[359px]:hidden')}>Forge</span>
      </Link>

      {currentProject && (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <span className="text-border-strong" aria-hidden>
            /
          </span>
          <span className="truncate font-medium text-muted" title={currentProject}>
            {currentProject}
          </span>
        </div>
      )}

      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-1.5">
        <Tooltip label="Start a new project">
          <button
            type="button"
            onClick={() => {
              actions.setView('generate');
              actions.setSidebarOpen(false);
            }}
            aria-label="New"
            aria-pressed={currentView === 'generate'}
            className={cn(buttonClasses('primary', 'sm'), 'h-8 px-2 sm:px-3')}
          >
            <Plus className="size-4" aria-hidden />
            <span className="hidden sm:inline">New</span>
          </button>
        </Tooltip>

        <Tooltip label="Documentation">
          <Link to="/docs" aria-label="Docs" className={cn(buttonClasses('ghost', 'sm'), 'h-8 px-2 sm:px-3', wide)}>
            <BookOpen className="size-4" aria-hidden />
            <span className="hidden lg:inline">Docs</span>
          </Link>
        </Tooltip>

        <StatusIndicator status={status} className="mx-0.5 sm:mx-1" />

        <CodeThemeSelect className="hidden md:flex" />

        {currentProject && (
          <Tooltip label={`Versions of ${currentProject}`}>
            <button type="button" onClick={() => setHistoryOpen(true)} disabled={isGenerating || isEditing} aria-label="History" className={cn(buttonClasses('ghost', 'sm'), 'h-8 px-2 sm:px-3', wide)}>
              <History className="size-4" aria-hidden />
              <span className="hidden lg:inline">History</span>
            </button>
          </Tooltip>
        )}

        {currentProject && <ShareButton project={currentProject} variant="ghost" size="sm" compact className={cn('h-8 px-2 sm:px-3', wide)} disabled={isGenerating} />}

        {currentProject && (
          <Tooltip label={`Download ${currentProject} as ZIP`}>
            <a href={projectDownloadUrl(currentProject)} download={`${currentProject}.zip`} aria-label="Download project" className={cn(buttonClasses('ghost', 'icon'), 'size-8', wide)}>
              <Download className="size-4" aria-hidden />
            </a>
          </Tooltip>
        )}

        <Tooltip label="Your saved projects">
          <Link to="/projects" aria-label="My Projects" className={cn(buttonClasses('outline', 'sm'), 'h-8 px-2 sm:px-3', wide)}>
            <FolderOpen className="size-4" aria-hidden />
            <span className="hidden lg:inline">My Projects</span>
          </Link>
        </Tooltip>

        <CreditBalance />

        <span className="mx-1 hidden h-5 w-px bg-border md:block" aria-hidden />

        <div className={wide}>
          <AccountMenu user={user} />
        </div>

        <PhoneMenu user={user} onHistory={() => setHistoryOpen(true)} />
      </div>
      {currentProject && <HistoryDialog key={currentProject} project={currentProject} open={historyOpen} onClose={() => setHistoryOpen(false)} />}
    </header>
  );
}
