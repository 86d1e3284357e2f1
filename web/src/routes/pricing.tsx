import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/queries/auth';
import { PricingLoadError, PricingPage, PricingPending } from '@/components/pricing/pricing-page';

// Public: the session only decides whether the page offers an account or shows the balance.
export const Route = createFileRoute('/pricing')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  pendingComponent: PricingPending,
  errorComponent: PricingLoadError,
  component: PricingPage,
});
