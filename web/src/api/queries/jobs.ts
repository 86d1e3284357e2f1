import { queryOptions } from '@tanstack/react-query';
import type { ActiveJobsResponse } from '@forge/protocol/api';
import { apiJson } from '../client';

export const jobKeys = { active: ['/api/jobs/active'] as const };

export const activeJobsQueryOptions = queryOptions({
  queryKey: jobKeys.active,
  queryFn: ({ signal }) => apiJson<ActiveJobsResponse>('/api/jobs/active', { signal }),
});
