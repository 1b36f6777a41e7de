import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ReportTargetType } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import {
  cheats,
  forumReplies,
  forumThreads,
  marketplaceListings,
  reports,
  socialComments,
  socialPosts,
} from '../../db/schema/index.ts';

/** The reported content's author (null when it has none, e.g. a cheat whose publisher left), or undefined if missing. */
export async function findTargetAuthor(
  db: Db,
  type: ReportTargetType,
  id: string,
): Promise<string | null | undefined> {
  const pick = async (table: PgTable, idColumn: PgColumn, author: PgColumn) => {
    const [row] = await db.select({ author }).from(table).where(eq(idColumn, id));
    return row ? ((row.author as string | null) ?? null) : undefined;
  };
  switch (type) {
    case 'post':
      return pick(socialPosts, socialPosts.id, socialPosts.userId);
    case 'comment':
      return pick(socialComments, socialComments.id, socialComments.userId);
    case 'thread':
      return pick(forumThreads, forumThreads.id, forumThreads.userId);
    case 'reply':
      return pick(forumReplies, forumReplies.id, forumReplies.userId);
    case 'cheat':
      return pick(cheats, cheats.id, cheats.publishedBy);
    case 'listing':
      return pick(marketplaceListings, marketplaceListings.id, marketplaceListings.userId);
  }
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
  db: Db,
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
