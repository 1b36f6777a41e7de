import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cheats,
  postLikes,
  profiles,
  socialComments,
  socialPosts,
  userFollowers,
} from '../../db/schema/index.ts';

/** A keyset position: the row's created_at in microseconds since the epoch (exact) and its id. */
export interface Keyset {
  micros: string;
  id: string;
}

const micros = (column: typeof socialPosts.createdAt | typeof socialComments.createdAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (at: Keyset) =>
  sql`(timestamptz 'epoch' + ${at.micros}::bigint * interval '1 microsecond')`;

const authorColumns = {
  authorId: profiles.id,
  authorUsername: profiles.username,
  authorAvatarUrl: profiles.avatarUrl,
  authorRole: profiles.role,
};

export interface PostPageFilter {
  viewerId: string | null;
  /** Only posts by members the viewer follows. */
  followingOnly?: boolean;
  authorId?: string;
  after?: Keyset;
  limit: number;
}

/**
 * One page of posts in ONE statement whatever its size: the author joined, the like and comment counts
 * from the post's own counters, and whether the viewer liked the post and follows its author as
 * correlated EXISTS lookups on primary keys.
 */
export function selectPostPage(db: Db, filter: PostPageFilter) {
  const viewer = sql`${filter.viewerId}::uuid`;
  const followsAuthor = sql<boolean>`exists(select 1 from ${userFollowers} where ${userFollowers.followerId} = ${viewer} and ${userFollowers.followingId} = ${socialPosts.userId})`;
  const conditions: SQL[] = [];
  if (filter.followingOnly) conditions.push(followsAuthor);
  if (filter.authorId) conditions.push(eq(socialPosts.userId, filter.authorId));
  if (filter.after) {
    conditions.push(
      sql`(${socialPosts.createdAt}, ${socialPosts.id}) < (${fromMicros(filter.after)}, ${filter.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: socialPosts.id,
      content: socialPosts.content,
      imageUrl: socialPosts.imageUrl,
      createdAt: socialPosts.createdAt,
      micros: micros(socialPosts.createdAt),
      likeCount: socialPosts.likeCount,
      commentCount: socialPosts.commentCount,
      likedByMe: sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${socialPosts.id} and ${postLikes.userId} = ${viewer})`,
      followingAuthor: followsAuthor,
      ...authorColumns,
    })
    .from(socialPosts)
    .innerJoin(profiles, eq(profiles.id, socialPosts.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(socialPosts.createdAt), desc(socialPosts.id))
    .limit(filter.limit);
}
export type PostRow = Awaited<ReturnType<typeof selectPostPage>>[number];

export async function insertPost(
  db: Db,
  values: { userId: string; content: string; imageUrl: string | null },
) {
  const [row] = await db.insert(socialPosts).values(values).returning();
  return row!;
}

export async function findPostOwner(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: socialPosts.id, userId: socialPosts.userId })
    .from(socialPosts)
    .where(eq(socialPosts.id, id));
  return row;
}

export async function profileExists(db: Db, id: string) {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  return row !== undefined;
}

/** Inside a write: the post, locked against deletion until the transaction ends (no FK race). */
export async function lockPost(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: socialPosts.id })
    .from(socialPosts)
    .where(eq(socialPosts.id, id))
    .for('key share');
  return row;
}

export async function deletePostById(db: Db, id: string) {
  await db.delete(socialPosts).where(eq(socialPosts.id, id));
}

/** Adds the like if missing and bumps the counter only when a row was really added. */
export async function addLike(tx: Tx, postId: string, userId: string) {
  const added = await tx
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return bumpLikeCount(tx, postId, added.length);
}

/** Removes the like if present; the counter never goes below 0. */
export async function removeLike(tx: Tx, postId: string, userId: string) {
  const removed = await tx
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return bumpLikeCount(tx, postId, -removed.length);
}

