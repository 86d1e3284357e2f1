import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LockKeyhole, Save, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { NO_SECRETS_TO_SAVE_DETAILS, NO_SECRETS_TO_SAVE_MESSAGE, PLATFORM_PROVIDED_KEYS, secretsToSave } from '@forge/protocol/secrets';
import { getErrorMessage } from '@/api/errors';
import { invalidateSecrets, saveSecrets, secretsQueryOptions } from '@/api/queries/secrets';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useWorkspace } from '@/store/workspace';
import { RefreshButton } from './refresh-button';
import { SecretField } from './secrets/secret-field';
import { ViewHeader } from './view-header';

export function SecretsView() {
  const { state } = useWorkspace();
  const { currentProject } = state;
  const queryClient = useQueryClient();

  // Offered in every state (the spec's rule), so also with no project, where there is nothing to reload yet.
  const refresh = () => {
    if (currentProject) void invalidateSecrets(queryClient, currentProject);
    toast('Refreshing...', { description: 'Reloading API keys configuration' });
  };

  return (
    <div className="flex h-full flex-col">
      <ViewHeader icon={KeyRound} title="API Keys & Secrets" subtitle="Keys your generated app needs at runtime" actions={<RefreshButton onRefresh={refresh} />} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {!currentProject ? (
          <EmptyState icon={KeyRound} title="No Project Selected" description="Generate or load a project to manage its API keys and secrets">
            <RefreshButton onRefresh={refresh} />
          </EmptyState>
        ) : (
          <ProjectSecrets key={currentProject} project={currentProject} onRefresh={refresh} />
        )}
      </div>
    </div>
  );
}

function ProjectSecrets({ project, onRefresh }: { project: string; onRefresh: () => void }) {
  const queryClient = useQueryClient();
  const secrets = useQuery(secretsQueryOptions(project));
  /** What the user typed, by key; never a saved value, which the server does not send. */
  const [values, setValues] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: (toSave: Record<string, string>) => saveSecrets(project, toSave),
    onSuccess: async () => {
      toast.success('Secrets saved', { description: 'Your API keys have been saved to the project environment' });
      setValues({});
      await invalidateSecrets(queryClient, project);
    },
    onError: (err) => {
      toast.error('Error saving secrets', { description: getErrorMessage(err, 'Please try again.') });
    },
  });

  const save = () => {
    if (!project) {
      toast.error('Error saving secrets', { description: 'No project selected' });
      return;
    }
    const toSave = secretsToSave(values);
    if (Object.keys(toSave).length === 0) {
      toast.error(NO_SECRETS_TO_SAVE_MESSAGE, { description: NO_SECRETS_TO_SAVE_DETAILS });
      return;
    }
    mutation.mutate(toSave);
  };

  let content;
  if (secrets.isPending) {
    content = (
      <div className="flex flex-col items-center gap-3 py-16 text-sm text-muted">
        <Spinner />
        Loading secrets...
      </div>
    );
  } else if (secrets.isError) {
    content = (
      <EmptyState fill={false} icon={TriangleAlert} tone="destructive" title="Error Loading Secrets" description="Failed to load required secrets for this project">
        <RefreshButton onRefresh={onRefresh} />
      </EmptyState>
    );
  } else if (secrets.data.secrets.length === 0) {
    content = (
      <EmptyState fill={false} icon={ShieldCheck} tone="accent" title="No Secrets Required" description="This project does not need any API keys or secrets to run.">
        <RefreshButton onRefresh={onRefresh} />
      </EmptyState>
    );
  } else {
    content = (
      <form
        className="flex w-full flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <p className="text-sm text-muted">
          {`This project's app reads ${secrets.data.secrets.length === 1 ? 'this variable' : `these ${secrets.data.secrets.length} variables`}. Saved values are never shown again; enter a new one to replace it.`}
        </p>
        {secrets.data.secrets.map((secret) => (
          <SecretField
            key={secret.key}
            secret={secret}
            value={values[secret.key] ?? ''}
            disabled={mutation.isPending}
            onChange={(value) => setValues((current) => ({ ...current, [secret.key]: value }))}
          />
        ))}
        {/* Only the platform's own variables (a data app's DATABASE_URL alone): nothing to save. */}
        {secrets.data.secrets.some((secret) => !PLATFORM_PROVIDED_KEYS.includes(secret.key)) && (
          <Button type="submit" className="self-end" disabled={mutation.isPending}>
            {mutation.isPending ? <ButtonSpinner /> : <Save className="size-4" aria-hidden />}
            {mutation.isPending ? 'Saving...' : 'Save API Keys'}
          </Button>
        )}
      </form>
    );
  }

  return (
    <div className="mx-auto flex min-h-full w-full max-w-2xl flex-col items-center px-4 py-8">
      {content}
      <div className="mt-10 flex w-full items-start gap-3 rounded-xl border border-info/20 bg-info/5 p-4 text-xs leading-relaxed text-muted">
        <LockKeyhole className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
        <p>
          API keys are stored in your project&apos;s <code className="rounded bg-surface-3 px-1 font-mono text-foreground">.env</code> file and are not committed to version control. Forge keeps them
          encrypted, gives them to the preview as environment variables and hides them in every log.
        </p>
      </div>
    </div>
  );
}
