import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Search, UserRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import type { AdminAccount } from '@forge/protocol/admin';
import { formatMicroUsd } from '@forge/protocol/credits';
import { getErrorMessage } from '@/api/errors';
import { adminAccountsQueryOptions } from '@/api/queries/admin';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes, pluralize } from '@/lib/format';
import { useCopied } from '@/lib/use-copied';
import { Fact } from './sandbox-list';

const field = 'h-9 w-full rounded-lg border border-border bg-surface-2 pr-3 pl-9 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none';

/** Finds accounts by id, key hint or project name, each with its copyable id and what it uses; "Grant" fills the grant form. */
export function AccountSearch({ onGrant }: { onGrant: (accountId: string) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const accounts = useQuery({ ...adminAccountsQueryOptions(deferred), enabled: deferred.length > 0 });
  const list = accounts.data?.accounts ?? [];

  return (
    <section aria-labelledby="accounts-heading" className="mb-8 rounded-[var(--radius-card)] border border-border bg-surface/70 p-4 sm:p-5">
      <h2 id="accounts-heading" className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <UserRound className="size-4 text-primary-hover" aria-hidden />
        Accounts
      </h2>
      <label className="relative block text-xs text-muted">
        <span className="sr-only">Search accounts</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
        <input type="search" className={field} value={query} onChange={(e) => setQuery(e.target.value)} maxLength={100} placeholder="Account id, key hint (fk_…) or project name" />
      </label>
      {deferred.length > 0 && (
        <div className="mt-3" aria-live="polite">
          {accounts.isPending ? (
            <Spinner className="size-5" label="Searching accounts" />
          ) : accounts.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(accounts.error, 'The search failed. Please try again.')}
            </p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted">No account matches. Try the key hint the person sees in their account menu, or a project's name.</p>
          ) : (
            <ul aria-label="Accounts found" className="grid gap-3">
              {list.map((account) => (
                <AccountCard key={account.id} account={account} onGrant={onGrant} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function AccountCard({ account, onGrant }: { account: AdminAccount; onGrant: (accountId: string) => void }) {
  const { copied, copy } = useCopied();
  return (
    <li>
      <article aria-label={account.keyHint} className="rounded-lg border border-border bg-surface-2/60 p-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-medium">{account.keyHint}…</span>
          <code className="min-w-0 font-mono text-xs break-all text-muted">{account.id}</code>
          <div className="ml-auto flex gap-2">
            <Button
              variant="outline"
              size="sm"
              className="h-8"
              aria-label={copied ? 'Account id copied' : `Copy the account id of ${account.keyHint}`}
              onClick={() => void copy(account.id).then((ok) => !ok && toast.error('Could not copy to the clipboard', { description: 'Select the id and copy it by hand.' }))}
            >
              {copied ? <Check className="size-3.5 text-accent" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
              {copied ? 'Copied' : 'Copy id'}
            </Button>
            <Button variant="outline" size="sm" className="h-8" onClick={() => onGrant(account.id)}>
              Grant
            </Button>
          </div>
        </div>
        {account.matchedProjects.length > 0 && <p className="mt-1 text-xs text-muted">Projects: {account.matchedProjects.join(', ')}</p>}
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-6">
          <Fact label="Balance">{formatMicroUsd(account.balanceMicroUsd)}</Fact>
          <Fact label="Spent">{formatMicroUsd(account.spentMicroUsd)}</Fact>
          <Fact label="Jobs">{account.jobs}</Fact>
          <Fact label="Projects">{account.projects}</Fact>
          <Fact label="Running">{pluralize(account.runningSandboxes, 'sandbox', 'sandboxes')}</Fact>
          <Fact label="Stored">{formatBytes(account.storedBytes)}</Fact>
          <Fact label="Limits hit">{pluralize(account.limitsHit, 'time', 'times')}</Fact>
        </dl>
      </article>
    </li>
  );
}
