import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '@forge/protocol/api';
import { CodeThemeStyle } from '@/components/code/code-theme-style';
import { cn } from '@/lib/cn';
import { useWorkspace, type WorkspaceView } from '@/store/workspace';
import { CodeView } from './code-view';
import { DatabaseView } from './database-view';
import { EditBar } from './edit-bar';
import { FileTreePanel } from './file-tree-panel';
import { EMPTY_GENERATE_DRAFT, GenerateView, type GenerateDraft } from './generate-view';
import { MobileNav } from './mobile-nav';
import { PreviewView } from './preview-view';
import { SecretsView } from './secrets-view';
import { TerminalView } from './terminal-view';
import { useAutoReconnect } from './use-generation';
import { useImportReconnect } from './use-import';
import { useOpenProject } from './use-open-project';
import { useRefreshAfterBuild } from './use-refresh-after-build';
import { ViewTabs } from './view-tabs';
import { WORKSPACE_PANEL_ID, tabId } from './views';
import { WorkspaceHeader } from './workspace-header';

export interface WorkspaceProps {
  user: PublicUser;
  /** `/?project=NAME`, from the projects page: open that saved project, then drop the parameter. */
  projectToOpen?: string;
}

export function Workspace({ user, projectToOpen }: WorkspaceProps) {
  const { state } = useWorkspace();
  const { currentView, sidebarOpen } = state;
  const [draft, setDraft] = useState<GenerateDraft>(EMPTY_GENERATE_DRAFT);

  // Decided at load: a project opened from the link must not be replaced by a job found afterwards.
  const [reconnectOnLoad] = useState(projectToOpen === undefined);
  useProjectFromSearch(projectToOpen);
  useAutoReconnect(reconnectOnLoad);
  useImportReconnect(reconnectOnLoad);
  useRefreshAfterBuild();

  let content: ReactNode;
  switch (currentView) {
    case 'generate':
      content = <GenerateView draft={draft} onDraftChange={setDraft} />;
      break;
    case 'terminal':
      content = <TerminalView />;
      break;
    case 'database':
      content = <DatabaseView />;
      break;
    case 'secrets':
      content = <SecretsView />;
      break;
    case 'preview':
      content = <PreviewView />;
      break;
    default:
      content = <CodeView />;
  }

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-background text-foreground">
      <CodeThemeStyle />
      <WorkspaceHeader user={user} />
      <div className="relative flex min-h-0 flex-1">
        <aside
          aria-label="Project Files"
          className={cn(
            'w-72 shrink-0 border-r border-border bg-surface',
            // Small screens: the list covers the content area instead of squeezing it.
            sidebarOpen ? 'absolute inset-0 z-20 flex w-full flex-col md:static md:w-72' : 'hidden',
            'md:flex md:flex-col',
          )}
        >
          <FileTreePanel />
        </aside>
        <main className={cn('flex min-w-0 flex-1 flex-col', sidebarOpen && 'max-md:invisible')}>
          <ViewTabs />
          <div {...panelProps(currentView)} className="relative min-h-0 flex-1">
            {content}
          </div>
          {currentView !== 'generate' && <EditBar />}
        </main>
      </div>
      <MobileNav />
    </div>
  );
}

function panelProps(view: WorkspaceView) {
  if (view === 'generate') return { id: WORKSPACE_PANEL_ID, role: 'region', 'aria-label': 'New Generation' } as const;
  return { id: WORKSPACE_PANEL_ID, role: 'tabpanel', 'aria-labelledby': tabId(view, 'desktop') } as const;
}

function useProjectFromSearch(projectToOpen: string | undefined) {
  const openProject = useOpenProject();
  const navigate = useNavigate();
  const handled = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (projectToOpen === undefined || handled.current === projectToOpen) return;
    handled.current = projectToOpen;
    void (async () => {
      await openProject(projectToOpen);
      await navigate({ to: '/', search: {}, replace: true });
      handled.current = undefined;
    })();
  }, [projectToOpen, openProject, navigate]);
}
