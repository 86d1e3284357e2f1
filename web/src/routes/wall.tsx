import { createFileRoute } from '@tanstack/react-router';
import { wallQueryOptions } from '@/api/queries/shares';
import { WallLoadError, WallPage, WallPending } from '@/components/shares/wall-page';

// Public: the wall of published projects opens without an account.
export const Route = createFileRoute('/wall')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(wallQueryOptions),
  pendingComponent: WallPending,
  errorComponent: WallLoadError,
  component: WallPage,
});
