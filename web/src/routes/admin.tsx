import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/errors';
import { adminSandboxesQueryOptions } from '@/api/queries/admin';
import { AdminPage } from '@/components/admin/admin-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(adminSandboxesQueryOptions);
    } catch (err) {
      // The API answers 404 to accounts that are not operators: for them the page does not exist.
      if (isApiError(err, 404)) throw notFound();
      // Any other failure is shown by the page, with a retry.
    }
  },
  component: AdminPage,
});
