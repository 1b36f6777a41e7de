import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId } from './columns.ts';
import { memberTies } from './member-marks.ts';

/**
 * A private message between two members. Each side deletes its copy of a conversation on its own
 * (`deleted_by_sender` / `deleted_by_recipient`): a conversation deleted by me stays with the other member.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: primaryId(),
    senderId: belongsTo('sender_id', () => profiles.id),
    recipientId: belongsTo('recipient_id', () => profiles.id),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    /** It names a way to trade off the site (Discord, Telegram, mail, phone): both sides see a warning. */
    offPlatform: boolean('off_platform').notNull().default(false),
    deletedBySender: boolean('deleted_by_sender').notNull().default(false),
    deletedByRecipient: boolean('deleted_by_recipient').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A thread in either direction, in time order; also the conversation list's per-counterpart latest row.
    index('direct_messages_pair_idx').on(t.senderId, t.recipientId, t.createdAt, t.id),
    index('direct_messages_pair_rev_idx').on(t.recipientId, t.senderId, t.createdAt, t.id),
    // A member's messages of the last day, for the trust level's new-contacts limit.
    index('direct_messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('direct_messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.read} = false`),
    check('direct_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/** A member blocking another: neither can message the other while the row exists. */
export const userBlocks = memberTies('user_blocks', 'blockerId', 'blockedId');

/**
 * One row per member and counterpart they can see messages with: the latest visible message and how many are
 * unread. Kept in the same transaction as every send, read and delete, so the conversation list is a keyset
 * scan of `conversations_list_idx` instead of a pass over every message the member ever exchanged.
 */
export const conversations = pgTable(
  'conversations',
  {
    ownerId: belongsTo('owner_id', () => profiles.id),
    otherId: belongsTo('other_id', () => profiles.id),
    lastMessageId: belongsTo('last_message_id', () => directMessages.id),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.otherId] }),
    index('conversations_list_idx').on(t.ownerId, t.lastAt.desc(), t.otherId.desc()),
    check('conversations_unread_not_negative', sql`${t.unread} >= 0`),
  ],
);
