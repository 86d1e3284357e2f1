import { TooltipProvider } from '@radix-ui/react-tooltip';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { AppToaster } from '@/components/ui/app-toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    // Tooltips wait 700 ms, 300 ms between neighbours.
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
      <Outlet />
      <AppToaster />
    </TooltipProvider>
  );
}
