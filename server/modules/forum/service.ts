import {
  type ForumReply,
  type ForumThread,
  type ForumThreadSummary,
  forumReplyPageSize,
  forumThreadPageSize,
  type NewThreadBody,
} from '../../../contract/forum.ts';
import { forumMessages as m } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { can, ensure, threadAbilities } from '../../policy.ts';
import * as q from './queries.ts';

type SummaryRow = Awaited<ReturnType<typeof q.listThreadsInCategory>>[number];

function toSummary(r: Omit<SummaryRow, 'key'>): ForumThreadSummary {
  return {
    id: r.id,
    title: r.title,
    author: { id: r.authorId, username: r.authorName, avatarUrl: r.authorAvatar },
    category: { id: r.categoryId, name: r.categoryName },
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    replyCount: r.replyCount,
    lastActivityAt: r.lastActivityAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

const keyOf = (row: { key: string; id: string }): [string, string] => [row.key, row.id];

export async function listCategories(db: Db) {
  return { items: await q.listCategories(db) };
}

export async function listThreads(db: Db, query: { categoryId: string; cursor?: string }) {
  const after = q.activityKeyset.decode(query.cursor);
  if (!after && !(await q.findCategory(db, query.categoryId))) {
    throw new AppError('NOT_FOUND', m.categoryNotFound);
  }
  const rows = await q.listThreadsInCategory(db, query.categoryId, after, forumThreadPageSize);
  return q.activityKeyset.page(rows, forumThreadPageSize, keyOf, toSummary);
}

export async function listUserThreads(db: Db, userId: string, cursor?: string) {
  const rows = await q.listThreadsByUser(db, userId, q.createdKeyset.decode(cursor), forumThreadPageSize);
  return q.createdKeyset.page(rows, forumThreadPageSize, keyOf, toSummary);
}

export async function getThread(db: Db, viewer: Viewer | null, id: string): Promise<ForumThread> {
  const row = await q.findThread(db, id, viewer?.id ?? null);
  if (!row) throw new AppError('NOT_FOUND', m.threadNotFound);
  const summary = toSummary(row);
  return {
    ...summary,
    content: row.content,
    myVote: row.myVote as 1 | -1 | 0,
    abilities: threadAbilities(viewer, { authorId: summary.author.id }),
  };
}

export async function listReplies(db: Db, threadId: string, cursor?: string) {
  const after = q.replyKeyset.decode(cursor);
  const rows = await q.listReplies(db, threadId, after, forumReplyPageSize);
  if (rows.length === 0 && !after && !(await q.findThreadOwner(db, threadId))) {
    throw new AppError('NOT_FOUND', m.threadNotFound);
  }
  return q.replyKeyset.page(
    rows,
    forumReplyPageSize,
    keyOf,
    (r): ForumReply => ({
      id: r.id,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      author: { id: r.authorId, username: r.authorName, avatarUrl: r.authorAvatar },
    }),
  );
}

export async function createThread(db: Db, viewer: Viewer, body: NewThreadBody) {
  const id = await db.transaction(async (tx) => {
    if (!(await q.findCategory(tx, body.categoryId))) throw new AppError('NOT_FOUND', m.categoryNotFound);
    return q.insertThread(tx, { ...body, userId: viewer.id });
  });
  return getThread(db, viewer, id);
}

/** The author or staff may delete a thread (its replies and votes go with it). */
export async function removeThread(db: Db, viewer: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const thread = await q.findThreadOwner(tx, id);
    if (!thread) throw new AppError('NOT_FOUND', m.threadNotFound);
    ensure(can.manage(viewer, thread.userId), m.deleteOwnOnly);
    await q.deleteThread(tx, id);
  });
}

export async function reply(db: Db, viewer: Viewer, threadId: string, content: string) {
  const row = await db.transaction((tx) => q.insertReply(tx, threadId, viewer.id, content));
  if (!row) throw new AppError('NOT_FOUND', m.threadNotFound);
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: { id: viewer.id, username: viewer.username, avatarUrl: viewer.avatarUrl },
  };
}

export async function vote(db: Db, viewer: Viewer, threadId: string, value: 1 | -1 | 0) {
  const result = await db.transaction((tx) => q.setVote(tx, threadId, viewer.id, value));
  if (!result) throw new AppError('NOT_FOUND', m.threadNotFound);
  return result;
}

export async function createCategory(db: Db, viewer: Viewer, body: { name: string; description: string }) {
  ensure(can.administer(viewer), m.onlyAdminsCategories);
  const row = await q.insertCategory(db, body);
  if (!row) throw new AppError('CONFLICT', m.categoryNameTaken, { name: m.categoryNameTaken });
  return { id: row.id, name: row.name, description: row.description, threadCount: row.threadCount };
}

export async function removeCategory(db: Db, viewer: Viewer, id: string) {
  ensure(can.administer(viewer), m.onlyAdminsCategories);
  if (!(await q.deleteCategory(db, id))) throw new AppError('NOT_FOUND', m.categoryNotFound);
}
