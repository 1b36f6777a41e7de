import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, keyset, newestFirst } from '../../db/cursor.ts';
import { readStatements, viewerShape } from '../../db/prepared.ts';
import {
  forumCategories,
  forumMentions,
  forumReplies,
  forumReplyLikes,
  forumRevisions,
  forumThreads,
  forumVotes,
  profiles,
  userBlocks,
} from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { type MemberId, unreadByCategory, unreadFor, viewerThreadColumns } from './watch.ts';

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
/** A thread's replies, oldest first: forum_replies_thread_created_idx. */
export const replyKeyset = keyset(
  { column: forumReplies.createdAt, kind: 'time', dir: 'asc' },
  { column: forumReplies.id, kind: 'uuid', dir: 'asc' },
);
export type KeyCursor = [at: string, id: string];
export type PinnedKeyCursor = [pinned: boolean, at: string, id: string];

const categoriesFor = (db: Db, member: boolean) => {
  const unread = member
    ? unreadByCategory(sql.placeholder('viewer'))
    : sql`select null::uuid as category_id, 0 as n where false`;
  return db
    .select({
      id: forumCategories.id,
      name: forumCategories.name,
      description: forumCategories.description,
      threadCount: forumCategories.threadCount,
      unreadCount: sql<number>`coalesce(u.n, 0)::int`.mapWith(Number),
    })
    .from(forumCategories)
    .leftJoin(sql`(${unread}) u`, sql`u.category_id = ${forumCategories.id}`)
    .orderBy(forumCategories.position, forumCategories.name);
};
const categoriesStatement = readStatements('forum_categories', categoriesFor);

/** The categories with, for a member, each one's unread thread count: one (prepared) statement. */
export async function listCategories(db: Db, viewerId: string | null) {
  const shape = viewerShape(viewerId);
  const statement = categoriesStatement(db, shape, !!viewerId);
  return statement.execute({ viewer: viewerId });
}

export async function findCategory(db: Db | Tx, id: string) {
  const [row] = await db.select().from(forumCategories).where(eq(forumCategories.id, id));
  return row;
}

export async function insertCategory(db: Db, values: { name: string; description: string }) {
  const [row] = await db
    .insert(forumCategories)
    .values({ ...values, position: sql`coalesce((select max(position) + 1 from forum_categories), 0)` })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteCategory(db: Db, id: string) {
  const rows = await db
    .delete(forumCategories)
    .where(eq(forumCategories.id, id))
    .returning({ id: forumCategories.id });
  return rows.length > 0;
}

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
function selectThreads<E extends Record<string, SQL>>(db: Db, viewerId: MemberId | null, extra: E) {
  return db
    .select({ ...summary, unread: viewerId ? unreadFor(viewerId) : sql<boolean>`false`, ...extra })
    .from(forumThreads)
    .innerJoin(profiles, eq(profiles.id, forumThreads.userId))
    .leftJoin(lastPoster, eq(lastPoster.id, forumThreads.lastPosterId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId));
}

const threadsInCategory = (db: Db, member: boolean, after: SQL | undefined) =>
  selectThreads(db, member ? sql.placeholder('viewer') : null, {
    key: asKeyText(forumThreads.lastActivityAt),
  })
    .where(and(eq(forumThreads.categoryId, sql.placeholder('category')), after))
    .orderBy(...activityKeyset.orderBy)
    .limit(sql.placeholder('limit'));
const threadsInCategoryStatement = readStatements('forum_threads_in_category', threadsInCategory);

/** A category's threads, pinned first, then most recent activity first (a prepared statement per shape). */
export async function listThreadsInCategory(
  db: Db,
  viewerId: string | null,
  categoryId: string,
  after: PinnedKeyCursor | undefined,
  limit: number,
) {
  const from = activityKeyset.afterPrepared(after);
  const shape = viewerShape(viewerId, from.shape);
  const statement = threadsInCategoryStatement(db, shape, !!viewerId, from.condition);
  return statement.execute({
    category: categoryId,
    viewer: viewerId,
    limit: activityKeyset.limit(limit),
    ...from.values,
  });
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

const threadById = (db: Db, member: boolean) => {
  const viewer = member ? sql.placeholder('viewer') : null;
  const myVote = viewer
    ? sql<number>`coalesce((select ${forumVotes.value} from ${forumVotes} where ${forumVotes.threadId} = ${forumThreads.id} and ${forumVotes.userId} = ${viewer}::uuid), 0)`.mapWith(
        Number,
      )
    : sql<number>`0`.mapWith(Number);
  return selectThreads(db, viewer, {
    ...viewerThreadColumns(viewer),
    content: sql<string>`${forumThreads.content}`,
    contentHtml: sql<string>`${forumThreads.contentHtml}`,
    editedAt: sql<Date | null>`${forumThreads.editedAt}`.mapWith(forumThreads.editedAt),
    myVote,
  }).where(eq(forumThreads.id, sql.placeholder('id')));
};
const threadStatement = readStatements('forum_thread', threadById);

/** One thread with its text, the viewer's vote, watch flag and read position, in one (prepared) statement. */
export async function findThread(db: Db, id: string, viewerId: string | null) {
  const shape = viewerShape(viewerId);
  const statement = threadStatement(db, shape, !!viewerId);
  const [row] = await statement.execute({ id, viewer: viewerId });
  return row;
}

export async function findThreadOwner(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      userId: forumThreads.userId,
      categoryId: forumThreads.categoryId,
      isLocked: forumThreads.isLocked,
    })
    .from(forumThreads)
    .where(eq(forumThreads.id, id));
  return row;
}

