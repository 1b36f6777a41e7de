import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import type { TicketDetail } from '../../../../contract/tickets.ts';
import { DetailPage, isMissing } from '../../../components/ui/detail-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useTicket } from '../api.ts';

/**
 * The ticket in the route, for its member or for staff: back to `listPath`; a ticket that cannot be opened
 * is a toast (the spec's not-found words, else the server's message) and a return to the list.
 */
export function TicketShell({
  listPath,
  width,
  messageSkeletons,
  children,
}: {
  listPath: string;
  width?: 'max-w-3xl';
  messageSkeletons: 1 | 2;
  children: (ticket: TicketDetail) => ReactNode;
}) {
  const { ticketId = '' } = useParams();
  return (
    <DetailPage
      query={useTicket(ticketId)}
      back={{ to: listPath, label: ui.supportTickets }}
      width={width}
      loadingLabel={ui.loadingTicket}
      skeleton={
        <>
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="mt-6 h-28 w-full rounded-2xl" />
          {messageSkeletons === 2 && <Skeleton className="mt-3 h-28 w-full rounded-2xl" />}
        </>
      }
      failedText={(err) => (isMissing(err) ? m.notFound : errorMessage(err, m.detailFailed))}
    >
      {children}
    </DetailPage>
  );
}
