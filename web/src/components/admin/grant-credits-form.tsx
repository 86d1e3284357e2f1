import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type GrantCreditsRequest, formatMicroUsd, parseUsdToMicro } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import { getErrorMessage, isApiError } from '@/api/errors';
import { invalidateAudit } from '@/api/queries/admin';
import { grantCredits, invalidateCredits } from '@/api/queries/credits';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

const field = 'h-9 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none';

interface GrantCreditsFormProps {
  accountId: string;
  onAccountIdChange: (accountId: string) => void;
}

/**
 * Operators grant credits to an account: a ledger entry that records who granted them and why, and an
 * audit entry. A large or repeated grant comes back asking for confirmation, in the server's words with
 * the amount written out; a negative amount corrects a mistaken grant.
 */
export function GrantCreditsForm({ accountId, onAccountIdChange }: GrantCreditsFormProps) {
  const queryClient = useQueryClient();
  const [amountUsd, setAmountUsd] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ request: GrantCreditsRequest; question: string } | null>(null);
  const grant = useMutation({
    mutationFn: grantCredits,
    onSuccess: (result) => {
      const amount = formatMicroUsd(result.entry.amountMicroUsd, { precise: true });
      toast.success(result.entry.kind === 'correction' ? `Corrected by ${amount}` : `Granted ${amount}`, { description: `The account's balance is now ${formatMicroUsd(result.balanceMicroUsd)}.` });
      setAmountUsd('');
      setReason('');
      setError(null);
      setConfirming(null);
      // The operator may have granted to their own account.
      void invalidateCredits(queryClient);
      void invalidateAudit(queryClient);
    },
    onError: (err, request) => {
      if (isApiError(err, 409) && err.code === ErrorCode.ConfirmationRequired && !request.confirmed) {
        setConfirming({ request, question: getErrorMessage(err, 'This grant needs your confirmation.') });
        return;
      }
      setConfirming(null);
      setError(getErrorMessage(err, 'The grant failed. Please try again.'));
    },
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
          <input className={`${field} mt-1 font-mono`} value={accountId} onChange={(e) => onAccountIdChange(e.target.value)} placeholder="3f2b8c1e-…" required />
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
          {grant.isPending && !confirming && <ButtonSpinner />}
          Grant
        </Button>
      </form>
      <p className="mt-2 text-xs text-subtle">A negative amount, such as -25, corrects a mistaken grant; it never takes the balance below zero.</p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Confirm the grant"
        description={confirming?.question ?? ''}
        confirmLabel={`Grant ${confirming ? amountLabel(confirming.request.amountUsd) : ''}`}
        pending={grant.isPending}
        onConfirm={() => confirming && grant.mutate({ ...confirming.request, confirmed: true })}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

/** "1000000" as "$1,000,000.00": the amount written out on the button that grants it. */
function amountLabel(amountUsd: string): string {
  const micro = parseUsdToMicro(amountUsd);
  return micro === null ? amountUsd : formatMicroUsd(micro, { precise: true });
}
