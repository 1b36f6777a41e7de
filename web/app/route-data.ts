import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { sessionQuery } from '../lib/session.ts';

/**
 * A route's `loader` runs as soon as navigation starts, at the same time as its `lazy` page chunk is
 * fetched. These loaders only start the page's first query in the shared cache and return at once: the
 * page's request then waits for its feature's small api module, not for the page's code, its render and
 * its effects. Nothing is awaited and a failure is left to the page (its query shows the error).
 */
function prefetch(start: (client: QueryClient) => Promise<unknown>): LoaderFunction {
  return () => {
    // On the server the page's render itself asks for its data (web/entry-server.tsx), into its own cache.
    if (import.meta.env.SSR) return null;
    start(queryClient).catch(() => {});
    return null;
  };
}

export const homeData = prefetch(async (client) => {
  const { statsQuery } = await import('../features/social/api.ts');
  await client.prefetchQuery(statsQuery);
});

export const marketplaceData = prefetch(async (client) => {
  const { listingsQuery, defaultListingFilters } = await import('../features/marketplace/api.ts');
  await client.prefetchInfiniteQuery(listingsQuery(defaultListingFilters));
});

/**
 * The feed is for members: it starts once the session (already being fetched by the shell) says so, with the
 * feed's code and its form's, which a visitor's page never loads (their own chunks).
 */
export const postsData = prefetch(async (client) => {
  const [{ feedQuery }, session] = await Promise.all([
    import('../features/social/api.ts'),
    client.ensureQueryData(sessionQuery),
  ]);
  if (!session.user) return;
  await Promise.all([
    client.prefetchInfiniteQuery(feedQuery('for-you')),
    import('../features/social/components/feed.tsx'),
    import('../features/social/components/post-form.tsx'),
  ]);
});
