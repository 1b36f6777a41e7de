import { ticketMessages as m, messages } from '../../../contract/messages.ts';
import { notices } from '../../../contract/texts/notices.ts';
import {
  type NewTicketBody,
  type TicketDetail,
  type TicketPage,
  type TicketStatus,
  type TicketSummary,
  ticketPageSize,
} from '../../../contract/tickets.ts';
import type { Db } from '../../db/client.ts';
import { unlessAll } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, canModerate, ensure, isSelf, ticket as ticketSubject } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import * as q from './queries.ts';

type SummaryRow = NonNullable<Awaited<ReturnType<typeof q.findTicket>>>;

function toSummary({ row, username, messageCount }: SummaryRow): TicketSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    orderId: row.orderId,
    user: { id: row.userId, username },
  };
}

async function page(
  db: Db,
  filter: Omit<q.TicketFilter, 'after' | 'limit'> & { cursor?: string },
): Promise<TicketPage> {
  const after = q.ticketKeyset.decode(filter.cursor);
  const found = await q.listTickets(db, { ...filter, after, limit: ticketPageSize });
  return q.ticketKeyset.page(found, ticketPageSize, (r) => [r.updatedAtKey, r.row.id], toSummary);
}

/** The member's own tickets, latest activity first (spec §2 Tickets). */
export function listMyTickets(db: Db, viewer: Viewer, query: { cursor?: string }) {
  return page(db, { userId: viewer.id, cursor: query.cursor });
}

/** Staff: every ticket, default open, searchable by title or submitter (spec §2 Admin, §9). */
export function listTicketsForStaff(
  db: Db,
  viewer: Viewer,
  query: { status: 'all' | TicketStatus; q?: string; cursor?: string },
) {
  ensure(canModerate(viewer), messages.forbidden);
  return page(db, {
    status: unlessAll(query.status),
    q: query.q || undefined,
    cursor: query.cursor,
  });
}

/** A new ticket starts open with its first message. */
export async function createTicket(db: Db, viewer: Viewer, body: NewTicketBody) {
  const id = await db.transaction(async (tx) => {
    const ticket = await q.insertTicket(tx, { userId: viewer.id, title: body.title });
    await q.insertMessage(tx, {
      ticketId: ticket.id,
      userId: viewer.id,
      message: body.message,
      isStaffReply: false,
    });
    return ticket.id;
  });
  return getTicket(db, viewer, id);
}

/** The owner or staff see a ticket; anyone else gets the same 404 as for a missing one. */
export async function getTicket(db: Db, viewer: Viewer, id: string): Promise<TicketDetail> {
  const found = orNotFound(await q.findTicket(db, id), m.notFound);
  authorize(viewer, 'view', ticketSubject(found.row));
  const rows = await q.listMessages(db, id);
  return {
    ...toSummary(found),
    messages: rows.map((r) => ({
      id: r.id,
      message: r.message,
      isStaffReply: r.isStaffReply,
      createdAt: r.createdAt.toISOString(),
      author: { id: r.authorId, username: r.username, role: r.role, avatarUrl: r.avatarUrl },
    })),
  };
}

/**
 * A reply by the owner or staff. Closed tickets refuse replies; a staff reply to an open ticket moves it
 * to in_progress. The other side is notified in the same transaction.
 */
export async function replyToTicket(db: Db, viewer: Viewer, id: string, message: string) {
  await db.transaction(async (tx) => {
    const ticket = orNotFound(await q.lockTicket(tx, id), m.notFound);
    authorize(viewer, 'reply', ticketSubject(ticket));
    if (ticket.status === 'closed') throw new AppError('CONFLICT', m.closed);
    const parties = [ticket.userId, ticket.partyId].filter((p): p is string => Boolean(p));
    const staffReply = !parties.includes(viewer.id);
    await q.insertMessage(tx, { ticketId: id, userId: viewer.id, message, isStaffReply: staffReply });
    await q.updateTicket(tx, id, staffReply && ticket.status === 'open' ? { status: 'in_progress' } : {});
    // Staff replies reach both parties of a dispute; a party's reply reaches the other party and staff.
    const others = parties.filter((p) => !isSelf(viewer, p));
    const recipients = staffReply ? parties : [...others, ...(await q.staffRepliersOf(tx, id))];
    for (const userId of new Set(recipients)) {
      await notify(tx, {
        userId,
        type: 'ticket_reply',
        title: staffReply ? notices.staffRepliedTitle : notices.ticketReplyTitle,
        content: ticket.title,
        data: { ticketId: id },
      });
    }
  });
  return getTicket(db, viewer, id);
}

/** Staff set any status; closing records closed_at, reopening clears it. */
export async function setTicketStatus(db: Db, viewer: Viewer, id: string, status: TicketStatus) {
  ensure(canModerate(viewer), m.onlyStaffStatus);
  await db.transaction(async (tx) => {
    const ticket = orNotFound(await q.lockTicket(tx, id), m.notFound);
    if (ticket.status === status) return;
    await q.updateTicket(tx, id, { status, closedAt: status === 'closed' ? new Date() : null });
    await audit(tx, viewer, {
      action: 'ticket.status',
      targetType: 'ticket',
      targetId: id,
      before: { status: ticket.status },
      after: { status },
    });
  });
  return getTicket(db, viewer, id);
}
