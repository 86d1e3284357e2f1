import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/components/account/account-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/account')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: AccountPage,
});
