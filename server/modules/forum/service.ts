import { z } from 'zod';
import {
  type EditThreadBody,
  type ForumReply,
  type ForumRevisionList,
  type ForumThread,
  type ForumThreadSummary,
  type ForumThreadView,
  forumLatestSize,
  forumReplyPageSize,
  forumThreadPageSize,
  type NewThreadBody,
  newThreadBody,
  replyBody,
} from '../../../contract/forum.ts';
import { forumMessages as m } from '../../../contract/messages.ts';
import type { HeldForReview } from '../../../contract/review.ts';
import type { Db, Tx } from '../../db/client.ts';
import { encodeCursor } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import {
  abilities,
  actsOnOwn,
  authorize,
  canAdminister,
  canModerate,
  ensure,
  reply as replySubject,
  thread as threadSubject,
} from '../../policy.ts';
import { audit, auditOthers } from '../audit/service.ts';
import { holdForReview, type Origin } from '../review/hold.ts';
import type { PublishHeld } from '../review/publishers.ts';
import { limitPost, refreshTrustLevel } from '../trust/service.ts';
import { markReferenced } from '../uploads/service.ts';
import { countReach } from './markdown.ts';
import { cook, notifyMentions } from './mentions.ts';
import * as q from './queries/index.ts';
import * as watch from './watch.ts';

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
    isPinned: r.isPinned,
    isLocked: r.isLocked,
    lastActivityAt: r.lastActivityAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    lastPoster:
      r.lastPosterId && r.lastPosterName ? { id: r.lastPosterId, username: r.lastPosterName } : null,
    unread: r.unread,
  };
}

const keyOf = (row: { key: string; id: string }): [string, string] => [row.key, row.id];

export async function listCategories(db: Db, viewer: Viewer | null) {
  return { items: await q.listCategories(db, viewer?.id ?? null) };
}

export async function listThreads(
  db: Db,
  viewer: Viewer | null,
  query: { categoryId: string; cursor?: string },
) {
  const after = q.activityKeyset.decode(query.cursor);
  const rows = await q.listThreadsInCategory(
    db,
    viewer?.id ?? null,
    query.categoryId,
    after,
    forumThreadPageSize,
  );
  // An empty first page is an empty category or none: only then is the category looked up.
  if (!after && rows.length === 0 && !(await q.findCategory(db, query.categoryId))) {
    throw new AppError('NOT_FOUND', m.categoryNotFound);
  }
  return q.activityKeyset.page(
    rows,
    forumThreadPageSize,
    (r): q.PinnedKeyCursor => [r.isPinned, r.key, r.id],
    toSummary,
  );
}

export async function listLatestThreads(db: Db, viewer: Viewer | null) {
  return { items: (await q.listLatestThreads(db, viewer?.id ?? null, forumLatestSize)).map(toSummary) };
}

export async function listUserThreads(db: Db, viewer: Viewer | null, userId: string, cursor?: string) {
  const rows = await q.listThreadsByUser(
    db,
    viewer?.id ?? null,
    userId,
    q.createdKeyset.decode(cursor),
    forumThreadPageSize,
  );
  return q.createdKeyset.page(rows, forumThreadPageSize, keyOf, toSummary);
}

type ThreadRow = NonNullable<Awaited<ReturnType<typeof q.findThread>>>;

function toThread(viewer: Viewer | null, row: ThreadRow): ForumThread {
  const summary = toSummary(row);
  return {
    ...summary,
    content: row.content,
    contentHtml: row.contentHtml,
    editedAt: row.editedAt?.toISOString() ?? null,
    myVote: row.myVote as 1 | -1 | 0,
    watching: row.watching,
    abilities: abilities(viewer, threadSubject({ authorId: summary.author.id, isLocked: row.isLocked }), [
      'edit',
      'delete',
      'reply',
      'pin',
      'lock',
      'move',
      'revisions',
    ]),
  };
}

export async function getThread(db: Db, viewer: Viewer | null, id: string): Promise<ForumThread> {
  const row = orNotFound(await q.findThread(db, id, viewer?.id ?? null), m.threadNotFound);
  return toThread(viewer, row);
}

