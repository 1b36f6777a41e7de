import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import {
  type TicketDetail,
  type TicketStatus,
  ticketStatuses,
  ticketStatusLabels,
} from '../../../../contract/tickets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useSetTicketStatus } from '../api.ts';
import { DisputeOrderPanel } from '../components/dispute-order-panel.tsx';
import { TicketConversation } from '../components/ticket-conversation.tsx';
import { TicketReplyForm } from '../components/ticket-reply-form.tsx';
import { TicketShell } from '../components/ticket-shell.tsx';
import { shortId, TicketStatusBadge } from '../components/ticket-status-badge.tsx';

/** Staff view of a ticket: who and when, status buttons (the current one disabled), conversation, reply. */
export function AdminTicketPage() {
  return (
    <TicketShell listPath="/admin/tickets" messageSkeletons={1}>
      {(ticket) => <AdminTicketView ticket={ticket} />}
    </TicketShell>
  );
}

function AdminTicketView({ ticket }: { ticket: TicketDetail }) {
  const setStatus = useSetTicketStatus();
  const changeStatus = (status: TicketStatus) =>
    setStatus.mutate({ id: ticket.id, status }, toastOutcome(m.statusUpdated, m.statusFailed));

  return (
    <>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{ticket.title}</h1>
            <TicketStatusBadge status={ticket.status} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted">
            <dt>{ui.ticket}</dt>
            <dd>#{shortId(ticket.id)}</dd>
            <dt>{ui.submittedBy}</dt>
            <dd>
              <ProfileLink person={ticket.user} className="font-medium text-fg hover:text-primary" />
            </dd>
            <dt>{ui.created}</dt>
            <dd>
              <DateTime at={ticket.createdAt} />
            </dd>
            <dt>{ui.lastUpdate}</dt>
            <dd>
              <DateTime at={ticket.updatedAt} />
            </dd>
            {ticket.closedAt && (
              <>
                <dt>{ticketStatusLabels.closed}</dt>
                <dd>
                  <DateTime at={ticket.closedAt} />
                </dd>
              </>
            )}
          </dl>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{ui.setStatus}</legend>
          {ticketStatuses.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={ticket.status === s ? 'primary' : 'outline'}
              disabled={ticket.status === s || setStatus.isPending}
              onClick={() => changeStatus(s)}
            >
              {ticketStatusLabels[s]}
            </Button>
          ))}
        </fieldset>
      </header>
      {ticket.orderId && <DisputeOrderPanel orderId={ticket.orderId} canSettle />}
      <TicketConversation messages={ticket.messages} />
      {ticket.status !== 'closed' && (
        <Card className="mt-6 p-5">
          <TicketReplyForm ticketId={ticket.id} label={ui.staffReply} />
        </Card>
      )}
    </>
  );
}