/** The thread's row locked for a change (edit, pin, lock, move, reply), or undefined when it is gone. */
export async function lockThread(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: forumThreads.id,
      userId: forumThreads.userId,
      categoryId: forumThreads.categoryId,
      title: forumThreads.title,
      content: forumThreads.content,
      isPinned: forumThreads.isPinned,
      isLocked: forumThreads.isLocked,
    })
    .from(forumThreads)
    .where(eq(forumThreads.id, id))
    .for('update');
  return row;
}

export async function setThreadFlags(tx: Tx, id: string, flags: { isPinned?: boolean; isLocked?: boolean }) {
  await tx.update(forumThreads).set(flags).where(eq(forumThreads.id, id));
}

/** Moves a thread to another category; both categories' counters move with it. */
export async function moveThread(tx: Tx, id: string, from: string, to: string) {
  await tx.update(forumThreads).set({ categoryId: to }).where(eq(forumThreads.id, id));
  await tx
    .update(forumCategories)
    .set({
      threadCount: sql`${forumCategories.threadCount} + case when ${forumCategories.id} = ${to} then 1 else -1 end`,
    })
    .where(sql`${forumCategories.id} in (${from}, ${to})`);
}

/** Replaces a thread's title and body, keeping the text it had as a revision. */
export async function editThread(
  tx: Tx,
  before: { id: string; title: string; content: string },
  editorId: string,
  values: { title: string; content: string; contentHtml: string },
) {
  await tx.insert(forumRevisions).values({
    threadId: before.id,
    editorId,
    title: before.title,
    content: before.content,
  });
  await tx
    .update(forumThreads)
    .set({ ...values, editedAt: sql`now()` })
    .where(eq(forumThreads.id, before.id));
}

/** The reply's row locked for a change, with its thread, or undefined when it is gone. */
export async function lockReply(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: forumReplies.id,
      threadId: forumReplies.threadId,
      userId: forumReplies.userId,
      content: forumReplies.content,
    })
    .from(forumReplies)
    .where(eq(forumReplies.id, id))
    .for('update');
  return row;
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