/**
 * The thread page in one request and a constant number of statements (the thread with the viewer's watch
 * and read position, then one page of replies): a member with unread replies gets the page that starts at
 * the first unread one, everyone else the first page.
 */
export async function getThreadPage(db: Db, viewer: Viewer | null, id: string): Promise<ForumThreadView> {
  const row = orNotFound(await q.findThread(db, id, viewer?.id ?? null), m.threadNotFound);
  const thread = toThread(viewer, row);
  const position: q.KeyCursor | undefined =
    row.readBehind && row.lastReadAt ? [row.lastReadAt, row.lastReadReplyId ?? watch.NO_REPLY] : undefined;
  let page = position ? await replyPage(db, viewer, id, position) : undefined;
  // Activity after the position but no reply after it (the newest was deleted): the first page instead.
  const fromUnread = !!page && page.items.length > 0;
  if (!fromUnread) page = await replyPage(db, viewer, id, undefined);
  return {
    ...thread,
    replies: page!,
    repliesFrom: fromUnread ? 'unread' : 'start',
    firstUnreadReplyId: fromUnread ? page!.items[0]!.id : null,
    unreadCursor: fromUnread ? encodeCursor(position!) : null,
  };
}

type ReplyRow = {
  id: string;
  content: string;
  contentHtml: string;
  likeCount: number;
  liked: boolean;
  editedAt: Date | null;
  createdAt: Date;
  author: ForumReply['author'];
};

function toReply(viewer: Viewer | null, r: ReplyRow): ForumReply {
  return {
    id: r.id,
    author: r.author,
    content: r.content,
    contentHtml: r.contentHtml,
    likeCount: r.likeCount,
    liked: r.liked,
    editedAt: r.editedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    abilities: abilities(viewer, replySubject({ authorId: r.author.id }), ['edit', 'delete', 'revisions']),
  };
}

async function replyPage(db: Db, viewer: Viewer | null, threadId: string, after: q.KeyCursor | undefined) {
  const rows = await q.listReplies(db, viewer?.id ?? null, threadId, after, forumReplyPageSize);
  return q.replyKeyset.page(rows, forumReplyPageSize, keyOf, (r) =>
    toReply(viewer, {
      ...r,
      author: { id: r.authorId, username: r.authorName, avatarUrl: r.authorAvatar },
    }),
  );
}

export async function listReplies(db: Db, viewer: Viewer | null, threadId: string, cursor?: string) {
  const after = q.replyKeyset.decode(cursor);
  const page = await replyPage(db, viewer, threadId, after);
  if (page.items.length === 0 && !after && !(await q.findThreadOwner(db, threadId))) {
    throw new AppError('NOT_FOUND', m.threadNotFound);
  }
  return page;
}

/**
 * A member starts a thread: held for staff when the review rules say so (the queue item, 202), else published.
 * The category is checked first either way, so a held thread never waits for a category that is not there.
 */
export async function createThread(
  db: Db,
  viewer: Viewer,
  body: NewThreadBody,
  origin: Origin,
): Promise<ForumThread | HeldForReview> {
  // A trust level's limits refuse before the review rules hold: a refused post never waits for staff.
  await limitPost(db, viewer, countReach(body.content));
  const held = await holdForReview(
    db,
    viewer,
    { kind: 'forum_thread', text: `${body.title}\n\n${body.content}`, payload: { ...body } },
    origin,
    async () => {
      if (!(await q.findCategory(db, body.categoryId))) throw new AppError('NOT_FOUND', m.categoryNotFound);
    },
  );
  return held ?? publishThread(db, viewer, body);
}

/** Writes a thread (a direct post, or a held one staff approved): its author watches it, mentions notify. */
async function publishThread(db: Db, viewer: Viewer, body: NewThreadBody) {
  const cooked = await cook(db, body.content);
  const id = await db.transaction(async (tx) => {
    if (!(await q.findCategory(tx, body.categoryId))) throw new AppError('NOT_FOUND', m.categoryNotFound);
    const id = await q.insertThread(tx, { ...body, contentHtml: cooked.contentHtml, userId: viewer.id });
    await markReferenced(tx, body.content);
    await watch.watchOwnThread(tx, viewer.id, id);
    await notifyMentions(tx, { threadId: id, replyId: null, author: viewer }, cooked.addressed);
    // A post published may be the one that earns `member`.
    if (viewer.trustLevel === 'new') await refreshTrustLevel(tx, viewer.id);
    return id;
  });
  return getThread(db, viewer, id);
}

