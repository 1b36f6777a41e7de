import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFailureToast } from '../../lib/use-failure-toast.ts';
import { CardGridSkeleton } from './card-grid-skeleton.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadMore, type PagedQuery } from './load-more.tsx';

interface PagedGridQuery<T> extends PagedQuery {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A catalogue's cards over a paged query (cheats, products, listings): 6 skeleton cards while it loads, the
 * spec's empty text, else three columns of cards and Load more. A failed load says `failedText` once, the
 * toast named by that text.
 */
export function PagedGrid<T extends { id: string }>({
  query,
  failedText,
  loadingLabel,
  emptyText,
  children,
}: {
  query: PagedGridQuery<T>;
  failedText: string;
  loadingLabel: string;
  emptyText: string;
  children: (item: T) => ReactNode;
}) {
  useFailureToast(query.isError, failedText, failedText);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <CardGridSkeleton label={loadingLabel} />;
  if (items.length === 0) {
    return <EmptyState text={emptyText} icon={<SearchX className="size-8" aria-hidden="true" />} />;
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="flex">
            {children(item)}
          </li>
        ))}
      </ul>
      <LoadMore query={query} className="mt-8 flex justify-center" />
    </>
  );
}
