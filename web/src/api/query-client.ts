import { QueryClient } from '@tanstack/react-query';

/**
 * Reads never go stale, are not refetched on focus, do not poll and do not retry unless their
 * options say so. There is no default query function: every read names its endpoint in its factory.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
