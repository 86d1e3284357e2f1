import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/queries/auth';
import { AuthPage } from '@/components/auth/auth-page';
import { safeRedirect } from '@/components/auth/safe-redirect';

interface AuthSearch {
  redirect?: string;
}

export const Route = createFileRoute('/auth')({
  // The router spreads validated search over the raw one, so a refused value must be overwritten, not left out.
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({ redirect: safeRedirect(search.redirect) }),
  beforeLoad: async ({ context, search }) => {
    let signedIn = false;
    try {
      signedIn = (await context.queryClient.ensureQueryData(meQueryOptions)) !== null;
    } catch {
      // The session check failed; the forms still work and will report the real problem.
    }
    if (signedIn) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect: target } = Route.useSearch();
  return <AuthPage redirectTo={safeRedirect(target)} />;
}
