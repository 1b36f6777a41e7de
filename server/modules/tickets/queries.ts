import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TicketStatus } from '../../../contract/tickets.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst } from '../../db/cursor.ts';
import { profiles, ticketMessages, tickets } from '../../db/schema/index.ts';
import { byUsername, containing } from '../../db/search.ts';
import { insertRow } from '../../db/sql.ts';

/** Latest activity first: tickets_user/status/party_updated_idx. */
export const ticketKeyset = newestFirst(tickets.updatedAt, tickets.id);
export type TicketCursor = [updatedAt: string, id: string];

const messageCount = sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id})`;

/** Tickets as lists and pages show them: the row, its submitter's name and its message count. */
function selectSummaries(db: Db | Tx) {
  return db
    .select({
      row: tickets,
      updatedAtKey: asKeyText(tickets.updatedAt),
      username: profiles.username,
      messageCount,
    })
    .from(tickets)
    .innerJoin(profiles, eq(profiles.id, tickets.userId));
}

export interface TicketFilter {
  userId?: string;
  status?: TicketStatus;
  q?: string;
  after?: TicketCursor;
  limit: number;
}

/** One page of tickets, latest activity first, with submitter and message count: one statement. */
export async function listTickets(db: Db, { userId, status, q, after, limit }: TicketFilter) {
  const where: SQL[] = [];
  // A member's tickets: theirs, and the disputes they are the other party of.
  if (userId) where.push(or(eq(tickets.userId, userId), eq(tickets.partyId, userId))!);
  if (status) where.push(eq(tickets.status, status));
  if (q) where.push(or(containing(q, tickets.title), byUsername(q, tickets.userId))!);
  return selectSummaries(db)
    .where(and(...where, ticketKeyset.after(after)))
    .orderBy(...ticketKeyset.orderBy)
    .limit(ticketKeyset.limit(limit));
}

export async function findTicket(db: Db | Tx, id: string) {
  const [found] = await selectSummaries(db).where(eq(tickets.id, id));
  return found;
}

/** The ticket row locked for a write (a reply or a status change), so concurrent writes serialize. */
export async function lockTicket(tx: Tx, id: string) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

export async function listMessages(db: Db, ticketId: string) {
  return db
    .select({
      id: ticketMessages.id,
      message: ticketMessages.message,
      isStaffReply: ticketMessages.isStaffReply,
      createdAt: ticketMessages.createdAt,
      authorId: profiles.id,
      username: profiles.username,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
    })
    .from(ticketMessages)
    .innerJoin(profiles, eq(profiles.id, ticketMessages.userId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export function insertTicket(
  tx: Tx,
  values: { userId: string; title: string; orderId?: string; partyId?: string | null },
) {
  return insertRow(tx, tickets, values);
}

export function insertMessage(tx: Tx, values: typeof ticketMessages.$inferInsert) {
  return insertRow(tx, ticketMessages, values);
}

export async function updateTicket(
  tx: Tx,
  id: string,
  patch: { status?: TicketStatus; closedAt?: Date | null },
) {
  await tx
    .update(tickets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}

/** The staff members who have answered this ticket: the ones to tell about the member's next reply. */
export async function staffRepliersOf(tx: Tx, ticketId: string) {
  const rows = await tx
    .selectDistinct({ id: ticketMessages.userId })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.isStaffReply, true)));
  return rows.map((r) => r.id);
}

/** A dispute's ticket, opened for the buyer with the seller as the other party, and the buyer's reason as its first message. */
export async function openDisputeTicket(
  tx: Tx,
  input: { buyerId: string; sellerId: string | null; orderId: string; title: string; reason: string },
) {
  const [row] = await tx
    .insert(tickets)
    .values({ userId: input.buyerId, partyId: input.sellerId, orderId: input.orderId, title: input.title })
    .returning({ id: tickets.id });
  await insertMessage(tx, {
    ticketId: row!.id,
    userId: input.buyerId,
    message: input.reason,
    isStaffReply: false,
  });
  return row!.id;
}

/** A settled dispute: staff's closing message on the order's ticket, which closes. */
export async function closeDisputeTicket(
  tx: Tx,
  input: { ticketId: string; staffId: string; message: string },
) {
  await insertMessage(tx, {
    ticketId: input.ticketId,
    userId: input.staffId,
    message: input.message,
    isStaffReply: true,
  });
  await tx
    .update(tickets)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(tickets.id, input.ticketId));
}
