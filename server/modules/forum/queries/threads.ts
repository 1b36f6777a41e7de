import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { readStatements, viewerShape } from '../../../db/prepared.ts';
import { forumCategories, forumRevisions, forumThreads, forumVotes } from '../../../db/schema/index.ts';
import { deleteCounted, lockedRow } from '../../../db/sql.ts';
import { viewerThreadColumns } from '../watch.ts';
import { selectThreads } from './thread-lists.ts';

/* One thread: its page, the locks and writes that change it (flags, move, edit, vote), create and delete. */

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
  return lockedRow(
    tx,
    forumThreads,
    {
      id: forumThreads.id,
      userId: forumThreads.userId,
      categoryId: forumThreads.categoryId,
      title: forumThreads.title,
      content: forumThreads.content,
      isPinned: forumThreads.isPinned,
      isLocked: forumThreads.isLocked,
    },
    id,
  );
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
export const deleteThread = (tx: Tx, id: string) =>
  deleteCounted(tx, id, {
    text: forumThreads.title,
    parent: forumThreads.categoryId,
    counter: forumCategories.threadCount,
  });

/**
 * Sets (1 / -1) or removes (0) a member's vote. The thread row is locked first, so concurrent votes
 * on one thread run one after another and the counters move by the exact old-to-new difference.
 */
export async function setVote(tx: Tx, threadId: string, userId: string, value: 1 | -1 | 0) {
  const thread = await lockedRow(tx, forumThreads, { id: forumThreads.id }, threadId);
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
