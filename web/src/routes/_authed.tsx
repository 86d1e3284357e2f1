import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/queries/auth';
import { PageSpinner } from '@/components/ui/page-spinner';

/** The pages that need an account: visitors go to /auth and come back after. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions);
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { user };
  },
  pendingComponent: PageSpinner,
});
