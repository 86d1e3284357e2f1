import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@forge/protocol/api';
import { authKeys, meQueryOptions } from '@/api/queries/auth';

/** Records a new session: data cached for an earlier account must not leak into this one. */
export function useSessionStart(): (user: PublicUser) => void {
  const queryClient = useQueryClient();
  return (user) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
    queryClient.setQueryData(meQueryOptions.queryKey, user);
  };
}
