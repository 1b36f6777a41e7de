import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { memberMarks, memberTies } from './member-marks.ts';
import { memberRow, memberRowIn } from './member-rows.ts';

/**
 * A post of the social feed. `like_count` and `comment_count` are kept exact by the service, in the same
 * transaction as the like or comment write, so a feed page reads them without counting rows.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    ...memberRow(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The feed's order (newest first, id as tie-break) and a member's own posts in that order; NULLS FIRST
    // is what a plain `ORDER BY … DESC` means, so the planner walks these indexes for the keyset pages.
    index('social_posts_feed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('social_posts_author_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('social_posts_like_count_check', sql`${t.likeCount} >= 0`),
    check('social_posts_comment_count_check', sql`${t.commentCount} >= 0`),
  ],
);

/** One like per member and post (the primary key makes a second like a no-op). */
export const postLikes = memberMarks('post_likes', 'postId', () => socialPosts.id);

/** Who follows whom; the primary key (follower first) also serves "whom do I follow". */
export const userFollowers = memberTies('user_followers', 'followerId', 'followingId');

export const socialComments = pgTable(
  'social_comments',
  {
    ...memberRowIn('postId', () => socialPosts.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A post's comments, oldest first.
    index('social_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('social_comments_user_idx').on(t.userId),
  ],
);
