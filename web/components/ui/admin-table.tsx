import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import './admin-table.css';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadMore, type PagedQuery } from './load-more.tsx';
import { Skeleton } from './skeleton.tsx';

export interface AdminColumn {
  label: string;
  align?: 'right';
}

/**
 * Each column's label as a CSS string in a custom property (`--admin-col-1` …): in a narrow box
 * admin-table.css turns rows into stacked cards and shows the label before each cell's value, so no page
 * repeats its labels in its cells.
 */
function columnLabels(columns: AdminColumn[]): CSSProperties {
  return Object.fromEntries(
    columns.map((column, i) => [`--admin-col-${i + 1}`, JSON.stringify(column.label)]),
  ) as CSSProperties;
}

/**
 * The admin area's list shell: 6 skeleton rows while loading, the spec's empty text, else a scrollable
 * table with the given header; `children` are the body rows, and `pages` (the list's infinite query) puts
 * the Load more button under the table. In a box narrower than 56rem (a phone, a tablet, the admin
 * area beside its menu) the rows are stacked cards, every action in its row (admin-table.css).
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
    <Card className="admin-table-box overflow-x-auto" tabIndex={0}>
      <table className={cn('admin-table w-full text-sm', minWidth)} style={columnLabels(columns)}>
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
