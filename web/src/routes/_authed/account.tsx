import { createFileRoute } from '@tanstack/react-router';
import { AccountLoadError, AccountPage, AccountPending, loadAccount } from '@/components/account/account-page';

export const Route = createFileRoute('/_authed/account')({
  loader: ({ context }) => loadAccount(context.queryClient),
  pendingComponent: AccountPending,
  errorComponent: AccountLoadError,
  component: AccountPage,
});