const heldReply = replyBody.extend({ threadId: z.uuid() });

/**
 * Publishes a thread or reply staff approved from the review queue (decision 056: review calls these by kind,
 * handed to it by server/app.ts, inside its decision's transaction), through the same path as a direct post.
 */
export const heldPublishers: Record<'forum_thread' | 'forum_reply', PublishHeld> = {
  forum_thread: async (tx: Tx, author: Viewer, payload: Record<string, unknown>) => {
    const thread = await publishThread(tx, author, newThreadBody.parse(payload));
    return {
      id: thread.id,
      data: { threadId: thread.id },
      about: `Your thread "${thread.title}" is published.`,
    };
  },
  forum_reply: async (tx: Tx, author: Viewer, payload: Record<string, unknown>) => {
    const body = heldReply.parse(payload);
    const made = await publishReply(tx, author, body.threadId, body.content);
    return {
      id: made.id,
      data: { threadId: body.threadId, replyId: made.id },
      about: 'Your reply is published.',
    };
  },
};

/** The author or staff may delete a thread (its replies and votes go with it). */
export async function removeThread(db: Db, viewer: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const thread = orNotFound(await q.findThreadOwner(tx, id), m.threadNotFound);
    authorize(viewer, 'delete', threadSubject({ authorId: thread.userId, isLocked: thread.isLocked }));
    await q.deleteThread(tx, id);
    await auditOthers(tx, viewer, thread.userId, {
      action: 'forum.thread.delete',
      targetType: 'forum_thread',
      targetId: id,
      before: { userId: thread.userId },
    });
  });
}

/**
 * Members reply to open threads; a locked one takes replies from staff only. Held for staff when the review
 * rules say so (the thread is checked first), else published.
 */
export async function reply(
  db: Db,
  viewer: Viewer,
  threadId: string,
  content: string,
  origin: Origin,
): Promise<ForumReply | HeldForReview> {
  await limitPost(db, viewer, countReach(content));
  const held = await holdForReview(
    db,
    viewer,
    { kind: 'forum_reply', text: content, payload: { threadId, content } },
    origin,
    async () => {
      const thread = orNotFound(await q.findThreadOwner(db, threadId), m.threadNotFound);
      authorize(viewer, 'reply', threadSubject({ authorId: thread.userId, isLocked: thread.isLocked }));
    },
  );
  return held ?? publishReply(db, viewer, threadId, content);
}

/** Writes a reply (a direct one, or a held one staff approved): watchers and mentioned members are told. */
async function publishReply(db: Db, viewer: Viewer, threadId: string, content: string) {
  const cooked = await cook(db, content);
  const row = await db.transaction(async (tx) => {
    const thread = orNotFound(await q.lockThread(tx, threadId), m.threadNotFound);
    authorize(viewer, 'reply', threadSubject({ authorId: thread.userId, isLocked: thread.isLocked }));
    const inserted = await q.insertReply(tx, threadId, viewer.id, {
      content,
      contentHtml: cooked.contentHtml,
    });
    if (inserted) {
      await markReferenced(tx, content);
      await watch.onReply(tx, { id: threadId, title: thread.title }, inserted);
      await notifyMentions(tx, { threadId, replyId: inserted.id, author: viewer }, cooked.addressed);
      if (viewer.trustLevel === 'new') await refreshTrustLevel(tx, viewer.id);
    }
    return inserted;
  });
  if (!row) throw new AppError('NOT_FOUND', m.threadNotFound);
  return toReply(viewer, {
    ...row,
    liked: false,
    author: { id: viewer.id, username: viewer.username, avatarUrl: viewer.avatarUrl },
  });
}

