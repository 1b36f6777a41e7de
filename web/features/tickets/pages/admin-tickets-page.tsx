import { LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
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
      <AdminTable
        loading={query.isPending}
        loadingLabel="Loading tickets…"
        isEmpty={items.length === 0}
        emptyText={m.emptyAdmin}
        minWidth="min-w-[44rem]"
        columns={[
          { label: 'Ticket' },
          { label: 'Submitted by' },
          { label: 'Status' },
          { label: 'Messages', align: 'right' },
          { label: 'Last update' },
        ]}
        pages={query}
      >
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
      </AdminTable>
    </div>
  );
}
