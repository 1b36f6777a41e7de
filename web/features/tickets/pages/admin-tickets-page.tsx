import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import { ticketStatusLabels } from '../../../../contract/tickets.ts';
import { AdminCell, AdminDateCell, AdminRow, AdminTable } from '../../../components/ui/admin-table.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { type AdminTicketFilter, useAdminTickets } from '../api.ts';
import { shortId, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

export function AdminTicketsPage() {
  const [status, setStatus] = useState<AdminTicketFilter>('open');
  const search = useSearchText();
  const query = useAdminTickets(status, search.q);
  const statusOptions = { all: commonUi.all, ...ticketStatusLabels };

  return (
    <Page title={ui.manageTickets} icon={LifeBuoy} intro={ui.manageIntro}>
      <SearchFilters search={{ ...search, label: ui.searchTickets, placeholder: ui.searchPlaceholder }}>
        <Segmented label={commonUi.status} value={status} options={statusOptions} onChange={setStatus} />
      </SearchFilters>
      <AdminTable
        query={query}
        texts={{ failed: m.loadFailed, loading: ui.loadingTickets, empty: m.emptyAdmin }}
        columns={[
          ui.ticket,
          ui.submittedBy,
          commonUi.status,
          { label: ui.messages, align: 'right' },
          ui.lastUpdate,
        ]}
      >
        {(t) => (
          <AdminRow>
            <AdminCell>
              <Link
                to={`/admin/tickets/${t.id}`}
                className="font-medium hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
              >
                {t.title}
              </Link>
              <p className="text-xs text-muted">#{shortId(t.id)}</p>
            </AdminCell>
            <AdminCell>{t.user.username}</AdminCell>
            <AdminCell>
              <TicketStatusBadge status={t.status} />
            </AdminCell>
            <AdminCell className="text-right tabular-nums">{t.messageCount}</AdminCell>
            <AdminDateCell at={t.updatedAt} />
          </AdminRow>
        )}
      </AdminTable>
    </Page>
  );
}
