import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { ReportStatus, ReportTargetType } from '../../../contract/reports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst } from '../../db/cursor.ts';
import {
  cheats,
  forumReplies,
  forumThreads,
  marketplaceListings,
  profiles,
  reports,
  socialComments,
  socialPosts,
  uploads,
} from '../../db/schema/index.ts';
import { deleteCheat } from '../cheats/queries.ts';
import { deleteListing } from '../commerce/listings/queries/selling.ts';
import { deleteReply } from '../forum/queries/replies.ts';
import { deleteThread } from '../forum/queries/threads.ts';
import { deleteComment, deletePost } from '../social/queries.ts';

/** Each kind of reported content: its table, and the column naming its author. */
const targetTables: Record<ReportTargetType, { table: PgTable & { id: PgColumn }; author: PgColumn }> = {
  post: { table: socialPosts, author: socialPosts.userId },
  comment: { table: socialComments, author: socialComments.userId },
  thread: { table: forumThreads, author: forumThreads.userId },
  reply: { table: forumReplies, author: forumReplies.userId },
  cheat: { table: cheats, author: cheats.publishedBy },
  listing: { table: marketplaceListings, author: marketplaceListings.userId },
};

/** The reported content's author (null when it has none, e.g. a cheat whose publisher left), or undefined if missing. */
export async function findTargetAuthor(
  db: Db | Tx,
  type: ReportTargetType,
  id: string,
): Promise<string | null | undefined> {
  const { table, author } = targetTables[type];
  const [row] = await db.select({ author }).from(table).where(eq(table.id, id));
  return row ? ((row.author as string | null) ?? null) : undefined;
}

const targetColumn = {
  post: 'postId',
  comment: 'commentId',
  thread: 'threadId',
  reply: 'replyId',
  cheat: 'cheatId',
  listing: 'listingId',
} as const;

export async function insertReport(
  db: Db | Tx,
  userId: string,
  type: ReportTargetType,
  targetId: string,
  reason: string,
) {
  const [row] = await db
    .insert(reports)
    .values({ userId, reason, targetType: type, [targetColumn[type]]: targetId })
    .returning({ id: reports.id, status: reports.status });
  return row!;
}

// --- staff moderation --------------------------------------------------------------------------------

/** Newest first: reports_created_idx / reports_status_created_idx. */
export const reportKeyset = newestFirst(reports.createdAt, reports.id);
export type ReportCursor = [createdAt: string, id: string];

const reporter = alias(profiles, 'reporter');
const resolver = alias(profiles, 'resolver');
const author = alias(profiles, 'author');
const previewLength = 160;

const authorId = sql`coalesce(${socialPosts.userId}, ${socialComments.userId}, ${forumThreads.userId},
  ${forumReplies.userId}, ${cheats.publishedBy}, ${marketplaceListings.userId})`;

/**
 * The images we still host that the reported content shows (its image field, the `/media` addresses in a
 * thread's or reply's text), as `<id>.<ext>`, oldest first: null when none.
 */
const imagesShown = sql<string[] | null>`(
  select array_agg(${uploads.id}::text || case when ${uploads.mime} = 'image/png' then '.png' else '.webp' end
    order by ${uploads.createdAt}, ${uploads.id})
  from ${uploads}
  where ${uploads.id} in (
    select (m)[1]::uuid from regexp_matches(
      concat_ws(' ', ${socialPosts.imageUrl}, ${marketplaceListings.imageUrl}, ${forumThreads.content}, ${forumReplies.content}),
      '/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(webp|png)', 'g') as m))`;

/**
 * One page of reports for staff, newest first, with reporter, resolver, the reported content (a short
 * preview and what is needed for its link) and its author: one statement whatever the page size.
 */
export async function listReports(db: Db, f: { status?: ReportStatus; after?: ReportCursor; limit: number }) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(reports.status, f.status));
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      status: reports.status,
      targetType: reports.targetType,
      createdAt: reports.createdAt,
      createdAtKey: asKeyText(reports.createdAt),
      resolvedAt: reports.resolvedAt,
      reporterId: reporter.id,
      reporterName: reporter.username,
      resolverId: resolver.id,
      resolverName: resolver.username,
      targetId: sql<string | null>`coalesce(${reports.postId}, ${reports.commentId}, ${reports.threadId},
        ${reports.replyId}, ${reports.cheatId}, ${reports.listingId})`,
      preview: sql<string | null>`coalesce(left(${socialPosts.content}, ${previewLength}),
        left(${socialComments.content}, ${previewLength}), ${forumThreads.title},
        left(${forumReplies.content}, ${previewLength}), ${cheats.title}, ${marketplaceListings.title})`,
      images: imagesShown,
      commentPostId: socialComments.postId,
      replyThreadId: forumReplies.threadId,
      authorId: author.id,
      authorName: author.username,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.userId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
    .leftJoin(socialPosts, eq(socialPosts.id, reports.postId))
    .leftJoin(socialComments, eq(socialComments.id, reports.commentId))
    .leftJoin(forumThreads, eq(forumThreads.id, reports.threadId))
    .leftJoin(forumReplies, eq(forumReplies.id, reports.replyId))
    .leftJoin(cheats, eq(cheats.id, reports.cheatId))
    .leftJoin(marketplaceListings, eq(marketplaceListings.id, reports.listingId))
    .leftJoin(author, sql`${author.id} = ${authorId}`)
    .where(and(...where, reportKeyset.after(f.after)))
    .orderBy(...reportKeyset.orderBy)
    .limit(reportKeyset.limit(f.limit));
}

/** The report, locked until the transaction ends, so two staff decisions on it cannot interleave. */
export async function lockReport(tx: Tx, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Pending → resolved or dismissed, recording who and when; undefined when it was no longer pending. */
export async function decideReport(tx: Tx, id: string, status: 'resolved' | 'dismissed', resolvedBy: string) {
  const [row] = await tx
    .update(reports)
    .set({ status, resolvedBy, resolvedAt: sql`now()` })
    .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
    .returning();
  return row;
}

export type ReportRow = typeof reports.$inferSelect;

/** The reported content's id (null once deleted). */
export function targetIdOf(r: ReportRow): string | null {
  return r.postId ?? r.commentId ?? r.threadId ?? r.replyId ?? r.cheatId ?? r.listingId ?? null;
}

/**
 * Deletes the reported content through the module that owns it, which keeps its counters right (a post's
 * comments, a thread's replies, a category's threads). Returns the deleted content's author and text, or
 * undefined when it was already gone.
 */
export async function deleteTarget(tx: Tx, type: ReportTargetType, id: string) {
  switch (type) {
    case 'post':
      return deletePost(tx, id);
    case 'comment':
      return deleteComment(tx, id);
    case 'thread':
      return deleteThread(tx, id);
    case 'reply':
      return deleteReply(tx, id);
    case 'cheat':
      return deleteCheat(tx, id);
    case 'listing':
      return deleteListing(tx, id, false);
  }
}
