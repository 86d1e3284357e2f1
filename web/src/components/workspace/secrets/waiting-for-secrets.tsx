import { KeyRound } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { keysToAdd, waitingForSecretsMessage } from '@forge/protocol/secrets';
import { secretsQueryOptions } from '@/api/queries/secrets';
import { Button } from '@/components/ui/button';
import { useWorkspace } from '@/store/workspace';

/**
 * Above the preview of an app that waits for keys its .env.example lists (its build passed "waiting
 * for secrets"): names them and opens the Secrets view. Saving them restarts the preview; the list
 * is read again then, and the notice goes.
 */
export function WaitingForSecrets({ project }: { project: string }) {
  const { actions } = useWorkspace();
  const secrets = useQuery(secretsQueryOptions(project));
  const keys = secrets.data ? keysToAdd(secrets.data.secrets) : [];
  if (keys.length === 0) return null;
  return (
    <div role="status" data-testid="waiting-for-secrets" className="flex shrink-0 items-center gap-2 border-b border-warning/30 bg-warning/10 px-3 py-2 text-xs text-warning">
      <KeyRound className="size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{waitingForSecretsMessage(keys)}</span>
      <Button variant="outline" size="sm" onClick={() => actions.setView('secrets')}>
        Open Secrets
      </Button>
    </div>
  );
}
