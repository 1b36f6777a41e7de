import type { PagedGridQuery } from '../components/ui/card-grid.tsx';

/** A paged query that has loaded one page of `items` (the lists' and grids' tests), with `overrides` on top. */
export function loadedPages<T>(items: T[], overrides: Partial<PagedGridQuery<T>> = {}): PagedGridQuery<T> {
  return {
    data: { pages: [{ items }] },
    isPending: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: async () => undefined,
    ...overrides,
  };
}
