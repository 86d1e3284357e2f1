import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LockKeyhole, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { projectKeys } from '@/api/queries/projects';
import { EmptyState } from '@/components/ui/empty-state';
import { useWorkspace } from '@/store/workspace';
import { RefreshButton } from './refresh-button';
import { ViewHeader } from './view-header';

export function SecretsView() {
  const { state } = useWorkspace();
  const { currentProject } = state;
  const queryClient = useQueryClient();

  const refresh = () => {
    if (!currentProject) return;
    void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, currentProject, 'secrets'] });
    toast('Refreshing...', { description: 'Reloading API keys configuration' });
  };

  return (
    <div className="flex h-full flex-col">
      <ViewHeader icon={KeyRound} title="API Keys & Secrets" subtitle="Keys your generated app needs at runtime" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {!currentProject ? (
          <EmptyState icon={KeyRound} title="No Project Selected" description="Generate or load a project to manage its API keys and secrets" />
        ) : (
          <div className="flex min-h-full flex-col items-center justify-center px-4 py-10">
            <EmptyState
              fill={false}
              icon={ShieldCheck}
              tone="accent"
              title="No Secrets Required"
              description="This project does not need any API keys or secrets to run."
            >
              <RefreshButton onRefresh={refresh} />
            </EmptyState>
            <div className="mt-10 flex w-full max-w-lg items-start gap-3 rounded-xl border border-info/20 bg-info/5 p-4 text-xs leading-relaxed text-muted">
              <LockKeyhole className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
              <p>
                API keys are stored in your project's <code className="rounded bg-surface-3 px-1 font-mono text-foreground">.env</code> file
                and are not committed to version control.
              </p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
