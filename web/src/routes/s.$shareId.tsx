import { createFileRoute } from '@tanstack/react-router';
import { ShareLoadError, ShareNotFound, SharePage, SharePending, loadShare } from '@/components/shares/share-page';

// Public: a shared project opens without an account.
export const Route = createFileRoute('/s/$shareId')({
  loader: ({ context, params }) => loadShare(context.queryClient, params.shareId),
  pendingComponent: SharePending,
  errorComponent: ShareLoadError,
  notFoundComponent: ShareNotFound,
  component: ShareRoute,
});

function ShareRoute() {
  const { shareId } = Route.useParams();
  return <SharePage key={shareId} shareId={shareId} />;
}
