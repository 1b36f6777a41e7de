import type { ReactNode } from 'react';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { type AdminListQuery, useAdminList } from '../../../lib/admin-list.ts';
import { CsvLink } from './csv-link.tsx';

/**
 * The member's deposits or withdrawals: a status filter and the CSV above, skeleton rows while loading, the
 * contract's empty text, else one list item per row and Load more.
 */
export function MoneyList<T extends { id: string }, F extends string>({
  label,
  filter,
  csv,
  query,
  texts,
  children,
}: {
  label: string;
  filter: { value: F; options: Record<F, string>; onChange: (value: F) => void };
  csv: { href: string; label: string };
  query: AdminListQuery<T>;
  texts: { failed: string; loading: string; empty: string; toastId: string };
  children: (item: T) => ReactNode;
}) {
  const items = useAdminList(query, texts.failed, texts.toastId);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <Select
          label={commonUi.status}
          value={filter.value}
          onChange={(e) => filter.onChange(e.target.value as F)}
          className="w-full sm:w-56"
        >
          {(Object.entries(filter.options) as [F, string][]).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
        <CsvLink href={csv.href} label={csv.label} />
      </div>
      {query.isPending ? (
        <SkeletonRows label={texts.loading} rows={4} gap="gap-2" className="h-16 w-full" />
      ) : items.length === 0 ? (
        <EmptyState text={texts.empty} />
      ) : (
        <ul aria-label={label} className="-mx-5 border-t border-line">
          {items.map((item) => (
            <li key={item.id} className="border-b border-line px-5 py-3 last:border-0">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={query} className="mt-4 flex justify-center" />
    </>
  );
}
