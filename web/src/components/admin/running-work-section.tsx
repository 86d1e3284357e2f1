import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, OctagonX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type AdminRun, type AdminRunKind, CANCEL_REASON_MAX_CHARS } from '@forge/protocol/admin';
import { getErrorMessage } from '@/api/errors';
import { invalidateAudit, invalidateSandboxes } from '@/api/queries/admin';
import { adminRunsQueryOptions, cancelRun, invalidateRuns } from '@/api/queries/admin-runs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { formatUptime } from './sandbox-format';
import { useNow } from './use-now';

const RUN_KIND_LABELS: Record<AdminRunKind, string> = { build: 'Build', fix: 'Fix', generation: 'Generation', edit: 'Edit' };

const field = 'w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none';

/** Builds, generations and edits running now, each with a Cancel that asks why: the owner reads the reason. */
export function RunningWorkSection() {
  const runs = useQuery(adminRunsQueryOptions);
  const now = useNow(15_000);
  const [cancelling, setCancelling] = useState<AdminRun | null>(null);
  const list = runs.data?.runs ?? [];

  return (
    <section aria-labelledby="running-work-heading" className="mt-10">
      <div className="mb-4">
        <h2 id="running-work-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Activity className="size-4 text-muted" aria-hidden />
          Running work
        </h2>
        <p className="mt-1 text-sm text-muted">Builds, generations and edits in progress. Cancelling one tells its owner why; a cancelled build leaves the last good preview serving.</p>
      </div>
      {runs.isPending && <Spinner className="size-5" label="Loading the running work" />}
      {runs.isError && !runs.data && <LoadErrorPanel title="Failed to load the running work" error={runs.error} fallback="The server did not answer." onRetry={() => void runs.refetch()} />}
      {runs.data && list.length === 0 && <p className="text-sm text-muted">Nothing is running.</p>}
      {list.length > 0 && (
        <ul aria-label="Running work" className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-surface">
          {list.map((run) => (
            <li key={run.id} aria-label={`${RUN_KIND_LABELS[run.kind]} of ${run.projectName}`} className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
              <Badge className="w-fit shrink-0">{RUN_KIND_LABELS[run.kind]}</Badge>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{run.projectName}</p>
                <p className="text-xs break-all text-muted">
                  <span className="font-mono">{run.ownerKeyHint}</span> · <span className="font-mono">{run.ownerId}</span>
                </p>
              </div>
              <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-2 text-xs text-muted sm:w-56">
                <dt>Started</dt>
                <dd>
                  <time dateTime={run.startedAt} title={new Date(run.startedAt).toLocaleString()}>
                    {formatUptime(run.startedAt, now)} ago
                  </time>
                </dd>
                <dt>Host</dt>
                <dd className="truncate">{run.node ?? '—'}</dd>
                <dt>Server</dt>
                <dd className="truncate" title={run.replica ?? undefined}>
                  {run.replica ?? 'waiting in the queue'}
                </dd>
              </dl>
              <Button variant="outline" size="sm" className="w-fit shrink-0" onClick={() => setCancelling(run)}>
                <OctagonX className="size-4" aria-hidden />
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
      <CancelRunDialog run={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}

/** Asks for the reason (required: the owner reads it), then stops the work. */
function CancelRunDialog({ run, onClose }: { run: AdminRun | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: (input: { run: AdminRun; reason: string }) => cancelRun(input.run.id, input.reason),
    onSuccess: (data) => {
      toast.success('Work cancelled', { description: data.message });
      close();
    },
    onError: (err) => setError(getErrorMessage(err, 'The cancel failed. Please try again.')),
    onSettled: () => {
      void invalidateAudit(queryClient);
      void invalidateSandboxes(queryClient);
      return invalidateRuns(queryClient);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (run && reason.trim()) mutation.mutate({ run, reason: reason.trim() });
  };
  const what = run ? `${RUN_KIND_LABELS[run.kind].toLowerCase()} of "${run.projectName}"` : '';

  return (
    <Dialog
      open={run !== null}
      onOpenChange={(next) => {
        if (!next && !mutation.isPending) close();
      }}
    >
      <DialogContent hideCloseButton={mutation.isPending} className="max-w-md">
        <form onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Cancel the {what}?</DialogTitle>
            <DialogDescription>
              It stops now. Its owner reads "stopped by an operator" with your reason, and the audit trail keeps it.
              {run?.kind === 'build' || run?.kind === 'fix' ? ' The last good build keeps serving the preview.' : ''}
            </DialogDescription>
          </DialogHeader>
          <label className="mt-4 block text-xs text-muted">
            Reason (shown to the owner)
            <textarea
              className={`${field} mt-1`}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={CANCEL_REASON_MAX_CHARS}
              placeholder="Runaway build on a shared host"
              required
              autoFocus
            />
          </label>
          {error && (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter className="mt-4">
            <Button type="button" variant="outline" onClick={close} disabled={mutation.isPending}>
              Keep running
            </Button>
            <Button type="submit" variant="destructive" disabled={mutation.isPending || reason.trim() === ''}>
              {mutation.isPending && <ButtonSpinner />}
              {mutation.isPending ? 'Cancelling…' : 'Cancel it'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
