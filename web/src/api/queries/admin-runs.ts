import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AdminRunsResponse, CancelRunRequest, CancelRunResponse } from '@forge/protocol/admin';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';
import { ADMIN_REFRESH_MS } from './admin';

export const adminRunsKey = ['admin', 'runs'] as const;

/** Builds, generations and edits running now; polled like the sandboxes while the console is open. */
export const adminRunsQueryOptions = queryOptions({
  queryKey: adminRunsKey,
  queryFn: ({ signal }) => apiJson<AdminRunsResponse>(apiRoute(WEB_ENDPOINTS.adminRuns), { signal }),
  refetchInterval: ADMIN_REFRESH_MS,
});

/** Stops running work; the reason reaches its owner's stream and the audit trail. */
export function cancelRun(runId: string, reason: string): Promise<CancelRunResponse> {
  return apiJson<CancelRunResponse>(apiRoute(WEB_ENDPOINTS.adminRunCancel, { runId }), { body: { reason } satisfies CancelRunRequest });
}

export function invalidateRuns(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminRunsKey });
}
