import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { SkeletonRows } from './card-grid.tsx';
import { EmptyState } from './empty-state.tsx';

/**
 * A short list of links (the home page's latest threads, latest posts): bars of the rows' height
 * (`skeleton`) while it loads, the empty text when there is none, else a row a link laid out by `layout`.
 */
export function LinkRows<T extends { id: string }>({
  pending,
  items,
  label,
  empty,
  skeleton,
  to,
  layout,
  children,
}: {
  pending: boolean;
  items: readonly T[];
  label: string;
  empty: string;
  skeleton: string;
  to: (item: T) => string;
  layout: 'block' | 'flex gap-3';
  children: (item: T) => ReactNode;
}) {
  if (pending) {
    return <SkeletonRows className={skeleton} />;
  }
  if (items.length === 0) {
    return <EmptyState compact text={empty} />;
  }
  return (
    <ul className="flex flex-col gap-1" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={to(item)}
            className={cn(
              layout,
              'rounded-xl p-2 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary',
            )}
          >
            {children(item)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