/** Earlier versions of a thread's own text (`replyId` undefined) or of one reply, newest first. */
export async function listRevisions(db: Db, target: { threadId: string } | { replyId: string }) {
  return db
    .select({
      id: forumRevisions.id,
      title: forumRevisions.title,
      content: forumRevisions.content,
      createdAt: forumRevisions.createdAt,
      editorId: profiles.id,
      editorName: profiles.username,
    })
    .from(forumRevisions)
    .leftJoin(profiles, eq(profiles.id, forumRevisions.editorId))
    .where(
      'threadId' in target
        ? and(eq(forumRevisions.threadId, target.threadId), isNull(forumRevisions.replyId))
        : eq(forumRevisions.replyId, target.replyId),
    )
    .orderBy(desc(forumRevisions.createdAt), desc(forumRevisions.id))
    .limit(100);
}

export async function replyExists(db: Db, id: string) {
  const [row] = await db.select({ id: forumReplies.id }).from(forumReplies).where(eq(forumReplies.id, id));
  return !!row;
}

export async function insertThread(
  tx: Tx,
  values: { categoryId: string; userId: string; title: string; content: string; contentHtml: string },
) {
  const [row] = await tx
    .insert(forumThreads)
    .values({ ...values, lastPosterId: values.userId })
    .returning({ id: forumThreads.id });
  await tx
    .update(forumCategories)
    .set({ threadCount: sql`${forumCategories.threadCount} + 1` })
    .where(eq(forumCategories.id, values.categoryId));
  return row!.id;
}

/** Deletes a thread and keeps its category's counter right; its author and title, or undefined when already gone. */
export async function deleteThread(tx: Tx, id: string) {
  const [row] = await tx.delete(forumThreads).where(eq(forumThreads.id, id)).returning({
    userId: forumThreads.userId,
    text: forumThreads.title,
    categoryId: forumThreads.categoryId,
  });
  if (!row) return undefined;
  await tx
    .update(forumCategories)
    .set({ threadCount: sql`greatest(${forumCategories.threadCount} - 1, 0)` })
    .where(eq(forumCategories.id, row.categoryId));
  return row;
}

/** Deletes a reply and keeps its thread's counter right; its author and text, or undefined when already gone. */
export async function deleteReply(tx: Tx, id: string) {
  const [row] = await tx.delete(forumReplies).where(eq(forumReplies.id, id)).returning({
    userId: forumReplies.userId,
    text: forumReplies.content,
    threadId: forumReplies.threadId,
  });
  if (!row) return undefined;
  await tx
    .update(forumThreads)
    .set({ replyCount: sql`greatest(${forumThreads.replyCount} - 1, 0)` })
    .where(eq(forumThreads.id, row.threadId));
  return row;
}

