import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * A QueryClient whose invalidation also restarts a first load in flight. TanStack restarts an in-flight
 * fetch on invalidation only when the query already has data; a first load is handed back as the refetch,
 * though it may have read before the change that invalidated it. An admin who typed a search and deleted a
 * row within its 300 ms saw the deleted row stay in the results: the search's first load had read it.
 */
export class RefreshingQueryClient extends QueryClient {
  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    if (filters?.refetchType !== 'none') {
      const type = filters?.refetchType ?? filters?.type ?? 'active';
      for (const query of this.getQueryCache().findAll({ ...filters, type })) {
        // The same queries the refetch below starts again; `silent` hands whoever awaits the cancelled load
        // the new fetch's result instead of an error.
        const firstLoad = query.state.data === undefined && query.state.fetchStatus === 'fetching';
        if (firstLoad && !query.isDisabled() && !query.isStatic()) void query.cancel({ silent: true });
      }
    }
    return super.invalidateQueries(filters, options);
  }
}

/**
 * The tab's one query cache. A module of its own (not created inside a component) so that route loaders
 * (web/app/route-data.ts) can start a page's first request before React renders the page.
 */
export const queryClient = newQueryClient();

/** A query client with the app's settings (the tab's one above; a fresh one per web unit test). */
export function newQueryClient() {
  return new RefreshingQueryClient({
    defaultOptions: {
      // The API client already retries a failed GET once (spec §7); queries that need more say so.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
