import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/** The kinds of notification the services create; a check keeps unknown kinds out. */
export const notificationTypes = [
  'message_new',
  'marketplace_new',
  'order_new',
  'order_completed',
  'order_cancelled',
  'order_update',
  'ticket_reply',
  /** A purchase took a listing's stock under its seller's threshold. */
  'stock_low',
  /** A watched cheat or listing changed status (decision 022). */
  'detection_alert',
  /** A member was @mentioned in a forum thread or reply. */
  'forum_mention',
  /** New replies in a watched forum thread, grouped: one unread per member and thread. */
  'forum_reply',
  /** Staff decided on a member's held post (issue 36). */
  'content_review',
  /** An outgoing webhook kept failing and was switched off (modules/hooks). */
  'hook_disabled',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * A member's notifications. `data` holds the target's ids (listingId, conversationUserId, orderId, ticketId,
 * threadId with replyId).
 * The index serves the bell: a member's rows, unread first, newest first.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...memberRow(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_read_created_idx').on(
      t.userId,
      t.read,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // New replies in a watched thread are one unread notification per member and thread ("3 new replies
    // in …"): the reply fan-out upserts against this index (modules/forum/watch.ts).
    uniqueIndex('notifications_forum_reply_unread_key')
      .on(t.userId, sql`(${t.data} ->> 'threadId')`)
      .where(sql`${t.type} = 'forum_reply' and ${t.read} = false`),
    // Floods grouped the same way (issue 36): one unread mention notice per member and thread, one unread
    // detection alert per member and watched cheat or listing.
    uniqueIndex('notifications_forum_mention_unread_key')
      .on(t.userId, sql`(${t.data} ->> 'threadId')`)
      .where(sql`${t.type} = 'forum_mention' and ${t.read} = false`),
    uniqueIndex('notifications_detection_alert_unread_key')
      .on(t.userId, sql`coalesce(${t.data} ->> 'cheatId', ${t.data} ->> 'listingId')`)
      .where(sql`${t.type} = 'detection_alert' and ${t.read} = false`),
    check(
      'notifications_type_check',
      sql.raw(`type in (${notificationTypes.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);