/** Markdown as it would be stored, from the one renderer (the editor's Preview tab). */
export async function preview(db: Db, content: string) {
  return { html: (await cook(db, content)).contentHtml };
}

/** The author (or staff) edits a thread's title and body; the text it had is kept as a revision. */
export async function editThread(db: Db, viewer: Viewer, id: string, body: EditThreadBody) {
  await limitPost(db, viewer, countReach(body.content));
  const cooked = await cook(db, body.content);
  await db.transaction(async (tx) => {
    const thread = orNotFound(await q.lockThread(tx, id), m.threadNotFound);
    authorize(viewer, 'edit', threadSubject({ authorId: thread.userId, isLocked: thread.isLocked }));
    await q.editThread(tx, thread, viewer.id, { ...body, contentHtml: cooked.contentHtml });
    await markReferenced(tx, body.content);
    if (actsOnOwn(viewer, thread.userId)) {
      await notifyMentions(tx, { threadId: id, replyId: null, author: viewer }, cooked.addressed);
    } else {
      await audit(tx, viewer, {
        action: 'forum.thread.edit',
        targetType: 'forum_thread',
        targetId: id,
        before: { title: thread.title },
        after: { title: body.title },
      });
    }
  });
  return getThread(db, viewer, id);
}

/** What staff may change about a thread, one thing per call. */
export type ThreadModeration = { isPinned: boolean } | { isLocked: boolean } | { categoryId: string };

/** Staff pin, lock or move a thread; each change is in the audit log. */
export async function moderateThread(db: Db, viewer: Viewer, id: string, change: ThreadModeration) {
  ensure(canModerate(viewer), m.moderatorsOnly);
  await db.transaction(async (tx) => {
    const thread = orNotFound(await q.lockThread(tx, id), m.threadNotFound);
    const record = { targetType: 'forum_thread', targetId: id };
    if ('categoryId' in change) {
      if (!(await q.findCategory(tx, change.categoryId))) {
        throw new AppError('NOT_FOUND', m.categoryNotFound, { categoryId: m.categoryNotFound });
      }
      if (change.categoryId === thread.categoryId) return;
      await q.moveThread(tx, id, thread.categoryId, change.categoryId);
      await audit(tx, viewer, {
        ...record,
        action: 'forum.thread.move',
        before: { categoryId: thread.categoryId },
        after: { categoryId: change.categoryId },
      });
    } else {
      // Pin and lock are the same kind of change: one flag set, its old value logged under its own verb.
      const [flag, verb, value] =
        'isPinned' in change
          ? (['isPinned', 'pin', change.isPinned] as const)
          : (['isLocked', 'lock', change.isLocked] as const);
      if (value === thread[flag]) return;
      await q.setThreadFlags(tx, id, change);
      await audit(tx, viewer, {
        ...record,
        action: `forum.thread.${value ? '' : 'un'}${verb}`,
        before: { [flag]: thread[flag] },
        after: change,
      });
    }
  });
  return getThread(db, viewer, id);
}

/** The author (or staff) edits a reply; the text it had is kept as a revision. */
export async function editReply(db: Db, viewer: Viewer, id: string, content: string) {
  await limitPost(db, viewer, countReach(content));
  const cooked = await cook(db, content);
  const row = await db.transaction(async (tx) => {
    const found = orNotFound(await q.lockReply(tx, id), m.replyNotFound);
    authorize(viewer, 'edit', replySubject({ authorId: found.userId }));
    const updated = await q.editReply(tx, found, viewer.id, { content, contentHtml: cooked.contentHtml });
    await markReferenced(tx, content);
    if (actsOnOwn(viewer, found.userId)) {
      const post = { threadId: found.threadId, replyId: id, author: viewer };
      await notifyMentions(tx, post, cooked.addressed);
    } else {
      await audit(tx, viewer, {
        action: 'forum.reply.edit',
        targetType: 'forum_reply',
        targetId: id,
      });
    }
    return updated;
  });
  const author = await q.findAuthor(db, row.userId);
  return toReply(viewer, { ...row, liked: await q.likedBy(db, id, viewer.id), author: author! });
}

