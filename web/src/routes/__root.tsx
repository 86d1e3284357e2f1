import { TooltipProvider } from '@radix-ui/react-tooltip';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NotFoundPage } from '@/components/not-found-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    // Tooltips wait 700 ms, 300 ms between neighbours; one toast at a time, shown 5 s.
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
      <Outlet />
      <Toaster theme="dark" position="bottom-right" visibleToasts={1} duration={5000} richColors closeButton style={{ maxWidth: 420 }} />
    </TooltipProvider>
  );
}
