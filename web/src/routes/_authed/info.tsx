import { createFileRoute } from '@tanstack/react-router';
import { infoQueryOptions } from '@/api/queries/info';
import { InfoLoadError, InfoPage, InfoPending } from '@/components/info/info-page';

export const Route = createFileRoute('/_authed/info')({
  loader: ({ context }) => context.queryClient.ensureQueryData(infoQueryOptions),
  pendingComponent: InfoPending,
  errorComponent: InfoLoadError,
  component: InfoPage,
});
