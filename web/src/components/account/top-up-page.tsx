import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Check, Copy, Link2, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatMicroUsd } from '@forge/protocol/credits';
import type { Deposit } from '@forge/protocol/topups';
import { getErrorMessage } from '@/api/errors';
import { invalidateCredits } from '@/api/queries/credits';
import { invalidateTopUps, linkWallet, requestWalletChallenge, submitDeposit, topUpsQueryOptions } from '@/api/queries/topups';
import { formatModifiedAt } from '@/components/projects/format-date';
import { BackHeader } from '@/components/ui/back-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { useCopied } from '@/lib/use-copied';
import { useRetryRoute } from '@/lib/use-retry-route';
import { hasBrowserWallet, signWithBrowserWallet } from './browser-wallet';

const field = 'h-9 w-full rounded-lg border border-border bg-surface-2 px-3 font-mono text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none';

/** `/topup`: pay USDC on Ethereum to the operator's deposit address, from a wallet linked by signature. */
export function TopUpPage() {
  const { data } = useSuspenseQuery(topUpsQueryOptions);
  return (
    <TopUpFrame>
      {!data.enabled && (
        <p role="status" className="mt-8 rounded-[var(--radius-card)] border border-warning/30 bg-warning/5 p-4 text-sm text-warning">
          {data.offMessage}
        </p>
      )}
      {data.enabled && (
        <>
          <Step number={1} title="Link the wallet you pay from">
            {data.wallets.length > 0 && (
              <ul aria-label="Linked wallets" className="mb-3 space-y-1 text-sm">
                {data.wallets.map((wallet) => (
                  <li key={wallet.address} className="flex items-center gap-2">
                    <Check className="size-4 text-accent" aria-hidden />
                    <span className="font-mono break-all">{wallet.address}</span>
                  </li>
                ))}
              </ul>
            )}
            <LinkWalletForm />
          </Step>
          <Step number={2} title="Send USDC to the deposit address">
            <DepositAddress address={data.depositAddress!} />
            <p className="mt-2 text-xs text-subtle">
              USDC contract <span className="font-mono break-all">{data.usdcContract}</span>. Credited after {data.confirmations} confirmations. Only transfers from a linked wallet are credited.
            </p>
          </Step>
          <Step number={3} title="Submit the transaction hash">
            <SubmitDepositForm />
            {data.deposits.length > 0 && (
              <ul aria-label="Deposits" className="mt-4 divide-y divide-border rounded-[var(--radius-card)] border border-border">
                {data.deposits.map((deposit) => (
                  <DepositRow key={deposit.txHash} deposit={deposit} />
                ))}
              </ul>
            )}
          </Step>
        </>
      )}
    </TopUpFrame>
  );
}

export function TopUpPending() {
  return (
    <TopUpFrame>
      <Spinner className="mt-8 size-6" label="Loading top-ups" />
    </TopUpFrame>
  );
}

export function TopUpLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <TopUpFrame>
      <LoadErrorPanel title="Failed to load top-ups" error={error} fallback="The server did not answer." onRetry={retry} />
    </TopUpFrame>
  );
}

function TopUpFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-full">
      <BackHeader widthClassName="max-w-3xl" />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Top up with USDC</h1>
        <p className="mt-1.5 text-sm text-muted">1 USDC on Ethereum adds $1.00 of credits, once the transfer is confirmed on chain.</p>
        {children}
      </main>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="mt-8 rounded-[var(--radius-card)] border border-border bg-surface/70 p-4 sm:p-5">
      <h2 className="mb-3 text-sm font-semibold">
        <span className="mr-2 inline-flex size-5 items-center justify-center rounded-full bg-primary/20 text-xs text-primary-hover">{number}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function DepositAddress({ address }: { address: string }) {
  const { copied, copy } = useCopied();
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm break-all" aria-label="Deposit address">
        {address}
      </code>
      <Button variant="outline" size="sm" onClick={() => void copy(address)} aria-label="Copy the deposit address">
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      </Button>
    </div>
  );
}

