import { createFileRoute } from '@tanstack/react-router';
import { TopUpPage } from '@/components/account/top-up-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/topup')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: TopUpPage,
});
