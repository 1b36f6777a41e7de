import { ticketMessages as m } from '../../contract/messages.ts';
import { check, notFound, owner, type Rules, staff } from './rules.ts';

export interface TicketSubject {
  kind: 'ticket';
  userId: string;
  partyId: string | null;
}

export const ticket = (row: { userId: string; partyId: string | null }): TicketSubject => ({
  kind: 'ticket',
  userId: row.userId,
  partyId: row.partyId,
});

/** Its owner, the other party of a dispute, and staff; anyone else gets the same 404 as for a missing one. */
const visible = check<TicketSubject>(
  (v, t) => owner(v, t.userId) || owner(v, t.partyId) || staff(v),
  notFound(m.notFound),
);

export const ticketRules = {
  view: [visible],
  reply: [visible],
} satisfies Rules<TicketSubject>;