/** With a browser wallet: one click signs. Without: the message is shown to sign elsewhere, and the signature pasted. */
function LinkWalletForm() {
  const queryClient = useQueryClient();
  const [manual, setManual] = useState<{ message: string; address: string; signature: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    setManual(null);
    setError(null);
    toast.success('Wallet linked', { description: 'Transfers from it now top up your credits.' });
    void invalidateTopUps(queryClient);
  };
  const withWallet = useMutation({
    mutationFn: async () => {
      const { message } = await requestWalletChallenge();
      const signed = await signWithBrowserWallet(message);
      return linkWallet({ message, ...signed });
    },
    onSuccess: done,
    onError: (err) => setError(getErrorMessage(err, 'The wallet could not be linked.')),
  });
  const pasted = useMutation({ mutationFn: linkWallet, onSuccess: done, onError: (err) => setError(getErrorMessage(err, 'The wallet could not be linked.')) });
  const startManual = async () => {
    setError(null);
    try {
      const { message } = await requestWalletChallenge();
      setManual({ message, address: '', signature: '' });
    } catch (err) {
      setError(getErrorMessage(err, 'Could not get a link message.'));
    }
  };
  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    if (manual) pasted.mutate({ message: manual.message, address: manual.address.trim(), signature: manual.signature.trim() });
  };

  return (
    <div>
      <p className="mb-3 text-sm text-muted">Sign a one-time message with your wallet. Signing is free and moves no funds.</p>
      <div className="flex flex-wrap gap-2">
        {hasBrowserWallet() && (
          <Button size="sm" onClick={() => withWallet.mutate()} disabled={withWallet.isPending}>
            {withWallet.isPending ? <ButtonSpinner /> : <Link2 className="size-4" aria-hidden />}
            Link wallet
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void startManual()}>
          Sign the message myself
        </Button>
      </div>
      {manual && (
        <form onSubmit={submitManual} className="mt-3 space-y-2">
          <label className="block text-xs text-muted">
            Message to sign (personal_sign, exactly as shown)
            <textarea readOnly value={manual.message} rows={8} className={`${field} mt-1 h-auto py-2`} />
          </label>
          <label className="block text-xs text-muted">
            Wallet address
            <input className={`${field} mt-1`} value={manual.address} onChange={(e) => setManual({ ...manual, address: e.target.value })} placeholder="0x…" required />
          </label>
          <label className="block text-xs text-muted">
            Signature
            <input className={`${field} mt-1`} value={manual.signature} onChange={(e) => setManual({ ...manual, signature: e.target.value })} placeholder="0x…" required />
          </label>
          <Button type="submit" size="sm" disabled={pasted.isPending}>
            {pasted.isPending && <ButtonSpinner />}
            Link this wallet
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function SubmitDepositForm() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [txHash, setTxHash] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = useMutation({
    mutationFn: submitDeposit,
    onSuccess: (answer) => {
      setResult({ ok: true, text: answer.deposit.message });
      setTxHash('');
      void invalidateTopUps(queryClient);
      void invalidateCredits(queryClient);
    },
    onError: (err) => setResult({ ok: false, text: getErrorMessage(err, 'The transaction could not be checked. Please try again.') }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    submit.mutate(txHash.trim());
  };
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor={inputId} className="block text-xs text-muted">
        Transaction hash
      </label>
      <div className="mt-1 flex gap-2">
        <input id={inputId} className={field} value={txHash} onChange={(e) => setTxHash(e.target.value)} placeholder="0x…" required />
        <Button type="submit" size="sm" className="h-9" disabled={submit.isPending}>
          {submit.isPending ? <ButtonSpinner /> : <Send className="size-4" aria-hidden />}
          Submit
        </Button>
      </div>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'mt-2 text-sm text-accent' : 'mt-2 text-sm text-destructive'}>
          {result.text}
        </p>
      )}
    </form>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  return (
    <li className="px-3 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {deposit.status === 'pending' ? (
          <Badge tone="warning">
            Pending · {deposit.confirmations} of {deposit.required} confirmations
          </Badge>
        ) : deposit.status === 'credited' ? (
          <Badge tone="accent">Credited</Badge>
        ) : (
          <Badge tone="destructive">Refused</Badge>
        )}
        <span className="font-mono tabular-nums">{formatMicroUsd(deposit.amountMicroUsd, { precise: true })}</span>
        <span className="text-xs text-subtle">{formatModifiedAt(deposit.createdAt)}</span>
      </div>
      <p className="mt-1 font-mono text-xs break-all text-muted">{deposit.txHash}</p>
      <p className="mt-0.5 text-xs text-muted">{deposit.message}</p>
    </li>
  );
}
