import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { reportStatuses, reportTargetTypes } from '../../../contract/reports.ts';
import { cheats } from './catalogue.ts';
import { createdAt, primaryId } from './columns.ts';
import { forumReplies, forumThreads } from './forum.ts';
import { marketplaceListings } from './marketplace.ts';
import { memberOrGone } from './member-rows.ts';
import { socialComments, socialPosts } from './social.ts';

/**
 * A member's report about one piece of content. `target_type` says what was reported; its id column is
 * set (exactly one at insert). Deleting the content nulls the id but keeps the report and its history,
 * so the check allows at most one id and requires the named one while it is still there.
 */
export const reports = pgTable(
  'reports',
  {
    id: primaryId(),
    userId: memberOrGone('user_id'),
    reason: text('reason').notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('pending'),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    postId: uuid('post_id').references(() => socialPosts.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => socialComments.id, { onDelete: 'set null' }),
    threadId: uuid('thread_id').references(() => forumThreads.id, { onDelete: 'set null' }),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'set null' }),
    cheatId: uuid('cheat_id').references(() => cheats.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    resolvedBy: memberOrGone('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reports_one_target_check',
      sql`num_nonnulls(${t.postId}, ${t.commentId}, ${t.threadId}, ${t.replyId}, ${t.cheatId}, ${t.listingId}) <= 1`,
    ),
    check(
      'reports_target_matches_type_check',
      sql`(${t.postId} is null or ${t.targetType} = 'post') and (${t.commentId} is null or ${t.targetType} = 'comment')
        and (${t.threadId} is null or ${t.targetType} = 'thread') and (${t.replyId} is null or ${t.targetType} = 'reply')
        and (${t.cheatId} is null or ${t.targetType} = 'cheat') and (${t.listingId} is null or ${t.targetType} = 'listing')`,
    ),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reports_user_idx').on(t.userId),
  ],
);
