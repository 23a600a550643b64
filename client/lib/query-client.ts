import { QUERY_GC_MS } from '@common/limits';
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * The app's QueryClient (spec §7): the default loader with 401 as an error, no
 * retries, no polling, stale at once, refetched on window focus, unused data
 * dropped after 5 minutes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: 0,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
