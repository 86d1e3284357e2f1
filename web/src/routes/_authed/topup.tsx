import { createFileRoute } from '@tanstack/react-router';
import { topUpsQueryOptions } from '@/api/queries/topups';
import { TopUpLoadError, TopUpPage, TopUpPending } from '@/components/account/top-up-page';

export const Route = createFileRoute('/_authed/topup')({
  loader: ({ context }) => context.queryClient.ensureQueryData(topUpsQueryOptions),
  pendingComponent: TopUpPending,
  errorComponent: TopUpLoadError,
  component: TopUpPage,
});
