import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { formatMicroUsd } from '@forge/protocol/credits';
import { getErrorMessage } from '@/api/errors';
import { grantCredits, invalidateCredits } from '@/api/queries/credits';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';

const field = 'h-9 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none';

/** Operators grant credits to an account: a ledger entry that records who granted them and why. */
export function GrantCreditsForm() {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState('');
  const [amountUsd, setAmountUsd] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: grantCredits,
    onSuccess: (result) => {
      toast.success(`Granted ${formatMicroUsd(result.entry.amountMicroUsd, { precise: true })}`, { description: `The account's balance is now ${formatMicroUsd(result.balanceMicroUsd)}.` });
      setAmountUsd('');
      setReason('');
      setError(null);
      // The operator may have granted to their own account.
      void invalidateCredits(queryClient);
    },
    onError: (err) => setError(getErrorMessage(err, 'The grant failed. Please try again.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate({ accountId: accountId.trim(), amountUsd: amountUsd.trim(), reason: reason.trim() });
  };

  return (
    <section aria-labelledby="grant-heading" className="mb-8 rounded-[var(--radius-card)] border border-border bg-surface/70 p-4 sm:p-5">
      <h2 id="grant-heading" className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <Gift className="size-4 text-primary-hover" aria-hidden />
        Grant credits
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
        <label className="text-xs text-muted">
          Account id
          <input className={`${field} mt-1 font-mono`} value={accountId} onChange={(e) => setAccountId(e.target.value)} placeholder="3f2b8c1e-…" required />
        </label>
        <label className="text-xs text-muted">
          Amount (USD)
          <input className={`${field} mt-1`} value={amountUsd} onChange={(e) => setAmountUsd(e.target.value)} inputMode="decimal" placeholder="25.00" required />
        </label>
        <label className="text-xs text-muted">
          Reason (shown to the account)
          <input className={`${field} mt-1`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder="Conference demo" required />
        </label>
        <Button type="submit" size="sm" className="h-9" disabled={grant.isPending}>
          {grant.isPending && <ButtonSpinner />}
          Grant
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
