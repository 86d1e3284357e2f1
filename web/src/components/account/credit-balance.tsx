import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Wallet } from 'lucide-react';
import { formatMicroUsd } from '@forge/protocol/credits';
import { creditBalanceQueryOptions } from '@/api/queries/credits';
import { buttonClasses } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

/** The account's credit balance in the header, e.g. "$10.00"; it opens the account page with the ledger. */
export function CreditBalance({ className }: { className?: string }) {
  const balance = useQuery(creditBalanceQueryOptions);
  const amount = balance.data;
  const text = amount === undefined ? (balance.isError ? '$—' : '…') : formatMicroUsd(amount);
  const low = amount !== undefined && amount <= 0;
  return (
    <Tooltip label={low ? 'Your credits are used up: see your account' : 'Your credits: see the ledger and usage'}>
      <Link to="/account" aria-label={`Credits: ${text}`} className={cn(buttonClasses('ghost', 'sm'), 'h-8 px-2 font-mono tabular-nums sm:px-2.5', low && 'text-warning', className)}>
        <Wallet className="size-4" aria-hidden />
        <span>{text}</span>
      </Link>
    </Tooltip>
  );
}
