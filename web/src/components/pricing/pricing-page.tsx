import { useQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { meQueryOptions } from '@/api/queries/auth';
import { PricingSection } from '@/components/marketing/pricing-section';
import { BackHeader } from '@/components/ui/back-header';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { useRetryRoute } from '@/lib/use-retry-route';

/** `/pricing`: the marketing page's pricing section on a page of its own, for visitors and signed-in users alike. */
export function PricingPage() {
  const me = useQuery(meQueryOptions);
  return (
    <PricingFrame>
      <PricingSection signedIn={!!me.data} />
    </PricingFrame>
  );
}

export function PricingPending() {
  return (
    <PricingFrame>
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-muted">
        <Spinner className="size-6" label="Loading pricing" />
        <p>Loading pricing...</p>
      </div>
    </PricingFrame>
  );
}

export function PricingLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <PricingFrame>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <LoadErrorPanel title="Failed to load pricing" error={error} fallback="The server did not answer." onRetry={retry} />
      </div>
    </PricingFrame>
  );
}

function PricingFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-full">
      <BackHeader />
      <main>{children}</main>
    </div>
  );
}
