import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { PublicUser } from '@forge/protocol/api';
import { meQueryOptions } from '@/api/queries/auth';

/** For `beforeLoad` of pages that need an account: visitors go to /auth and come back after. */
export async function requireUser(queryClient: QueryClient, returnTo: string): Promise<PublicUser> {
  const user = await queryClient.ensureQueryData(meQueryOptions);
  if (!user) throw redirect({ to: '/auth', search: { redirect: returnTo } });
  return user;
}
