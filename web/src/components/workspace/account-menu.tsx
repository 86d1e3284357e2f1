import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PublicUser } from '@forge/protocol/api';
import { getErrorMessage } from '@/api/errors';
import { logout, meQueryOptions } from '@/api/queries/auth';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

export function AccountMenu({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      // Nothing of the previous account may linger in the cache for whoever uses the browser next.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryOptions.queryKey[0] });
      await navigate({ to: '/', search: {} });
    } catch (err) {
      toast.error('Sign out failed', { description: getErrorMessage(err, 'Please try again') });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="flex items-center gap-1">
      <Tooltip label={`Signed in with key ${user.keyHint}…`}>
        <span
          tabIndex={0}
          className="hidden h-8 items-center gap-2 rounded-lg border border-border bg-surface-2 pl-1 pr-2.5 text-xs text-muted lg:inline-flex"
        >
          <span className="flex size-6 items-center justify-center rounded-md bg-gradient-to-br from-primary/40 to-accent/30 text-foreground">
            <UserRound className="size-3.5" aria-hidden />
          </span>
          <span className="font-mono">{user.keyHint}…</span>
        </span>
      </Tooltip>
      {user.isAdmin && (
        <Tooltip label="Operators' console: every sandbox on this server">
          <Link to="/admin" aria-label="Operators' console" className={cn(buttonClasses('ghost', 'icon'), 'size-8')}>
            <ShieldCheck className="size-4" aria-hidden />
          </Link>
        </Tooltip>
      )}
      <Tooltip label="Sign out of Forge">
        <Button variant="ghost" size="icon" className="size-8" aria-label="Sign out" onClick={signOut} disabled={signingOut}>
          {signingOut ? <Spinner className="size-4" label="Signing out" /> : <LogOut className="size-4" aria-hidden />}
        </Button>
      </Tooltip>
    </div>
  );
}
