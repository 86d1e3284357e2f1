import { createFileRoute } from '@tanstack/react-router';
import { AdminLoadError, AdminPage, AdminPending, loadAdmin } from '@/components/admin/admin-page';

export const Route = createFileRoute('/_authed/admin')({
  loader: ({ context }) => loadAdmin(context.queryClient),
  pendingComponent: AdminPending,
  errorComponent: AdminLoadError,
  component: AdminPage,
});
