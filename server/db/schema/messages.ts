import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';

/**
 * A private message between two members. Each side deletes its copy of a conversation on its own
 * (`deleted_by_sender` / `deleted_by_recipient`): a conversation deleted by me stays with the other member.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    deletedBySender: boolean('deleted_by_sender').notNull().default(false),
    deletedByRecipient: boolean('deleted_by_recipient').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A thread in either direction, in time order; also the conversation list's per-counterpart latest row.
    index('direct_messages_pair_idx').on(t.senderId, t.recipientId, t.createdAt, t.id),
    index('direct_messages_pair_rev_idx').on(t.recipientId, t.senderId, t.createdAt, t.id),
    index('direct_messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.read} = false`),
    check('direct_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/** A member blocking another: neither can message the other while the row exists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