/** The author deletes their own reply, staff any reply (logged); the thread's reply count follows. */
export async function removeReply(db: Db, viewer: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const found = orNotFound(await q.lockReply(tx, id), m.replyNotFound);
    authorize(viewer, 'delete', replySubject({ authorId: found.userId }));
    await q.deleteReply(tx, id);
    await auditOthers(tx, viewer, found.userId, {
      action: 'forum.reply.delete',
      targetType: 'forum_reply',
      targetId: id,
      before: { threadId: found.threadId, userId: found.userId, content: found.content },
    });
  });
}

/** Earlier versions of a thread's text (staff), newest first. */
export async function threadRevisions(db: Db, viewer: Viewer, id: string): Promise<ForumRevisionList> {
  ensure(canModerate(viewer), m.moderatorsOnly);
  if (!(await q.findThreadOwner(db, id))) throw new AppError('NOT_FOUND', m.threadNotFound);
  return toRevisions(await q.listRevisions(db, { threadId: id }));
}

/** Earlier versions of a reply (staff), newest first. */
export async function replyRevisions(db: Db, viewer: Viewer, id: string): Promise<ForumRevisionList> {
  ensure(canModerate(viewer), m.moderatorsOnly);
  if (!(await q.replyExists(db, id))) throw new AppError('NOT_FOUND', m.replyNotFound);
  return toRevisions(await q.listRevisions(db, { replyId: id }));
}

function toRevisions(rows: Awaited<ReturnType<typeof q.listRevisions>>): ForumRevisionList {
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      editor: r.editorId && r.editorName ? { id: r.editorId, username: r.editorName } : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function vote(db: Db, viewer: Viewer, threadId: string, value: 1 | -1 | 0) {
  const result = orNotFound(
    await db.transaction((tx) => q.setVote(tx, threadId, viewer.id, value)),
    m.threadNotFound,
  );
  return result;
}

export async function createCategory(db: Db, viewer: Viewer, body: { name: string; description: string }) {
  ensure(canAdminister(viewer), m.onlyAdminsCategories);
  const row = await db.transaction(async (tx) => {
    const made = await q.insertCategory(tx, body);
    if (made)
      await audit(tx, viewer, {
        action: 'forum.category.create',
        targetType: 'forum_category',
        targetId: made.id,
        after: body,
      });
    return made;
  });
  if (!row) throw new AppError('CONFLICT', m.categoryNameTaken, { name: m.categoryNameTaken });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    threadCount: row.threadCount,
    unreadCount: 0,
  };
}

export async function removeCategory(db: Db, viewer: Viewer, id: string) {
  ensure(canAdminister(viewer), m.onlyAdminsCategories);
  const done = await db.transaction(async (tx) => {
    if (!(await q.deleteCategory(tx, id))) return false;
    await audit(tx, viewer, {
      action: 'forum.category.delete',
      targetType: 'forum_category',
      targetId: id,
    });
    return true;
  });
  if (!done) throw new AppError('NOT_FOUND', m.categoryNotFound);
}

/** A member watches a thread (new replies notify them and count as unread) or stops watching it. */
export async function setWatching(db: Db, viewer: Viewer, threadId: string, watching: boolean) {
  const row = orNotFound(await watch.setWatching(db, viewer.id, threadId, watching), m.threadNotFound);
  return { watching: row.watching };
}

/** The member has read the thread up to `replyId` (null: its opening post); the position only moves forward. */
export async function markRead(db: Db, viewer: Viewer, threadId: string, replyId: string | null) {
  const done = await watch.markRead(db, viewer.id, threadId, replyId);
  if (!done?.thread) throw new AppError('NOT_FOUND', m.threadNotFound);
  if (!done.reply) throw new AppError('NOT_FOUND', m.replyNotFound, { replyId: m.replyNotFound });
}

export async function likeReply(db: Db, viewer: Viewer, replyId: string, liked: boolean) {
  const row = orNotFound(await q.setReplyLike(db, replyId, viewer.id, liked), m.replyNotFound);
  return { likeCount: row.likeCount, liked };
}
