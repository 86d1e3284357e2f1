import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@forge/protocol/api';
import { sessionStarted } from '@/api/queries/auth';

/** Records a new session: data cached for an earlier account must not leak into this one. */
export function useSessionStart(): (user: PublicUser) => void {
  const queryClient = useQueryClient();
  return (user) => sessionStarted(queryClient, user);
}
