import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { cn } from '../../lib/cn.ts';
import { useFailureToast } from '../../lib/use-failure-toast.ts';
import { EmptyState } from './empty-state.tsx';
import { LoadMore, type PagedQuery } from './load-more.tsx';
import { Loading, Skeleton } from './skeleton.tsx';

/** Spec §9: a grid loads behind 6 skeleton cards. */
export function CardGridSkeleton({ cards = 6, label }: { cards?: number; label?: string }) {
  return (
    <Loading label={label ?? shellUi.loading} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <div key={i} data-testid="skeleton-card" className="rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="mt-4 h-5 w-3/4" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="mt-1.5 h-4 w-2/3" />
          <Skeleton className="mt-5 h-9 w-28" />
        </div>
      ))}
    </Loading>
  );
}

/**
 * Placeholders for a list while it loads: `rows` bars of the rows' height (`className`). With a `label` the
 * block is announced as loading; without one it is hidden from assistive technology.
 */
export function SkeletonRows({
  className,
  label,
  rows = 3,
  gap = 'gap-3',
  layout = cn('flex flex-col', gap),
}: {
  className: string;
  label?: string;
  rows?: number;
  gap?: string;
  /** The block's own classes, for placeholders laid out as a grid rather than a column. */
  layout?: string;
}) {
  const bars = Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
    <Skeleton key={i} className={className} />
  ));
  if (label) {
    return (
      <Loading label={label} className={layout}>
        {bars}
      </Loading>
    );
  }
  return (
    <div className={layout} aria-hidden="true">
      {bars}
    </div>
  );
}

export interface PagedGridQuery<T> extends PagedQuery {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A catalogue's cards over a paged query (cheats, products, listings): 6 skeleton cards while it loads, the
 * spec's empty text, else three columns of cards and Load more. A failed load says `failedText` once, the
 * toast named by that text.
 */
/** Cards in a grid's widest row (three columns from `lg`): the ones whose pictures load at once. */
export const FIRST_ROW = 3;

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
  /** The item and its place in the list (the first row's pictures load at once: decision 067). */
  children: (item: T, index: number) => ReactNode;
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
        {items.map((item, index) => (
          <li key={item.id} className="flex">
            {children(item, index)}
          </li>
        ))}
      </ul>
      <LoadMore query={query} className="mt-8 flex justify-center" />
    </>
  );
}
