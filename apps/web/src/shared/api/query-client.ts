import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. A module so that code running before React renders (the start-up
 * and route-chunk prefetches) fills the same cache the components read.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
