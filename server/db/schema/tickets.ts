import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ticketStatuses } from '../../../contract/tickets.ts';
import { createdAt, timestamps } from './columns.ts';
import { marketplaceOrders } from './marketplace.ts';
import { memberOrGone, memberRow, memberRowIn } from './member-rows.ts';

/** Support tickets (spec §3): newest activity first, so `updated_at` moves on every message. */
export const tickets = pgTable(
  'tickets',
  {
    ...memberRow(),
    title: text('title').notNull(),
    /** A dispute ticket: the order it is about, and the other party (the seller), who may read and reply. */
    orderId: uuid('order_id').references(() => marketplaceOrders.id, { onDelete: 'set null' }),
    partyId: memberOrGone('party_id'),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    ...timestamps(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('tickets_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('tickets_status_updated_idx').on(t.status, t.updatedAt.desc(), t.id.desc()),
    // Staff's list of every ticket.
    index('tickets_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('tickets_party_updated_idx').on(t.partyId, t.updatedAt.desc(), t.id.desc()),
    uniqueIndex('tickets_order_key').on(t.orderId),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    ...memberRowIn('ticketId', () => tickets.id),
    message: text('message').notNull(),
    isStaffReply: boolean('is_staff_reply').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);