const repliesOf = (db: Db, member: boolean, after: SQL | undefined) => {
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
    .limit(sql.placeholder('limit'));
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
  const from = replyKeyset.afterPrepared(after);
  const shape = viewerShape(viewerId, from.shape);
  const statement = repliesStatement(db, shape, !!viewerId, from.condition);
  return statement.execute({
    thread: threadId,
    viewer: viewerId,
    limit: replyKeyset.limit(limit),
    ...from.values,
  });
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

/**
 * Sets (1 / -1) or removes (0) a member's vote. The thread row is locked first, so concurrent votes
 * on one thread run one after another and the counters move by the exact old-to-new difference.
 */
export async function setVote(tx: Tx, threadId: string, userId: string, value: 1 | -1 | 0) {
  const [thread] = await tx
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(eq(forumThreads.id, threadId))
    .for('update');
  if (!thread) return undefined;
  const [existing] = await tx
    .select({ value: forumVotes.value })
    .from(forumVotes)
    .where(and(eq(forumVotes.threadId, threadId), eq(forumVotes.userId, userId)));
  const old = existing?.value ?? 0;
  if (value === 0) {
    if (old !== 0) {
      await tx
        .delete(forumVotes)
        .where(and(eq(forumVotes.threadId, threadId), eq(forumVotes.userId, userId)));
    }
  } else if (old === 0) {
    await tx.insert(forumVotes).values({ threadId, userId, value });
  } else if (old !== value) {
    await tx
      .update(forumVotes)
      .set({ value })
      .where(and(eq(forumVotes.threadId, threadId), eq(forumVotes.userId, userId)));
  }
  const up = (value === 1 ? 1 : 0) - (old === 1 ? 1 : 0);
  const down = (value === -1 ? 1 : 0) - (old === -1 ? 1 : 0);
  const [counts] = await tx
    .update(forumThreads)
    .set({
      upvotes: sql`${forumThreads.upvotes} + ${up}`,
      downvotes: sql`${forumThreads.downvotes} + ${down}`,
    })
    .where(eq(forumThreads.id, threadId))
    .returning({ upvotes: forumThreads.upvotes, downvotes: forumThreads.downvotes });
  return { ...counts!, myVote: value };
}

const DEFAULT_CATEGORIES = [
  { name: 'General Discussion', description: 'Anything about games, cheats and the community.', position: 0 },
  { name: 'Cheat Support', description: 'Help with setting up and running cheats.', position: 1 },
  { name: 'Game Updates', description: 'Patches, ban waves and detection news.', position: 2 },
  {
    name: 'Marketplace Talk',
    description: 'Trading tips, reviews and questions about listings.',
    position: 3,
  },
];

/** Inserts the default categories when there are none (one statement; a no-op afterwards). */
export async function ensureDefaultCategories(db: Db) {
  const values = sql.join(
    DEFAULT_CATEGORIES.map((c) => sql`(${c.name}::text, ${c.description}::text, ${c.position}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${forumCategories} (name, description, position)
        select * from (values ${values}) as v(name, description, position)
        where not exists (select 1 from ${forumCategories})
        on conflict do nothing`,
  );
}

export async function findAuthor(db: Db, id: string) {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

/** The members among `names` (lower-case usernames), as they spell their names: one profiles_username_key lookup. */
export async function findMembersByName(db: Db | Tx, names: string[]) {
  return db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(sql`lower(${profiles.username})`, names));
}

/**
 * Records whom a post notifies by @mention now, out of `candidates` (member ids in the post's order), in one
 * statement: never its author, nobody who blocked the author or whom the author blocked, nobody this post
 * already notified, and no more than `limit` over the post's life (edits included). The recorded ids.
 */
export async function recordMentions(
  tx: Tx,
  post: { threadId: string; replyId: string | null; authorId: string },
  candidates: string[],
  limit: number,
) {
  const author = sql`${post.authorId}::uuid`;
  const samePost = post.replyId
    ? sql`m.reply_id = ${post.replyId}::uuid`
    : sql`m.thread_id = ${post.threadId}::uuid and m.reply_id is null`;
  const found = await rows<{ user_id: string }>(
    tx,
    sql`insert into ${forumMentions} (thread_id, reply_id, user_id)
      select ${post.threadId}::uuid, ${post.replyId}::uuid, c.id
      from unnest(${`{${candidates.join(',')}}`}::uuid[]) with ordinality as c(id, ord)
      where c.id <> ${author}
        and not exists (select 1 from ${userBlocks} b where b.blocker_id = ${author} and b.blocked_id = c.id)
        and not exists (select 1 from ${userBlocks} b where b.blocker_id = c.id and b.blocked_id = ${author})
        and not exists (select 1 from ${forumMentions} m where ${samePost} and m.user_id = c.id)
      order by c.ord
      limit greatest(0, ${limit}::int - (select count(*)::int from ${forumMentions} m where ${samePost}))
      on conflict do nothing
      returning user_id`,
  );
  return found.map((r) => r.user_id);
}

export async function likedBy(db: Db, replyId: string, userId: string) {
  const [row] = await db
    .select({ replyId: forumReplyLikes.replyId })
    .from(forumReplyLikes)
    .where(and(eq(forumReplyLikes.replyId, replyId), eq(forumReplyLikes.userId, userId)));
  return !!row;
}
