import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { asKeyText, keyset } from '../../../db/cursor.ts';
import { literalLimit, readStatements, viewerPage } from '../../../db/prepared.ts';
import {
  forumReplies,
  forumReplyLikes,
  forumRevisions,
  forumThreads,
  profiles,
} from '../../../db/schema/index.ts';
import { deleteCounted, lockedRow, rowById, rows } from '../../../db/sql.ts';
import type { KeyCursor } from './thread-lists.ts';

/* A thread's replies: the page, likes, create, edit and delete. */

/** A thread's replies, oldest first: forum_replies_thread_created_idx. */
export const replyKeyset = keyset(
  { column: forumReplies.createdAt, kind: 'time', dir: 'asc' },
  { column: forumReplies.id, kind: 'uuid', dir: 'asc' },
);

/** The reply's row locked for a change, with its thread, or undefined when it is gone. */
export async function lockReply(tx: Tx, id: string) {
  return lockedRow(
    tx,
    forumReplies,
    {
      id: forumReplies.id,
      threadId: forumReplies.threadId,
      userId: forumReplies.userId,
      content: forumReplies.content,
    },
    id,
  );
}

/** Replaces a reply's body, keeping the text it had as a revision; the updated row. */
export async function editReply(
  tx: Tx,
  before: { id: string; threadId: string; content: string },
  editorId: string,
  values: { content: string; contentHtml: string },
) {
  await tx.insert(forumRevisions).values({
    threadId: before.threadId,
    replyId: before.id,
    editorId,
    content: before.content,
  });
  const [row] = await tx
    .update(forumReplies)
    .set({ ...values, editedAt: sql`now()` })
    .where(eq(forumReplies.id, before.id))
    .returning();
  return row!;
}

export async function replyExists(db: Db, id: string) {
  const [row] = await db.select({ id: forumReplies.id }).from(forumReplies).where(eq(forumReplies.id, id));
  return !!row;
}

/** Deletes a reply and keeps its thread's counter right; its author and text, or undefined when already gone. */
export const deleteReply = (tx: Tx, id: string) =>
  deleteCounted(tx, id, {
    text: forumReplies.content,
    parent: forumReplies.threadId,
    counter: forumThreads.replyCount,
  });

const repliesOf = (db: Db, member: boolean, after: SQL | undefined, limit: number) => {
  const liked = member
    ? sql<boolean>`exists (select 1 from ${forumReplyLikes} l where l.reply_id = ${forumReplies.id} and l.user_id = ${sql.placeholder('viewer')}::uuid)`
    : sql<boolean>`false`;
  return db
    .select({
      id: forumReplies.id,
      content: forumReplies.content,
      contentHtml: forumReplies.contentHtml,
      likeCount: forumReplies.likeCount,
      liked,
      editedAt: forumReplies.editedAt,
      createdAt: forumReplies.createdAt,
      key: asKeyText(forumReplies.createdAt),
      authorId: profiles.id,
      authorName: profiles.username,
      authorAvatar: profiles.avatarUrl,
    })
    .from(forumReplies)
    .innerJoin(profiles, eq(profiles.id, forumReplies.userId))
    .where(and(eq(forumReplies.threadId, sql.placeholder('thread')), after))
    .orderBy(...replyKeyset.orderBy)
    .limit(literalLimit(limit));
};
const repliesStatement = readStatements('forum_replies', repliesOf);

/**
 * A page of a thread's replies after `after`, with like counts and the viewer's own like: one (prepared)
 * statement.
 */
export async function listReplies(
  db: Db,
  viewerId: string | null,
  threadId: string,
  after: KeyCursor | undefined,
  limit: number,
) {
  return viewerPage(
    db,
    repliesStatement,
    { keyset: replyKeyset, viewerId, after, limit },
    { thread: threadId },
  );
}

/**
 * Likes (true) or unlikes (false) a reply: the like row and the reply's counter move in one statement, so
 * a repeated like or unlike changes nothing. Undefined when the reply is gone.
 */
export async function setReplyLike(db: Db, replyId: string, userId: string, liked: boolean) {
  const change = liked
    ? sql`insert into ${forumReplyLikes} (reply_id, user_id) select id, ${userId}::uuid from ${forumReplies}
        where id = ${replyId}::uuid on conflict do nothing returning reply_id`
    : sql`delete from ${forumReplyLikes} where reply_id = ${replyId}::uuid and user_id = ${userId}::uuid
        returning reply_id`;
  const [row] = await rows<{ likeCount: number }>(
    db,
    sql`with changed as (${change}),
      counted as (
        update ${forumReplies} r set like_count = r.like_count + ${liked ? 1 : -1}
        where r.id in (select reply_id from changed) returning r.id, r.like_count
      )
      select coalesce((select like_count from counted), r.like_count) as "likeCount"
      from ${forumReplies} r where r.id = ${replyId}::uuid`,
  );
  return row;
}

/** Adds a reply and moves the thread's counter and activity time, in the caller's transaction. */
export async function insertReply(
  tx: Tx,
  threadId: string,
  userId: string,
  body: { content: string; contentHtml: string },
) {
  const [bumped] = await tx
    .update(forumThreads)
    .set({
      replyCount: sql`${forumThreads.replyCount} + 1`,
      lastActivityAt: sql`now()`,
      lastPosterId: userId,
    })
    .where(eq(forumThreads.id, threadId))
    .returning({ id: forumThreads.id });
  if (!bumped) return undefined;
  const [row] = await tx
    .insert(forumReplies)
    .values({ threadId, userId, ...body })
    .returning();
  return row!;
}

export function findAuthor(db: Db, id: string) {
  return rowById(
    db,
    profiles,
    { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
    id,
  );
}

export async function likedBy(db: Db, replyId: string, userId: string) {
  const [row] = await db
    .select({ replyId: forumReplyLikes.replyId })
    .from(forumReplyLikes)
    .where(and(eq(forumReplyLikes.replyId, replyId), eq(forumReplyLikes.userId, userId)));
  return !!row;
}
