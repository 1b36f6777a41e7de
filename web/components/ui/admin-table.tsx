import { Pin } from 'lucide-react';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { commonUi } from '../../../contract/texts/common-ui.ts';
import { type AdminListQuery, useAdminList } from '../../lib/admin-list.ts';
import { cn } from '../../lib/cn.ts';
import './admin-table.css';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { Card } from './card.tsx';
import { DateTime } from './date-time.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadMore } from './load-more.tsx';
import { Skeleton } from './skeleton.tsx';

interface AdminColumn {
  label: string;
  align?: 'right';
}

/**
 * A column by its label (an Actions column, `commonUi.actions` in any language, sits at the right edge), or
 * with its alignment.
 */
type ColumnSpec = string | AdminColumn;

const toColumn = (spec: ColumnSpec): AdminColumn =>
  typeof spec === 'string'
    ? { label: spec, align: spec === 'Actions' || spec === commonUi.actions ? 'right' : undefined }
    : spec;

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

/** The first cell of a catalogue row: image, title (pinned marked), and a line under it. */
export function AdminItemCell({
  image,
  title,
  pinned,
  children,
}: {
  image: ReactNode;
  title: string;
  pinned: boolean;
  children: ReactNode;
}) {
  return (
    <AdminCell>
      <div className="flex items-center gap-3">
        {image}
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-medium">
            {pinned && <Pin className="size-3.5 text-primary" aria-label={shellUi.pinned} />}
            <span className="truncate">{title}</span>
          </p>
          {children}
        </div>
      </div>
    </AdminCell>
  );
}

export function AdminRow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <tr className={cn('border-b border-line last:border-0 hover:bg-surface-2/50', className)}>{children}</tr>
  );
}

/** One cell; `data` marks a record's own values (codes, fields) that no language translates (`translate="no"`). */
export function AdminCell({
  className,
  children,
  data,
}: {
  className?: string;
  children?: ReactNode;
  data?: boolean;
}) {
  return (
    <td className={cn('px-4 py-3', className)} translate={data ? 'no' : undefined}>
      {children}
    </td>
  );
}

/** A row's date, muted and on one line. */
export function AdminDateCell({ at, short }: { at: string; short?: boolean }) {
  return (
    <AdminCell className="whitespace-nowrap text-muted">
      <DateTime at={at} short={short} />
    </AdminCell>
  );
}

/**
 * The admin area's list shell over a paged query: a toast when it fails, 6 skeleton rows while loading, the
 * spec's empty text, else a scrollable table with the given header, one row per item from `children`, and
 * the Load more button under the table. In a box narrower than 56rem (a phone, a tablet, the admin area
 * beside its menu) the rows are stacked cards, every action in its row (admin-table.css).
 */
export function AdminTable<T extends { id: string }>({
  query,
  texts,
  columns,
  minWidth = 'min-w-[44rem]',
  children,
}: {
  query: AdminListQuery<T>;
  /** What the list says: its failure toast (named by its text, so one at a time), loading and empty. */
  texts: { failed: string; loading: string; empty: string };
  columns: ColumnSpec[];
  /** The table's least width before it scrolls sideways. */
  minWidth?: string;
  children: (item: T) => ReactNode;
}) {
  const items = useAdminList(query, texts.failed, texts.failed);
  const cols = columns.map(toColumn);
  if (query.isPending) {
    return (
      <Card role="status" aria-live="polite" className="p-4">
        <span className="sr-only">{texts.loading}</span>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="my-2 h-12 w-full" />
        ))}
      </Card>
    );
  }
  if (items.length === 0) return <EmptyState text={texts.empty} />;
  return (
    <Card className="admin-table-box overflow-x-auto" tabIndex={0}>
      <table className={cn('admin-table w-full text-sm', minWidth)} style={columnLabels(cols)}>
        <thead>
          <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
            {cols.map((column, i) => (
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
        <tbody>
          {items.map((item) => (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ))}
        </tbody>
      </table>
      <LoadMore
        query={query}
        variant="ghost"
        size="sm"
        className="flex justify-center border-t border-line p-3"
      />
    </Card>
  );
}
