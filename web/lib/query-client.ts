import { QueryClient } from '@tanstack/react-query';

/**
 * The tab's one query cache. A module of its own (not created inside a component) so that route loaders
 * (web/app/route-data.ts) can start a page's first request before React renders the page.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries a failed GET once (spec §7); queries that need more say so.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
