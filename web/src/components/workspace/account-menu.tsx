import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '@/lib/use-dismiss';
import { toast } from 'sonner';
import type { PublicUser } from '@forge/protocol/api';
import { getErrorMessage } from '@/api/errors';
import { logout, sessionEnded } from '@/api/queries/auth';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

/** Signs out, drops everything of the account from the cache and goes home; a failure is a toast. */
export function useSignOut(): { signingOut: boolean; signOut: () => Promise<void> } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
      // Nothing of the previous account may linger in the cache for whoever uses the browser next.
      sessionEnded(queryClient);
      await navigate({ to: '/', search: {} });
    } catch (err) {
      toast.error('Sign out failed', { description: getErrorMessage(err, 'Please try again') });
    } finally {
      setSigningOut(false);
    }
  };
  return { signingOut, signOut };
}

export function AccountMenu({ user }: { user: PublicUser }) {
  const { signingOut, signOut } = useSignOut();

  return (
    <div className="flex items-center gap-1">
      <Tooltip label={`Signed in with key ${user.keyHint}…`}>
        <span tabIndex={0} className="hidden h-8 items-center gap-2 rounded-lg border border-border bg-surface-2 pl-1 pr-2.5 text-xs text-muted lg:inline-flex">
          <span className="flex size-6 items-center justify-center rounded-md bg-gradient-to-br from-primary/40 to-accent/30 text-foreground">
            <UserRound className="size-3.5" aria-hidden />
          </span>
          <span className="font-mono">{user.keyHint}…</span>
        </span>
      </Tooltip>
      {user.isAdmin && (
        <>
          <Tooltip label="Operators' console: every sandbox on this server">
            <Link to="/admin" aria-label="Operators' console" className={cn(buttonClasses('ghost', 'icon'), 'size-8 max-sm:hidden')}>
              <ShieldCheck className="size-4" aria-hidden />
            </Link>
          </Tooltip>
          {/* A phone's header has room for one more icon, not two: operators get a small menu instead. */}
          <CompactAccountMenu user={user} signingOut={signingOut} onSignOut={signOut} />
        </>
      )}
      <Tooltip label="Sign out of Forge">
        <Button variant="ghost" size="icon" className={cn('size-8', user.isAdmin && 'max-sm:hidden')} aria-label="Sign out" onClick={signOut} disabled={signingOut}>
          {signingOut ? <Spinner className="size-4" label="Signing out" /> : <LogOut className="size-4" aria-hidden />}
        </Button>
      </Tooltip>
    </div>
  );
}

const menuItem = 'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-foreground transition-colors hover:bg-surface-3 disabled:opacity-50';

/** Below 640 px, for operators: the account, the console and sign-out behind one button. */
function CompactAccountMenu({ user, signingOut, onSignOut }: { user: PublicUser; signingOut: boolean; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useDismiss(
    open,
    root,
    useCallback(() => setOpen(false), []),
  );

  return (
    <div ref={root} className="relative sm:hidden">
      <Button variant="ghost" size="icon" className="size-8" aria-label="Account" aria-expanded={open} onClick={() => setOpen(!open)}>
        <UserRound className="size-4" aria-hidden />
      </Button>
      {open && (
        <div className="absolute top-full right-0 z-50 mt-2 w-60 rounded-xl border border-border bg-surface-2 p-1 shadow-xl shadow-black/50">
          <p className="px-3 pt-2 pb-2.5 text-xs text-subtle">
            Signed in with key <span className="font-mono text-muted">{user.keyHint}…</span>
          </p>
          <Link to="/admin" className={menuItem} onClick={() => setOpen(false)}>
            <ShieldCheck className="size-4 text-muted" aria-hidden />
            Operators' console
          </Link>
          <button type="button" className={menuItem} onClick={onSignOut} disabled={signingOut}>
            {signingOut ? <ButtonSpinner /> : <LogOut className="size-4 text-muted" aria-hidden />}
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
