import type { ReactNode } from 'react';
import type { PagedGridQuery } from './card-grid.tsx';
import { LoadMore } from './load-more.tsx';

/**
 * A column of rows over a paged query (orders, a seller's listings, a category's threads): `loading` (its
 * skeleton) until the first page, `empty` when there is nothing, else a row per item and Load more. The page
 * says a failed load itself.
 */
export function PagedList<T extends { id: string }>({
  query,
  loading,
  empty,
  label,
  children,
}: {
  query: PagedGridQuery<T>;
  loading: ReactNode;
  empty: ReactNode;
  label?: string;
  children: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {query.isPending ? (
        loading
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="flex flex-col gap-3" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
      <LoadMore query={query} />
    </>
  );
}
