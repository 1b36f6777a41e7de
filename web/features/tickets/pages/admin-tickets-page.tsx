import { LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type AdminTicketFilter, useAdminTickets } from '../api.ts';
import { shortId, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'closed', label: 'Closed' },
] as const;

export function AdminTicketsPage() {
  const [status, setStatus] = useState<AdminTicketFilter>('open');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const query = useAdminTickets(status, q);
  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, m.loadFailed), { id: 'admin-tickets-load' });
  }, [query.isError, query.error]);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div>
      <PageHeader
        title="Manage Tickets"
        icon={<LifeBuoy className="size-6" aria-hidden="true" />}
        description="Answer members' support tickets and keep their status current."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          label="Search tickets"
          placeholder="Search by title or username..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="flex-1"
        />
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </div>
      {query.isPending ? (
        <Card role="status" aria-live="polite" className="p-4">
          <span className="sr-only">Loading tickets…</span>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="my-2 h-12 w-full" />
          ))}
        </Card>
      ) : items.length === 0 ? (
        <EmptyState text={m.emptyAdmin} />
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ticket
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Submitted by
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Messages
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Last update
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr key={t.id} className="border-b border-line last:border-0 hover:bg-surface-2/50">
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/tickets/${t.id}`}
                      className="font-medium hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {t.title}
                    </Link>
                    <p className="text-xs text-muted">#{shortId(t.id)}</p>
                  </td>
                  <td className="px-4 py-3">{t.user.username}</td>
                  <td className="px-4 py-3">
                    <TicketStatusBadge status={t.status} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{t.messageCount}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted">
                    <time dateTime={toIsoString(t.updatedAt)}>{formatDateLong(t.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {query.hasNextPage && (
            <div className="flex justify-center border-t border-line p-3">
              <Button
                variant="ghost"
                size="sm"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
