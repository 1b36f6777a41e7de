import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadMore, type PagedQuery } from './load-more.tsx';
import { Skeleton } from './skeleton.tsx';

export interface AdminColumn {
  label: ReactNode;
  align?: 'right';
}

/**
 * The admin area's list shell: 6 skeleton rows while loading, the spec's empty text, else a scrollable
 * table with the given header; `children` are the body rows, and `pages` (the list's infinite query) puts
 * the Load more button under the table.
 */
export function AdminTable({
  loading,
  loadingLabel,
  isEmpty,
  emptyText,
  columns,
  minWidth,
  pages,
  children,
}: {
  loading: boolean;
  loadingLabel: string;
  isEmpty: boolean;
  emptyText: string;
  columns: AdminColumn[];
  minWidth: string;
  pages?: PagedQuery;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Card role="status" aria-live="polite" className="p-4">
        <span className="sr-only">{loadingLabel}</span>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="my-2 h-12 w-full" />
        ))}
      </Card>
    );
  }
  if (isEmpty) return <EmptyState text={emptyText} />;
  return (
    <Card className="overflow-x-auto">
      <table className={cn('w-full text-sm', minWidth)}>
        <thead>
          <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
            {columns.map((column, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed header
                key={i}
                scope="col"
                className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {pages && (
        <LoadMore
          query={pages}
          variant="ghost"
          size="sm"
          className="flex justify-center border-t border-line p-3"
        />
      )}
    </Card>
  );
}
