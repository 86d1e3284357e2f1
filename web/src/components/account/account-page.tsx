import { type QueryClient, useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { ArrowDownLeft, ArrowUpRight, Gift, Receipt, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CreditEntry, CreditKind } from '@forge/protocol/credits';
import { formatMicroUsd } from '@forge/protocol/credits';
import { meQueryOptions } from '@/api/queries/auth';
import { creditLedgerQueryOptions, creditUsageQueryOptions } from '@/api/queries/credits';
import { topUpsQueryOptions } from '@/api/queries/topups';
import { formatModifiedAt } from '@/components/projects/format-date';
import { BackHeader } from '@/components/ui/back-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useRetryRoute } from '@/lib/use-retry-route';

const KIND_LABELS: Record<CreditKind, string> = { welcome: 'Welcome credit', charge: 'Charge', topup: 'Top-up', grant: 'Grant', correction: 'Correction' };

/** Reads the ledger's first page (the balance comes with it); usage and top-ups start beside it and show when they come. */
export async function loadAccount(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(creditUsageQueryOptions);
  void queryClient.prefetchQuery(topUpsQueryOptions);
  await queryClient.ensureInfiniteQueryData(creditLedgerQueryOptions);
}

/** `/account`: the credit balance, what each project's model calls cost, and the ledger, newest first. */
export function AccountPage() {
  const ledger = useSuspenseInfiniteQuery(creditLedgerQueryOptions);
  const usage = useQuery(creditUsageQueryOptions);
  const me = useQuery(meQueryOptions);
  const topUpsOn = useQuery(topUpsQueryOptions).data?.enabled === true;
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  const balance = ledger.data.pages[0]?.balanceMicroUsd;

  return (
    <AccountFrame>
      <section aria-labelledby="balance-heading" className="mt-8 rounded-[var(--radius-card)] border border-border bg-surface/70 p-5">
        <h2 id="balance-heading" className="flex items-center gap-2 text-sm font-medium text-muted">
          <Wallet className="size-4" aria-hidden />
          Credit balance
        </h2>
        <p className={cn('mt-2 font-mono text-3xl font-semibold tabular-nums', balance !== undefined && balance <= 0 && 'text-warning')} data-testid="account-balance">
          {balance === undefined ? '…' : formatMicroUsd(balance)}
        </p>
        {me.data && (
          <p className="mt-2 text-xs text-subtle">
            Account id <span className="font-mono text-muted select-all">{me.data.id}</span>: quote it when you ask this server's team for credits
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {/* Only where the operator turned top-ups on: elsewhere the page could only say they are off. */}
          {topUpsOn && (
            <Link to="/topup" className={buttonClasses('outline', 'sm')}>
              Top up with USDC
            </Link>
          )}
          <Link to="/pricing" className={buttonClasses('ghost', 'sm')}>
            Pricing
          </Link>
        </div>
        {balance !== undefined && balance <= 0 && (
          <p className="mt-2 text-sm text-warning">
            Generations, edits and automatic fixes need a positive balance.{' '}
            {topUpsOn ? 'Top up with USDC to carry on, or ask the team that runs this server for credits.' : 'Ask the team that runs this server for credits, quoting your account id.'}
          </p>
        )}
      </section>

      <section aria-labelledby="usage-heading" className="mt-8">
        <h2 id="usage-heading" className="mb-3 text-lg font-semibold">
          Usage by project
        </h2>
        {usage.isPending && <Spinner className="size-5" label="Loading usage" />}
        {usage.isError && <LoadErrorPanel title="Failed to load usage" error={usage.error} fallback="The server did not answer." onRetry={() => void usage.refetch()} />}
        {usage.data && usage.data.projects.length === 0 && <p className="text-sm text-muted">No model calls charged yet.</p>}
        {usage.data && usage.data.projects.length > 0 && (
          <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border">
            <table className="w-full text-sm">
              <thead className="bg-surface-2 text-left text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Project
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Calls
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Input tokens
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Output tokens
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.data.projects.map((project) => (
                  <tr key={`${project.projectName}:${project.exists}`} className="border-t border-border">
                    <td className="px-3 py-2">
                      {project.projectName}
                      {!project.exists && <span className="ml-2 text-xs text-subtle">(deleted)</span>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{project.calls.toLocaleString('en-US')}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{project.inputTokens.toLocaleString('en-US')}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{project.outputTokens.toLocaleString('en-US')}</td>
                    <td className="px-3 py-2 text-right font-mono tabular-nums">{formatMicroUsd(project.costMicroUsd, { precise: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="ledger-heading" className="mt-8">
        <h2 id="ledger-heading" className="mb-3 text-lg font-semibold">
          Credit ledger
        </h2>
        {entries.length > 0 && (
          <ul aria-label="Credit ledger" className="divide-y divide-border rounded-[var(--radius-card)] border border-border">
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {ledger.hasNextPage && (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
            {ledger.isFetchingNextPage && <ButtonSpinner />}
            Show older entries
          </Button>
        )}
      </section>
    </AccountFrame>
  );
}

/** While the balance and the ledger load. */
export function AccountPending() {
  return (
    <AccountFrame>
      <Spinner className="mt-8 size-6" label="Loading the ledger" />
    </AccountFrame>
  );
}

export function AccountLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <AccountFrame>
      <LoadErrorPanel title="Failed to load the ledger" error={error} fallback="The server did not answer." onRetry={retry} className="mt-8" />
    </AccountFrame>
  );
}

function AccountFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-full bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,color-mix(in_srgb,var(--color-primary)_12%,transparent),transparent)]">
      <BackHeader widthClassName="max-w-4xl" />
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Account</h1>
        <p className="mt-1.5 text-sm text-muted">Model calls are charged at their real token usage: $3 per million input tokens and $15 per million output tokens. The offline agent is free.</p>
        {children}
      </main>
    </div>
  );
}

function LedgerRow({ entry }: { entry: CreditEntry }) {
  const Icon = entry.kind === 'charge' ? ArrowUpRight : entry.kind === 'welcome' || entry.kind === 'grant' ? Gift : entry.kind === 'topup' ? ArrowDownLeft : Receipt;
  return (
    <li className="flex items-center gap-3 px-3 py-2.5 text-sm">
      <Icon className={cn('size-4 shrink-0', entry.amountMicroUsd < 0 ? 'text-muted' : 'text-accent')} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate" title={entry.description}>
          <span className="font-medium">{KIND_LABELS[entry.kind]}</span>
          {/* A description that only repeats the kind ("Welcome credit · Welcome credit") is said once. */}
          {entry.description && entry.description !== KIND_LABELS[entry.kind] && <span className="text-muted"> · {entry.description}</span>}
        </p>
        <p className="text-xs text-subtle">{formatModifiedAt(entry.createdAt)}</p>
      </div>
      <span className={cn('font-mono tabular-nums', entry.amountMicroUsd < 0 ? 'text-foreground' : 'text-accent')}>
        {entry.amountMicroUsd > 0 ? '+' : ''}
        {formatMicroUsd(entry.amountMicroUsd, { precise: true })}
      </span>
    </li>
  );
}
