import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { InfoResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';

export const infoQueryOptions = queryOptions({
  queryKey: ['info'] as const,
  queryFn: ({ signal }) => apiJson<InfoResponse>(apiRoute(WEB_ENDPOINTS.info), { signal }),
});

/** Reads the status again now, even while it is shown (the Refresh button). */
export function refetchInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({ queryKey: infoQueryOptions.queryKey });
}
