import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, keyset } from '../../db/cursor.ts';
import { limitShape, literalLimit, readStatements, viewerShape } from '../../db/prepared.ts';
import {
  cheats,
  postLikes,
  profiles,
  socialComments,
  socialPosts,
  userFollowers,
} from '../../db/schema/index.ts';
import { deleteCounted, insertRow, lockedRow, rowById, rows } from '../../db/sql.ts';

/** Posts newest first: social_posts_feed_idx / social_posts_author_idx (DESC NULLS FIRST). */
export const postKeyset = keyset(
  { column: socialPosts.createdAt, kind: 'time', dir: 'desc', nulls: 'first' },
  { column: socialPosts.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
);
/** A post's comments, oldest first: social_comments_post_idx. */
export const commentKeyset = keyset(
  { column: socialComments.createdAt, kind: 'time', dir: 'asc' },
  { column: socialComments.id, kind: 'uuid', dir: 'asc' },
);
/** A keyset position: the row's created_at as PostgreSQL text (microseconds kept) and its id. */
export type Keyset = [at: string, id: string];

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

/** What changes a post page's SQL text: the viewer's subqueries, the two filters and the cursor's shape. */
interface PostPageShape {
  member: boolean;
  followingOnly: boolean;
  byAuthor: boolean;
  after: SQL | undefined;
  limit: number;
}

/**
 * One page of posts in ONE statement whatever its size: the author joined, the like and comment counts
 * from the post's own counters, and whether the viewer liked the post and follows its author as
 * correlated EXISTS lookups on primary keys. Prepared once per database and shape (`postPageStatement`).
 */
const postPage = (db: Db, shape: PostPageShape) => {
  const viewer = sql`${sql.placeholder('viewer')}::uuid`;
  const followsAuthor = sql<boolean>`exists(select 1 from ${userFollowers} where ${userFollowers.followerId} = ${viewer} and ${userFollowers.followingId} = ${socialPosts.userId})`;
  const conditions: SQL[] = [];
  if (shape.followingOnly) conditions.push(followsAuthor);
  if (shape.byAuthor) conditions.push(eq(socialPosts.userId, sql.placeholder('author')));
  if (shape.after) conditions.push(shape.after);
  return db
    .select({
      id: socialPosts.id,
      content: socialPosts.content,
      imageUrl: socialPosts.imageUrl,
      createdAt: socialPosts.createdAt,
      at: asKeyText(socialPosts.createdAt),
      likeCount: socialPosts.likeCount,
      commentCount: socialPosts.commentCount,
      likedByMe: shape.member
        ? sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${socialPosts.id} and ${postLikes.userId} = ${viewer})`
        : sql<boolean>`false`,
      followingAuthor: shape.member ? followsAuthor : sql<boolean>`false`,
      ...authorColumns,
    })
    .from(socialPosts)
    .innerJoin(profiles, eq(profiles.id, socialPosts.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...postKeyset.orderBy)
    .limit(literalLimit(shape.limit));
};
const postPageStatement = readStatements('social_post_page', postPage);

/** The feed or a member's posts, one page (a prepared statement per shape). */
export function selectPostPage(db: Db, filter: PostPageFilter) {
  const from = postKeyset.afterPrepared(filter.after);
  const followingOnly = Boolean(filter.followingOnly);
  const byAuthor = filter.authorId !== undefined;
  const shape = `${viewerShape(filter.viewerId, from.shape)}${followingOnly ? '_following' : ''}${byAuthor ? '_author' : ''}${limitShape(filter.limit)}`;
  const statement = postPageStatement(db, shape, {
    member: filter.viewerId !== null,
    followingOnly,
    byAuthor,
    after: from.condition,
    limit: filter.limit,
  });
  return statement.execute({ viewer: filter.viewerId, author: filter.authorId, ...from.values });
}
export type PostRow = Awaited<ReturnType<typeof selectPostPage>>[number];

export function insertPost(db: Db, values: { userId: string; content: string; imageUrl: string | null }) {
  return insertRow(db, socialPosts, values);
}

export function findPostOwner(db: Db | Tx, id: string) {
  return rowById(db, socialPosts, { id: socialPosts.id, userId: socialPosts.userId }, id);
}

export async function profileExists(db: Db, id: string) {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  return row !== undefined;
}

/** Inside a write: the post, locked against deletion until the transaction ends (no FK race). */
export function lockPost(tx: Tx, id: string) {
  return lockedRow(tx, socialPosts, { id: socialPosts.id }, id, 'key share');
}

/** Deletes a post (its comments and likes go with it); its author and text, or undefined when already gone. */
export async function deletePost(db: Db | Tx, id: string) {
  const [row] = await db
    .delete(socialPosts)
    .where(eq(socialPosts.id, id))
    .returning({ userId: socialPosts.userId, text: socialPosts.content });
  return row;
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
  return db
    .select({
      id: socialComments.id,
      postId: socialComments.postId,
      content: socialComments.content,
      createdAt: socialComments.createdAt,
      at: asKeyText(socialComments.createdAt),
      ...authorColumns,
    })
    .from(socialComments)
    .innerJoin(profiles, eq(profiles.id, socialComments.userId))
    .where(and(eq(socialComments.postId, postId), commentKeyset.after(after)))
    .orderBy(...commentKeyset.orderBy)
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

export function findComment(db: Db | Tx, id: string) {
  return rowById(
    db,
    socialComments,
    { id: socialComments.id, postId: socialComments.postId, userId: socialComments.userId },
    id,
  );
}

/** Deletes a comment and keeps its post's counter right; its author and text, or undefined when already gone. */
export const deleteComment = (tx: Tx, id: string) =>
  deleteCounted(tx, id, {
    text: socialComments.content,
    parent: socialComments.postId,
    counter: socialPosts.commentCount,
  });

/** Members and posts in one statement. */
export async function countMembersAndPosts(db: Db) {
  const [row] = await rows<{ members: number; posts: number }>(
    db,
    sql`select (select count(*) from ${profiles})::int as members, (select count(*) from ${socialPosts})::int as posts`,
  );
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
