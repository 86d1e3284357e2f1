import { QueryClient } from '@tanstack/react-query';
import { apiJson } from './client';

/** Spec section 7: reads never go stale, no refetch on focus, no polling, no retries by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // The default read joins the key's segments with slashes as a GET path.
        queryFn: ({ queryKey, signal }) => apiJson(queryKey.map(String).join('/'), { signal }),
      },
      mutations: { retry: false },
    },
  });
}