async function bumpLikeCount(tx: Tx, postId: string, delta: number) {
  if (delta === 0) {
    const [row] = await tx
      .select({ likeCount: socialPosts.likeCount })
      .from(socialPosts)
      .where(eq(socialPosts.id, postId));
    return row?.likeCount ?? 0;
  }
  const [row] = await tx
    .update(socialPosts)
    .set({ likeCount: sql`greatest(${socialPosts.likeCount} + ${delta}, 0)` })
    .where(eq(socialPosts.id, postId))
    .returning({ likeCount: socialPosts.likeCount });
  return row?.likeCount ?? 0;
}

/** A post's comments, oldest first, with their authors: one statement per page. */
export function selectCommentPage(db: Db, postId: string, after: Keyset | undefined, limit: number) {
  const conditions: SQL[] = [eq(socialComments.postId, postId)];
  if (after) {
    conditions.push(
      sql`(${socialComments.createdAt}, ${socialComments.id}) > (${fromMicros(after)}, ${after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: socialComments.id,
      postId: socialComments.postId,
      content: socialComments.content,
      createdAt: socialComments.createdAt,
      micros: micros(socialComments.createdAt),
      ...authorColumns,
    })
    .from(socialComments)
    .innerJoin(profiles, eq(profiles.id, socialComments.userId))
    .where(and(...conditions))
    .orderBy(asc(socialComments.createdAt), asc(socialComments.id))
    .limit(limit);
}
export type CommentRow = Awaited<ReturnType<typeof selectCommentPage>>[number];

export async function insertComment(tx: Tx, values: { postId: string; userId: string; content: string }) {
  const [row] = await tx.insert(socialComments).values(values).returning();
  await tx
    .update(socialPosts)
    .set({ commentCount: sql`${socialPosts.commentCount} + 1` })
    .where(eq(socialPosts.id, values.postId));
  return row!;
}

export async function findComment(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: socialComments.id, postId: socialComments.postId, userId: socialComments.userId })
    .from(socialComments)
    .where(eq(socialComments.id, id));
  return row;
}

export async function deleteComment(tx: Tx, comment: { id: string; postId: string }) {
  const removed = await tx
    .delete(socialComments)
    .where(eq(socialComments.id, comment.id))
    .returning({ id: socialComments.id });
  if (removed.length === 0) return;
  await tx
    .update(socialPosts)
    .set({ commentCount: sql`greatest(${socialPosts.commentCount} - 1, 0)` })
    .where(eq(socialPosts.id, comment.postId));
}

/** Members and posts in one statement. */
export async function countMembersAndPosts(db: Db) {
  const result = await db.execute(
    sql`select (select count(*) from ${profiles})::int as members, (select count(*) from ${socialPosts})::int as posts`,
  );
  // Both drivers (pg and PGlite) answer with `rows`.
  const [row] = (result as unknown as { rows: { members: number; posts: number }[] }).rows;
  return { members: Number(row?.members ?? 0), posts: Number(row?.posts ?? 0) };
}

/**
 * Total cheat downloads for the home page. There is no cheats table yet, so the total is 0, as the spec's
 * home page shows; once cheats exist this becomes `sum(cheats.downloads)` and joins the counts' statement.
 */
export async function countDownloads(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cheats.downloads}), 0)`.mapWith(Number) })
    .from(cheats);
  return row?.n ?? 0;
}

export function selectLatestPosts(db: Db, limit: number, excerptLength: number) {
  return db
    .select({
      id: socialPosts.id,
      excerpt: sql<string>`left(${socialPosts.content}, ${excerptLength})`,
      createdAt: socialPosts.createdAt,
      authorId: profiles.id,
      authorUsername: profiles.username,
      authorAvatarUrl: profiles.avatarUrl,
    })
    .from(socialPosts)
    .innerJoin(profiles, eq(profiles.id, socialPosts.userId))
    .orderBy(desc(socialPosts.createdAt), desc(socialPosts.id))
    .limit(limit);
}
