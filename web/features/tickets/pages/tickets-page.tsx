import { ChevronRight, LifeBuoy, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { withParts } from '../../../lib/text-parts.tsx';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useMyTickets } from '../api.ts';
import { shortId, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

export function TicketsPage() {
  const query = useMyTickets();
  useFailureToast(query.isError, 'tickets-load', m.loadFailed, query.error);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const newTicket = (
    <ButtonLink to="/tickets/create" icon={Plus}>
      {ui.newTicket}
    </ButtonLink>
  );

  return (
    <Page
      width="max-w-3xl"
      title={ui.supportTickets}
      icon={LifeBuoy}
      intro={ui.ticketsIntro}
      actions={newTicket}
    >
      {query.isPending ? (
        <SkeletonRows label={ui.loadingTickets} rows={4} className="h-20 w-full rounded-2xl" />
      ) : items.length === 0 ? (
        <EmptyState text={m.empty} icon={<LifeBuoy className="size-8" aria-hidden="true" />} />
      ) : (
        <ul aria-label={ui.myTickets} className="flex flex-col gap-3">
          {items.map((ticket) => (
            <li key={ticket.id}>
              <Link
                to={`/tickets/${ticket.id}`}
                className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Card className="flex items-center gap-4 p-4 transition-colors hover:border-primary/50">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{ticket.title}</p>
                    <p className="mt-1 text-xs text-muted">
                      #{shortId(ticket.id)} · {ui.messageCount(ticket.messageCount)} ·{' '}
                      {withParts(ui.updated, <DateTime at={ticket.updatedAt} />)}
                    </p>
                  </div>
                  <TicketStatusBadge status={ticket.status} />
                  <ChevronRight className="size-4 text-muted" aria-hidden="true" />
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={query} label={shellUi.loadMore} variant="ghost" className="mt-4 flex justify-center" />
    </Page>
  );
}
