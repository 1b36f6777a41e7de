import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { isStaff } from '../../../../contract/limits.ts';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import type { TicketDetail } from '../../../../contract/tickets.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { useSession } from '../../../lib/session.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import { DisputeOrderPanel } from '../components/dispute-order-panel.tsx';
import { TicketConversation } from '../components/ticket-conversation.tsx';
import { TicketReplyForm } from '../components/ticket-reply-form.tsx';
import { TicketShell } from '../components/ticket-shell.tsx';
import { shortId, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

/** A member's ticket: conversation and reply form; a closed ticket shows the spec's note instead. */
export function TicketPage() {
  return (
    <TicketShell listPath="/tickets" width="max-w-3xl" messageSkeletons={2}>
      {(ticket) => <TicketView ticket={ticket} />}
    </TicketShell>
  );
}

function TicketView({ ticket }: { ticket: TicketDetail }) {
  const { user } = useSession();
  return (
    <>
      <header className="mb-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {ticket.title}
          </h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="mt-1 text-sm text-muted">
          #{shortId(ticket.id)} · {withParts(ui.opened, <DateTime at={ticket.createdAt} />)}
        </p>
      </header>
      {ticket.orderId && (
        <DisputeOrderPanel orderId={ticket.orderId} canSettle={Boolean(user && isStaff(user.role))} />
      )}
      <TicketConversation messages={ticket.messages} />
      <div className="mt-6">
        {ticket.status === 'closed' ? (
          <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
            <Lock className="size-5 shrink-0 text-muted" aria-hidden="true" />
            <p className="flex-1 text-sm">{m.closed}</p>
            <Link to="/tickets/create" className={buttonClasses('primary', 'sm')}>
              {ui.createNewTicket}
            </Link>
          </Card>
        ) : (
          <Card className="p-5">
            <TicketReplyForm ticketId={ticket.id} />
          </Card>
        )}
      </div>
    </>
  );
}
