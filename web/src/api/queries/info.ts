import { queryOptions } from '@tanstack/react-query';
import type { InfoResponse } from '@forge/protocol/api';
import { apiJson } from '../client';

export const infoQueryOptions = queryOptions({
  queryKey: ['/api/info'] as const,
  queryFn: ({ signal }) => apiJson<InfoResponse>('/api/info', { signal }),
});
