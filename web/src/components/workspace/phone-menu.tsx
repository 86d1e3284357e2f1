import { Link } from '@tanstack/react-router';
import { BookOpen, Download, FolderOpen, FolderTree, History, LogOut, Menu, Share2, ShieldCheck, UserRound, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '@/lib/use-dismiss';
import type { PublicUser } from '@forge/protocol/api';
import { projectDownloadUrl } from '@/api/queries/projects';
import { ShareDialog } from '@/components/shares/share-dialog';
import { buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { useSignOut } from './account-menu';

const item = 'flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-left text-sm text-foreground transition-colors hover:bg-surface-3 disabled:opacity-50';
const icon = 'size-4 shrink-0 text-muted';

export interface PhoneMenuProps {
  user: PublicUser;
  onHistory: () => void;
}

/**
 * Below 768 px the header keeps the logo, New, the status and the balance; everything else (the
 * project's actions, the account and sign-out) is in this menu, so nothing is wider than the screen.
 */
export function PhoneMenu({ user, onHistory }: PhoneMenuProps) {
  const { state, actions } = useWorkspace();
  const { currentProject, isGenerating, isEditing } = state;
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const { signingOut, signOut } = useSignOut();

  useDismiss(
    open,
    root,
    useCallback(() => setOpen(false), []),
  );

  const close = () => setOpen(false);

  return (
    <div ref={root} className="md:hidden">
      <button type="button" onClick={() => setOpen(!open)} aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} className={cn(buttonClasses('ghost', 'icon'), 'size-8')}>
        {open ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
      </button>
      {open && (
        <nav
          aria-label="Menu"
          className="absolute top-full right-2 left-2 z-50 mt-1 ml-auto max-h-[calc(100dvh-4.5rem)] max-w-72 overflow-y-auto rounded-xl border border-border bg-surface-2 p-1 shadow-xl shadow-black/50"
        >
          <p className="px-3 pt-2 pb-2.5 text-xs text-subtle">
            Signed in with key <span className="font-mono text-muted">{user.keyHint}…</span>
          </p>
          {currentProject && (
            <>
              <div className="mx-3 my-1 h-px bg-border" aria-hidden />
              <p className="truncate px-3 pt-1 pb-1 text-xs font-medium text-subtle">{currentProject}</p>
              <button
                type="button"
                className={item}
                onClick={() => {
                  actions.setSidebarOpen(true);
                  close();
                }}
              >
                <FolderTree className={icon} aria-hidden />
                Project Files
              </button>
              <button
                type="button"
                className={item}
                disabled={isGenerating || isEditing}
                onClick={() => {
                  onHistory();
                  close();
                }}
              >
                <History className={icon} aria-hidden />
                History
              </button>
              <button
                type="button"
                className={item}
                disabled={isGenerating}
                onClick={() => {
                  setSharing(currentProject);
                  close();
                }}
              >
                <Share2 className={icon} aria-hidden />
                Share
              </button>
              <a href={projectDownloadUrl(currentProject)} download={`${currentProject}.zip`} className={item} onClick={close}>
                <Download className={icon} aria-hidden />
                Download ZIP
              </a>
            </>
          )}
          <div className="mx-3 my-1 h-px bg-border" aria-hidden />
          <Link to="/projects" className={item} onClick={close}>
            <FolderOpen className={icon} aria-hidden />
            My Projects
          </Link>
          <Link to="/docs" className={item} onClick={close}>
            <BookOpen className={icon} aria-hidden />
            Docs
          </Link>
          <Link to="/account" className={item} onClick={close}>
            <UserRound className={icon} aria-hidden />
            Account
          </Link>
          {user.isAdmin && (
            <Link to="/admin" className={item} onClick={close}>
              <ShieldCheck className={icon} aria-hidden />
              Operators' console
            </Link>
          )}
          <button type="button" className={item} onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? <ButtonSpinner /> : <LogOut className={icon} aria-hidden />}
            Sign out
          </button>
        </nav>
      )}
      <ShareDialog project={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}
