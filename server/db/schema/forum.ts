import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId, trigramIndex } from './columns.ts';
import { memberMarks } from './member-marks.ts';
import { memberOrGone, memberRowIn } from './member-rows.ts';

/** Forum sections; the defaults are inserted at start-up when there are none (modules/forum/seed.ts). */
export const forumCategories = pgTable(
  'forum_categories',
  {
    id: primaryId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Kept in the row so the category list never counts threads. */
    threadCount: integer('thread_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('forum_categories_name_key').on(sql`lower(${t.name})`),
    index('forum_categories_position_idx').on(t.position, t.name),
  ],
);

/** A thread (spec: posts). Counters live in the row and move in the same transaction as their source. */
export const forumThreads = pgTable(
  'forum_threads',
  {
    ...memberRowIn('categoryId', () => forumCategories.id),
    title: text('title').notNull(),
    /** The Markdown source as written. */
    content: text('content').notNull(),
    /** `content` rendered and sanitized at write time (modules/forum/markdown.ts); what pages show. */
    contentHtml: text('content_html').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Who wrote the latest reply (the author until the first one), for the thread lists. */
    lastPosterId: memberOrGone('last_poster_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'forum_threads_counts_check',
      sql`${t.upvotes} >= 0 and ${t.downvotes} >= 0 and ${t.replyCount} >= 0`,
    ),
    // Pinned first, then latest activity: the category list's keyset reads this index in order.
    index('forum_threads_category_pinned_activity_idx').on(
      t.categoryId,
      t.isPinned.desc(),
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
    // The home page's latest threads across categories.
    index('forum_threads_activity_idx').on(t.lastActivityAt.desc(), t.id.desc()),
    trigramIndex('forum_threads_title_trgm_idx', t.title),
    trigramIndex('forum_threads_content_trgm_idx', t.content),
    index('forum_threads_title_lower_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
    index('forum_threads_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** One vote per member per thread: +1 or -1. */
export const forumVotes = pgTable(
  'forum_votes',
  {
    threadId: belongsTo('thread_id', () => forumThreads.id),
    userId: belongsTo('user_id', () => profiles.id),
    value: smallint('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    check('forum_votes_value_check', sql`${t.value} in (-1, 1)`),
    index('forum_votes_user_idx').on(t.userId),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    ...memberRowIn('threadId', () => forumThreads.id),
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    /** Kept in the row (forum_reply_likes moves it in the same transaction), so a page never counts likes. */
    likeCount: integer('like_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('forum_replies_like_count_check', sql`${t.likeCount} >= 0`),
    index('forum_replies_thread_created_idx').on(t.threadId, t.createdAt, t.id),
    index('forum_replies_user_idx').on(t.userId),
  ],
);

/**
 * The text a thread or reply had before an edit (staff read the history). `replyId` null: the thread's own
 * title and body; otherwise that reply's body (`title` null).
 */
export const forumRevisions = pgTable(
  'forum_revisions',
  {
    id: primaryId(),
    threadId: belongsTo('thread_id', () => forumThreads.id),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    /** Who made the edit that replaced this text. */
    editorId: memberOrGone('editor_id'),
    title: text('title'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_revisions_thread_idx').on(t.threadId, t.createdAt),
    index('forum_revisions_reply_idx').on(t.replyId, t.createdAt).where(sql`${t.replyId} is not null`),
  ],
);

/**
 * The members a thread (`replyId` null) or a reply has notified by @mention: each at most once per post,
 * however often it is edited, and at most forumMentionNotifyLimit per post.
 */
export const forumMentions = pgTable(
  'forum_mentions',
  {
    threadId: belongsTo('thread_id', () => forumThreads.id),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: belongsTo('user_id', () => profiles.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('forum_mentions_post_user_key').on(t.threadId, t.replyId, t.userId).nullsNotDistinct(),
    index('forum_mentions_reply_idx').on(t.replyId).where(sql`${t.replyId} is not null`),
    index('forum_mentions_user_idx').on(t.userId),
  ],
);

/** One like per member per reply; `forum_replies.like_count` follows it. */
export const forumReplyLikes = memberMarks('forum_reply_likes', 'replyId', () => forumReplies.id);

/**
 * A member's relation to a thread (Discourse's topic_users): whether they watch it, and how far they have
 * read. The read position is the last reply read, as the reply list's keyset key (`last_read_at` = its
 * created_at, `last_read_reply_id` = its id; no reply id: only the opening post). A watched thread whose
 * last activity is after `last_read_at` is unread (decision 017, addendum "What's new").
 */
export const forumThreadUsers = pgTable(
  'forum_thread_users',
  {
    userId: belongsTo('user_id', () => profiles.id),
    threadId: belongsTo('thread_id', () => forumThreads.id),
    watching: boolean('watching').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastReadReplyId: uuid('last_read_reply_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.threadId] }),
    // The reply fan-out: a thread's watchers.
    index('forum_thread_users_watchers_idx').on(t.threadId).where(sql`${t.watching}`),
  ],
);
