import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { adminAuditQueryOptions } from '@/api/queries/admin';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';

/** What operators did, newest first: who, what, on what, when and why. */
export function AuditSection() {
  const audit = useInfiniteQuery(adminAuditQueryOptions);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby="audit-heading" className="mt-10">
      <div className="mb-4">
        <h2 id="audit-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <ScrollText className="size-4 text-muted" aria-hidden />
          Audit trail
        </h2>
        <p className="mt-1 text-sm text-muted">Every operator action, newest first. The server log prints each one too.</p>
      </div>
      {audit.isPending && <Spinner className="size-5" label="Loading the audit trail" />}
      {audit.isError && !audit.data && <LoadErrorPanel title="Failed to load the audit trail" error={audit.error} fallback="The server did not answer." onRetry={() => void audit.refetch()} />}
      {audit.data && entries.length === 0 && <p className="text-sm text-muted">No operator action yet.</p>}
      {entries.length > 0 && (
        <ol aria-label="Audit trail" className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-surface">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.createdAt} className="shrink-0 text-xs text-subtle tabular-nums sm:w-40">
                {new Date(entry.createdAt).toLocaleString()}
              </time>
              <div className="min-w-0">
                <p className="break-words">{entry.summary}</p>
                {entry.reason && <p className="text-xs break-words text-muted">Reason: {entry.reason}</p>}
                <p className="font-mono text-[11px] break-all text-subtle">by operator {entry.operatorId}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <Button variant="outline" size="sm" className="mt-3" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {audit.isFetchingNextPage && <ButtonSpinner />}
          Show older
        </Button>
      )}
    </section>
  );
}
