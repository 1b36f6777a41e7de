import { Pin, PinOff } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { toastOutcome } from '../../lib/toast-outcome.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import './admin-table.css';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';
import { LoadMore, type PagedQuery } from './load-more.tsx';
import { SearchInput } from './search-input.tsx';
import { Skeleton } from './skeleton.tsx';

interface AdminColumn {
  label: string;
  align?: 'right';
}

/** A column by its label (an Actions column sits at the right edge), or with its alignment. */
type ColumnSpec = string | AdminColumn;

const toColumn = (spec: ColumnSpec): AdminColumn =>
  typeof spec === 'string' ? { label: spec, align: spec === 'Actions' ? 'right' : undefined } : spec;

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

interface AdminListQuery<T> extends PagedQuery {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A paged admin list's rows so far; a failed load is a toast (one per list, however often it fails). */
export function useAdminList<T>(query: AdminListQuery<T>, failedText: string, toastId: string): T[] {
  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, failedText), { id: toastId });
  }, [query.isError, query.error, failedText, toastId]);
  return query.data?.pages.flatMap((p) => p.items) ?? [];
}

/** Asks before a row action: the row waiting for confirmation, and the dialog's open state bound to it. */
export function useRowConfirm<T>() {
  const [row, setRow] = useState<T | undefined>();
  return {
    row,
    ask: setRow,
    close: () => setRow(undefined),
    dialog: { open: row !== undefined, onOpenChange: (open: boolean) => !open && setRow(undefined) },
  };
}

const iconButton =
  'grid size-9 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary';

interface RowRemover {
  mutate: (id: string, outcome: ReturnType<typeof toastOutcome<unknown>>) => void;
  isPending: boolean;
}

/** Deleting a row, asked first: `ask(row)` opens the dialog, whose confirm deletes it with toasts. */
export function useRowDelete<T extends { id: string }>(remove: RowRemover, done: string, failed: string) {
  const confirm = useRowConfirm<T>();
  const { row, close } = confirm;
  return {
    row,
    ask: confirm.ask,
    dialog: {
      ...confirm.dialog,
      pending: remove.isPending,
      onConfirm: () => row && remove.mutate(row.id, toastOutcome(done, failed, close)),
    },
  };
}

/** An icon-only row action; its label names the action and the row ("Delete Aimbot"). */
export function AdminIconButton({
  label,
  danger,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cn(iconButton, danger && 'hover:text-danger')}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function AdminIconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={iconButton} aria-label={label}>
      {children}
    </Link>
  );
}

export function AdminPinButton({
  pinned,
  title,
  onClick,
}: {
  pinned: boolean;
  title: string;
  onClick: () => void;
}) {
  return (
    <AdminIconButton label={`${pinned ? 'Unpin' : 'Pin'} ${title}`} onClick={onClick}>
      {pinned ? (
        <PinOff className="size-4" aria-hidden="true" />
      ) : (
        <Pin className="size-4" aria-hidden="true" />
      )}
    </AdminIconButton>
  );
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
            {pinned && <Pin className="size-3.5 text-primary" aria-label="Pinned" />}
            <span className="truncate">{title}</span>
          </p>
          {children}
        </div>
      </div>
    </AdminCell>
  );
}

/** The search box and filters above an admin list, side by side from `from` up. */
export function AdminFilters({
  search,
  from = 'sm',
  children,
}: {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  from?: 'sm' | 'lg';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mb-4 flex flex-col gap-3',
        from === 'sm' ? 'sm:flex-row sm:items-center' : 'lg:flex-row lg:items-center',
      )}
    >
      <SearchInput
        label={search.label}
        placeholder={search.placeholder}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
        className="flex-1"
      />
      {children}
    </div>
  );
}

/** A search box's text and the trimmed query it settles on (spec §9: 300 ms). */
export function useSearchText() {
  const [text, setText] = useState('');
  return { value: text, onChange: setText, q: useDebouncedValue(text.trim()) };
}

export function AdminRow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <tr className={cn('border-b border-line last:border-0 hover:bg-surface-2/50', className)}>{children}</tr>
  );
}

export function AdminCell({ className, children }: { className?: string; children?: ReactNode }) {
  return <td className={cn('px-4 py-3', className)}>{children}</td>;
}

/** The last cell's buttons, at the row's right edge. */
export function AdminRowActions({
  gap = 'gap-1',
  children,
}: {
  gap?: 'gap-1' | 'gap-2';
  children: ReactNode;
}) {
  return (
    <AdminCell>
      <div className={cn('flex items-center justify-end', gap)}>{children}</div>
    </AdminCell>
  );
}

/**
 * The admin area's list shell over a paged query: a toast when it fails, 6 skeleton rows while loading, the
 * spec's empty text, else a scrollable table with the given header, one row per item from `children`, and
 * the Load more button under the table. In a box narrower than 56rem (a phone, a tablet, the admin area
 * beside its menu) the rows are stacked cards, every action in its row (admin-table.css).
 */
export function AdminTable<T>({
  id,
  query,
  failedText,
  loadingLabel,
  emptyText,
  columns,
  minWidth,
  children,
}: {
  /** Names the list's failure toast (`<id>-load`), so a list that keeps failing shows one. */
  id: string;
  query: AdminListQuery<T>;
  failedText: string;
  loadingLabel: string;
  emptyText: string;
  columns: ColumnSpec[];
  minWidth: string;
  children: (item: T) => ReactNode;
}) {
  const items = useAdminList(query, failedText, `${id}-load`);
  const cols = columns.map(toColumn);
  if (query.isPending) {
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
  if (items.length === 0) return <EmptyState text={emptyText} />;
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
        <tbody>{items.map(children)}</tbody>
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
