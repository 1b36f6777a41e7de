import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { asKeyText, keyset, newestFirst } from '../../../db/cursor.ts';
import { literalLimit, readStatements, viewerPage } from '../../../db/prepared.ts';
import { forumCategories, forumThreads, profiles } from '../../../db/schema/index.ts';
import { type MemberId, unreadFor } from '../watch.ts';

/* Lists of threads: a category's, the home page's latest, a member's; their keysets. */

/** A category's threads, pinned first, then by latest activity: forum_threads_category_pinned_activity_idx. */
export const activityKeyset = keyset(
  { column: forumThreads.isPinned, kind: 'bool', dir: 'desc' },
  { column: forumThreads.lastActivityAt, kind: 'time', dir: 'desc' },
  { column: forumThreads.id, kind: 'uuid', dir: 'desc' },
);
/** Every category's threads by latest activity (the home page): forum_threads_activity_idx. */
export const latestKeyset = newestFirst(forumThreads.lastActivityAt, forumThreads.id);
/** A member's threads, newest first: forum_threads_user_created_idx. */
export const createdKeyset = newestFirst(forumThreads.createdAt, forumThreads.id);

export type KeyCursor = [at: string, id: string];
export type PinnedKeyCursor = [pinned: boolean, at: string, id: string];

const lastPoster = alias(profiles, 'last_poster');

const summary = {
  id: forumThreads.id,
  title: forumThreads.title,
  upvotes: forumThreads.upvotes,
  downvotes: forumThreads.downvotes,
  replyCount: forumThreads.replyCount,
  isPinned: forumThreads.isPinned,
  isLocked: forumThreads.isLocked,
  lastActivityAt: forumThreads.lastActivityAt,
  createdAt: forumThreads.createdAt,
  authorId: profiles.id,
  authorName: profiles.username,
  authorAvatar: profiles.avatarUrl,
  categoryId: forumCategories.id,
  categoryName: forumCategories.name,
  lastPosterId: lastPoster.id,
  lastPosterName: lastPoster.username,
};

/**
 * Threads with author, last poster and category joined, and whether the viewer has unread replies in each:
 * one statement per page.
 */
export function selectThreads<E extends Record<string, SQL>>(db: Db, viewerId: MemberId | null, extra: E) {
  return db
    .select({ ...summary, unread: viewerId ? unreadFor(viewerId) : sql<boolean>`false`, ...extra })
    .from(forumThreads)
    .innerJoin(profiles, eq(profiles.id, forumThreads.userId))
    .leftJoin(lastPoster, eq(lastPoster.id, forumThreads.lastPosterId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId));
}

const threadsInCategory = (db: Db, member: boolean, after: SQL | undefined, limit: number) =>
  selectThreads(db, member ? sql.placeholder('viewer') : null, {
    key: asKeyText(forumThreads.lastActivityAt),
  })
    .where(and(eq(forumThreads.categoryId, sql.placeholder('category')), after))
    .orderBy(...activityKeyset.orderBy)
    .limit(literalLimit(limit));
const threadsInCategoryStatement = readStatements('forum_threads_in_category', threadsInCategory);

/** A category's threads, pinned first, then most recent activity first (a prepared statement per shape). */
export async function listThreadsInCategory(
  db: Db,
  viewerId: string | null,
  categoryId: string,
  after: PinnedKeyCursor | undefined,
  limit: number,
) {
  return viewerPage(
    db,
    threadsInCategoryStatement,
    { keyset: activityKeyset, viewerId, after, limit },
    { category: categoryId },
  );
}

/** The newest threads by last activity across every category (the home page), one page. */
export async function listLatestThreads(db: Db, viewerId: string | null, limit: number) {
  return selectThreads(db, viewerId, { key: asKeyText(forumThreads.lastActivityAt) })
    .orderBy(...latestKeyset.orderBy)
    .limit(limit);
}

/** A member's threads, newest first (the profile's Forum Posts tab). */
export async function listThreadsByUser(
  db: Db,
  viewerId: string | null,
  userId: string,
  after: KeyCursor | undefined,
  limit: number,
) {
  return selectThreads(db, viewerId, { key: asKeyText(forumThreads.createdAt) })
    .where(and(eq(forumThreads.userId, userId), createdKeyset.after(after)))
    .orderBy(...createdKeyset.orderBy)
    .limit(createdKeyset.limit(limit));
}
