import { createFileRoute } from '@tanstack/react-router';
import { SharePage } from '@/components/shares/share-page';

// Public: a shared project opens without an account.
export const Route = createFileRoute('/s/$shareId')({
  component: ShareRoute,
});

function ShareRoute() {
  const { shareId } = Route.useParams();
  return <SharePage key={shareId} shareId={shareId} />;
}
