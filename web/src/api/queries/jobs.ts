import { queryOptions } from '@tanstack/react-query';
import type { ActiveJobsResponse, StartJobRequest, StartJobResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';

export const jobKeys = { active: ['jobs', 'active'] as const };

export const activeJobsQueryOptions = queryOptions({
  queryKey: jobKeys.active,
  queryFn: ({ signal }) => apiJson<ActiveJobsResponse>(apiRoute(WEB_ENDPOINTS.jobsActive), { signal }),
});

/** Starts a generation job; its events are read with the job stream client. */
export function startJob(body: StartJobRequest): Promise<StartJobResponse> {
  return apiJson<StartJobResponse>(apiRoute(WEB_ENDPOINTS.jobStart), { body: { ...body } });
}
