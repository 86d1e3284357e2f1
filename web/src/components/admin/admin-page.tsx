import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, notFound } from '@tanstack/react-router';
import { AlertTriangle, Boxes, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { getErrorMessage, isApiError } from '@/api/errors';
import { ADMIN_REFRESH_MS, adminSandboxesQueryOptions } from '@/api/queries/admin';
import { NotFoundPage } from '@/components/not-found-page';
import { BackHeader } from '@/components/ui/back-header';
import { Spinner } from '@/components/ui/spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { StatePanel } from '@/components/ui/state-panel';
import { RefreshButton } from '@/components/workspace/refresh-button';
import { useIsMobile } from '@/components/workspace/use-is-mobile';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { useRetryRoute } from '@/lib/use-retry-route';
import { AccountSearch } from './account-search';
import { AuditSection } from './audit-list';
import { GrantCreditsForm } from './grant-credits-form';
import { NodesSection } from './node-list';
import { OpsOverview } from './ops-overview';
import { RemoveSandboxDialog } from './remove-sandbox-dialog';
import { RunningWorkSection } from './running-work-section';
import { SandboxCards, SandboxTable } from './sandbox-list';
import { SandboxPager, useSandboxPages } from './sandbox-pager';
import { SandboxLogsDialog } from './sandbox-logs-dialog';
import { useNow } from './use-now';

/** Reads the sandboxes; the API answers 404 to accounts that are not operators: for them the page does not exist. */
export async function loadAdmin(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(adminSandboxesQueryOptions()).catch((err: unknown) => {
    throw isApiError(err, 404) ? notFound() : err;
  });
}

/** The operators' console: every project's sandbox on this server, live and a page at a time, with what an operator may do to it. */
export function AdminPage() {
  const pages = useSandboxPages();
  const sandboxes = useQuery(adminSandboxesQueryOptions(pages.cursor));
  const isMobile = useIsMobile();
  const now = useNow(15_000);
  const [removing, setRemoving] = useState<AdminSandbox | null>(null);
  const [viewingLogs, setViewingLogs] = useState<AdminSandbox | null>(null);

  // Admin rights taken away while the page is open: the console is gone, as for any other account.
  if (isApiError(sandboxes.error, 404)) return <NotFoundPage />;

  // The server orders by project name then id: rows do not move under the pointer while the list refreshes.
  const data = sandboxes.data ?? { sandboxes: [], nextCursor: null, counts: { total: 0, running: 0, building: 0, failed: 0 } };
  const { counts } = data;
  const list = { sandboxes: data.sandboxes, now, onLogs: setViewingLogs, onRemove: setRemoving };

  return (
    <AdminFrame
      tools
      summary={[pluralize(counts.total, 'sandbox', 'sandboxes'), `${counts.running} running`, counts.failed > 0 && `${counts.failed} failed`].filter(Boolean).join(' · ')}
      actions={
        <div className="flex items-center gap-3 self-start sm:self-auto">
          <LiveIndicator paused={sandboxes.isError} />
          <RefreshButton onRefresh={() => void sandboxes.refetch()} className="h-9 px-3 text-sm" />
        </div>
      }
    >
      {sandboxes.isError && (
        <div role="alert" className="mb-4 flex items-start gap-3 rounded-[var(--radius-card)] border border-warning/30 bg-warning/5 p-4 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            <span className="font-medium text-warning">Could not refresh the list.</span>{' '}
            <span className="text-foreground/80">
              {getErrorMessage(sandboxes.error, 'The server did not answer.')} Showing the last known state; retrying every {ADMIN_REFRESH_MS / 1000} s.
            </span>
          </p>
        </div>
      )}

      {data.sandboxes.length === 0 ? (
        <StatePanel
          tone="primary"
          icon={<Boxes aria-hidden />}
          title="No sandboxes yet"
          className="max-w-none rounded-[var(--radius-card)] border border-dashed border-border-strong bg-surface/60 py-20"
        >
          A sandbox appears here when a project is built: each project gets its own container for its build and live preview.
        </StatePanel>
      ) : isMobile ? (
        <SandboxCards {...list} />
      ) : (
        <SandboxTable {...list} />
      )}
      <SandboxPager page={pages.page} nextCursor={data.nextCursor} onNext={pages.next} onPrevious={pages.previous} />

      <RemoveSandboxDialog sandbox={removing} onClose={() => setRemoving(null)} />
      <SandboxLogsDialog sandbox={viewingLogs} onClose={() => setViewingLogs(null)} />
    </AdminFrame>
  );
}

export function AdminPending() {
  return (
    <AdminFrame>
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-muted">
        <Spinner className="size-6" label="Loading sandboxes" />
        <p>Loading sandboxes...</p>
      </div>
    </AdminFrame>
  );
}

export function AdminLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <AdminFrame>
      <LoadErrorPanel title="Failed to load sandboxes" error={error} fallback="The server did not answer." onRetry={retry} />
    </AdminFrame>
  );
}

/**
 * The console around the sandbox list, which comes with its tools (`ConsoleTools`) on the page. The loading and
 * error states show the frame alone: the router swaps them for the page, which would mount the tools anew and
 * drop what an operator had typed there.
 */
function AdminFrame({ summary, actions, tools = false, children }: { summary?: string; actions?: ReactNode; tools?: boolean; children: ReactNode }) {
  return (
    <div className="min-h-full bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,color-mix(in_srgb,var(--color-primary)_10%,transparent),transparent)]">
      <BackHeader widthClassName="max-w-7xl" />

      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="mb-2 inline-flex items-center gap-1.5 text-xs font-medium tracking-wider text-primary-hover uppercase">
              <ShieldCheck className="size-3.5" aria-hidden />
              Operators' console
            </p>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Sandboxes</h1>
            <p className="mt-1.5 text-sm text-muted" aria-live="polite">
              {summary ?? "Every project's container on this server."}
            </p>
          </div>
          {actions}
        </div>

        {tools ? <ConsoleTools>{children}</ConsoleTools> : children}
      </main>
    </div>
  );
}

/** Account search and the grant form above the sandbox list (`children`); running work, the Docker hosts and the audit trail below. */
function ConsoleTools({ children }: { children: ReactNode }) {
  const now = useNow(15_000);
  // The account the grant form is for: typed, pasted, or picked with "Grant" in the search.
  const [grantTo, setGrantTo] = useState('');
  return (
    <>
      <OpsOverview />
      <AccountSearch onGrant={setGrantTo} />
      <GrantCreditsForm accountId={grantTo} onAccountIdChange={setGrantTo} />
      {children}
      <RunningWorkSection />
      <NodesSection now={now} />
      <AuditSection />
    </>
  );
}

function LiveIndicator({ paused }: { paused: boolean }) {
  return (
    <span
      title={paused ? 'The last refresh failed' : `The list refreshes every ${ADMIN_REFRESH_MS / 1000} seconds`}
      className={cn('inline-flex items-center gap-2 text-xs', paused ? 'text-warning' : 'text-muted')}
    >
      <span className="relative flex size-2" aria-hidden>
        {!paused && <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent opacity-60" />}
        <span className={cn('relative inline-flex size-2 rounded-full', paused ? 'bg-warning' : 'bg-accent')} />
      </span>
      {paused ? 'Updates paused' : `Live · every ${ADMIN_REFRESH_MS / 1000} s`}
    </span>
  );
}
