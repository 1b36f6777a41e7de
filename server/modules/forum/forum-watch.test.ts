import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ForumThreadView, forumReplyPageSize } from '../../../contract/forum.ts';
import { forumMessages as m } from '../../../contract/messages.ts';
import { forumReplies, forumReplyLikes, forumThreads, notifications } from '../../db/schema/index.ts';
import {
  buildForumCategory,
  buildForumReply,
  buildForumThread,
  buildSignedInUser,
} from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { REALTIME_CHANNEL } from '../realtime/bus.ts';
import { findThreadUser } from './watch.ts';

/* Issue 17 items 6 and 8: watching, grouped reply notifications, read positions, unread counts and markers,
 * the thread page in one request opening at the first unread reply, and reply likes. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let alice: Member;
let bob: Member;
let carol: Member;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob, carol, moderator] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t),
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });

async function newThread(by: Member, categoryId?: string, title = 'Watched thread about ESP') {
  const category = categoryId ?? (await buildForumCategory(t)).id;
  const res = await call('POST', '/forum/threads', by.cookie, {
    categoryId: category,
    title,
    content: 'Body',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, categoryId: category };
}
async function reply(by: Member, threadId: string, content = 'A reply') {
  const res = await call('POST', `/forum/threads/${threadId}/replies`, by.cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const forumNotes = (userId: string, threadId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'forum_reply')))
    .then((rows) => rows.filter((r) => r.data.threadId === threadId));
const view = async (id: string, who?: Member): Promise<ForumThreadView> => {
  const res = await call('GET', `/forum/threads/${id}`, who?.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const markRead = (who: Member, threadId: string, replyId: string | null) =>
  call('PUT', `/forum/threads/${threadId}/read`, who.cookie, { replyId });
const unreadIn = async (who: Member | undefined, categoryId: string) =>
  (await call('GET', '/forum/categories', who?.cookie))
    .json()
    .items.find((c: { id: string }) => c.id === categoryId).unreadCount as number;

describe('PUT /forum/threads/:id/watch', () => {
  it('refuses visitors, bad input and unknown threads', async () => {
    const { id } = await newThread(alice);
    const visitor = await call('PUT', `/forum/threads/${id}/watch`, undefined, { watching: true });
    expect(visitor.statusCode).toBe(401);
    expect(
      (await call('PUT', `/forum/threads/${id}/watch`, bob.cookie, { watching: 'yes' })).statusCode,
    ).toBe(400);
    const badId = await call('PUT', '/forum/threads/nope/watch', bob.cookie, { watching: true });
    expect(badId.json().error.message).toBe(m.threadNotFound);
    const unknown = await call('PUT', `/forum/threads/${crypto.randomUUID()}/watch`, bob.cookie, {
      watching: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.threadNotFound);
  });

  it('watches and unwatches; the thread reports it to that member only', async () => {
    const { id } = await newThread(alice);
    const on = await call('PUT', `/forum/threads/${id}/watch`, bob.cookie, { watching: true });
    expect(on.json()).toEqual({ watching: true });
    expect((await findThreadUser(t.db, bob.id, id))?.watching).toBe(true);
    expect((await view(id, bob)).watching).toBe(true);
    expect((await view(id, carol)).watching).toBe(false);
    expect((await view(id)).watching).toBe(false);
    await call('PUT', `/forum/threads/${id}/watch`, bob.cookie, { watching: false });
    expect((await findThreadUser(t.db, bob.id, id))?.watching).toBe(false);
    expect((await view(id, bob)).watching).toBe(false);
  });

  it('the author of a thread and every replier watch it automatically', async () => {
    const { id } = await newThread(alice);
    expect(await findThreadUser(t.db, alice.id, id)).toMatchObject({ watching: true, lastReadReplyId: null });
    const replyId = await reply(bob, id);
    expect(await findThreadUser(t.db, bob.id, id)).toMatchObject({
      watching: true,
      lastReadReplyId: replyId,
    });
  });
});

describe('grouped notifications for watchers', () => {
  it('one unread notification per member and thread counts the new replies, until it is read', async () => {
    const { id } = await newThread(alice, undefined, 'Grouping test thread');
    await call('PUT', `/forum/threads/${id}/watch`, carol.cookie, { watching: true });
    await reply(bob, id);
    let mine = await forumNotes(alice.id, id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ read: false, content: '1 new reply in Grouping test thread' });
    await reply(moderator, id);
    await reply(bob, id);
    mine = await forumNotes(alice.id, id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ content: '3 new replies in Grouping test thread' });
    expect(mine[0]!.data).toEqual({ threadId: id, count: '3' });
    // Bob watches since his first reply: the moderator's reply counts for him, his own never do.
    expect((await forumNotes(bob.id, id)).map((n) => n.content)).toEqual([
      '1 new reply in Grouping test thread',
    ]);
    expect(await forumNotes(carol.id, id)).toHaveLength(1);
    // The bell shows it, leading to the thread.
    const bell = (await call('GET', '/notifications?filter=unread', alice.cookie)).json();
    expect(bell.items.find((n: { id: string }) => n.id === mine[0]!.id)).toMatchObject({
      type: 'forum_reply',
      data: { threadId: id, count: '3' },
    });
    // Read in the bell: the next reply starts a new notification.
    expect((await call('POST', `/notifications/${mine[0]!.id}/read`, alice.cookie)).statusCode).toBe(200);
    await reply(carol, id);
    mine = await forumNotes(alice.id, id);
    expect(mine.map((n) => [n.read, n.content]).sort()).toEqual([
      [false, '1 new reply in Grouping test thread'],
      [true, '3 new replies in Grouping test thread'],
    ]);
  });

  it('members who do not watch, or stopped watching, get nothing', async () => {
    const { id } = await newThread(alice);
    await reply(bob, id);
    await call('PUT', `/forum/threads/${id}/watch`, alice.cookie, { watching: false });
    await reply(carol, id);
    expect((await forumNotes(alice.id, id)).map((n) => n.content)).toEqual([
      '1 new reply in Watched thread about ESP',
    ]);
    expect(await forumNotes(moderator.id, id)).toEqual([]);
  });

  it('each reply reaches the watchers live, naming their grouped row', async () => {
    const { id } = await newThread(alice);
    const payloads: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (p) => payloads.push(p));
    try {
      await reply(bob, id);
      await reply(carol, id);
      const [note] = await forumNotes(alice.id, id);
      const mineLive = () =>
        payloads
          .filter((p) => p.includes('fanOut'))
          .flatMap((p) => (JSON.parse(p) as { fanOut: [string, string][] }).fanOut)
          .filter(([userId]) => userId === alice.id);
      const deadline = Date.now() + 5000;
      while (mineLive().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(mineLive()).toEqual([
        [alice.id, note!.id],
        [alice.id, note!.id],
      ]);
    } finally {
      await stop();
    }
  });

  it('costs one statement for the watchers, however many they are', async () => {
    const { id } = await newThread(alice);
    const count = async () => {
      const { statements } = await countStatements(t.database, () => reply(bob, id));
      return statements.filter((s) => s.includes('"notifications"')).length;
    };
    const few = await count();
    const many = await Promise.all(Array.from({ length: 12 }, () => buildSignedInUser(t)));
    for (const w of many) await call('PUT', `/forum/threads/${id}/watch`, w.cookie, { watching: true });
    expect(await count()).toBe(few);
    expect(few).toBe(1);
    for (const w of many) expect(await forumNotes(w.id, id)).toHaveLength(1);
  });
});

describe('PUT /forum/threads/:id/read, unread counts and markers', () => {
  it('refuses visitors, bad input, unknown threads and replies of another thread', async () => {
    const { id } = await newThread(alice);
    const elsewhere = await reply(bob, (await newThread(alice)).id);
    expect((await call('PUT', `/forum/threads/${id}/read`, undefined, { replyId: null })).statusCode).toBe(
      401,
    );
    const bad = await markRead(bob, id, 'x' as never);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(m.replyNotFound);
    expect((await call('PUT', `/forum/threads/${id}/read`, bob.cookie, {})).statusCode).toBe(400);
    const unknown = await markRead(bob, crypto.randomUUID(), null);
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.threadNotFound]);
    const foreign = await markRead(bob, id, elsewhere);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, m.replyNotFound]);
  });

  it('counts unread watched threads per category in one statement; reading moves the count and marker', async () => {
    const a = await buildForumCategory(t);
    const b = await buildForumCategory(t);
    const [t1, t2, t3, t4] = [
      await newThread(alice, a.id, 'First watched thread'),
      await newThread(alice, a.id, 'Second watched thread'),
      await newThread(alice, b.id, 'Third watched thread'),
      await newThread(bob, a.id, 'Not watched by alice'),
    ];
    expect(await unreadIn(alice, a.id)).toBe(0);
    const r1 = await reply(bob, t1.id);
    await reply(carol, t1.id);
    await reply(bob, t2.id);
    await reply(carol, t4.id);
    expect([await unreadIn(alice, a.id), await unreadIn(alice, b.id)]).toEqual([2, 0]);
    expect(await unreadIn(undefined, a.id)).toBe(0);
    expect(await unreadIn(bob, a.id)).toBe(2); // t1 (carol's reply after his) and t4 (carol's)
    const { statements } = await countStatements(t.database, () => call('GET', '/forum/categories'));
    expect(statements).toHaveLength(1);
    const signedIn = await countStatements(t.database, () => call('GET', '/forum/categories', alice.cookie));
    expect(signedIn.statements.filter((s) => /forum_thread_users/.test(s))).toHaveLength(1);
    expect(signedIn.statements.filter((s) => /forum_categories/.test(s))).toHaveLength(1);

    // The thread list marks the unread ones, shows the last poster, latest activity first.
    const list = (await call('GET', `/forum/threads?categoryId=${a.id}`, alice.cookie)).json().items;
    expect(list.map((x: { id: string; unread: boolean }) => [x.id, x.unread])).toEqual([
      [t4.id, false],
      [t2.id, true],
      [t1.id, true],
    ]);
    expect(list[2]).toMatchObject({ replyCount: 2, lastPoster: { id: carol.id, username: carol.username } });
    const visitorList = (await call('GET', `/forum/threads?categoryId=${a.id}`)).json().items;
    expect(visitorList.map((x: { unread: boolean }) => x.unread)).toEqual([false, false, false]);

    // Part way: still unread; to the end: read, and the grouped notification with it.
    expect((await markRead(alice, t1.id, r1)).statusCode).toBe(204);
    expect((await findThreadUser(t.db, alice.id, t1.id))?.lastReadReplyId).toBe(r1);
    expect(await unreadIn(alice, a.id)).toBe(2);
    const last = (await view(t1.id, alice)).replies.items.at(-1)!.id;
    expect((await markRead(alice, t1.id, last)).statusCode).toBe(204);
    expect(await unreadIn(alice, a.id)).toBe(1);
    expect((await forumNotes(alice.id, t1.id)).map((n) => n.read)).toEqual([true]);
    expect((await forumNotes(alice.id, t2.id)).map((n) => n.read)).toEqual([false]);
    // Never backwards.
    await markRead(alice, t1.id, r1);
    expect((await findThreadUser(t.db, alice.id, t1.id))?.lastReadReplyId).toBe(last);
    expect(await unreadIn(alice, a.id)).toBe(1);
    // A new reply makes it unread again.
    await reply(carol, t1.id);
    expect(await unreadIn(alice, a.id)).toBe(2);
    await reply(bob, t3.id);
    expect([await unreadIn(alice, a.id), await unreadIn(alice, b.id)]).toEqual([2, 1]);
  });

  it('a deleted newest reply does not leave the thread unread for good', async () => {
    const { id, categoryId } = await newThread(alice);
    const first = await reply(bob, id);
    const gone = await reply(bob, id);
    await t.db.delete(forumReplies).where(eq(forumReplies.id, gone));
    expect(await unreadIn(alice, categoryId)).toBe(1);
    const page = await view(id, alice);
    expect(page.replies.items.map((r) => r.id)).toEqual([first]);
    await markRead(alice, id, first);
    expect(await unreadIn(alice, categoryId)).toBe(0);
  });
});

describe('the thread page opens at the first unread reply', () => {
  it('pages from the first unread reply for a member who has read before; from the start otherwise', async () => {
    const { id } = await newThread(alice);
    const early = await reply(bob, id, 'early');
    expect((await markRead(alice, id, early)).statusCode).toBe(204);
    const later: string[] = [];
    for (let i = 0; i < forumReplyPageSize + 3; i++) later.push(await reply(bob, id, `later ${i}`));
    const mine = await view(id, alice);
    expect(mine.repliesFrom).toBe('unread');
    expect(mine.firstUnreadReplyId).toBe(later[0]);
    expect(mine.replies.items.map((r) => r.id)).toEqual(later.slice(0, forumReplyPageSize));
    const rest = (
      await call('GET', `/forum/threads/${id}/replies?cursor=${mine.replies.nextCursor}`, alice.cookie)
    ).json();
    expect(rest.items.map((r: { id: string }) => r.id)).toEqual(later.slice(forumReplyPageSize));
    // The same page through the replies endpoint, from the unread cursor.
    const again = (
      await call('GET', `/forum/threads/${id}/replies?cursor=${mine.unreadCursor}`, alice.cookie)
    ).json();
    expect(again.items.map((r: { id: string }) => r.id)).toEqual(later.slice(0, forumReplyPageSize));
    for (const who of [undefined, carol]) {
      const start = await view(id, who);
      expect([start.repliesFrom, start.firstUnreadReplyId, start.unreadCursor]).toEqual([
        'start',
        null,
        null,
      ]);
      expect(start.replies.items[0]!.id).toBe(early);
    }
    // Read to the end: the start again.
    await markRead(alice, id, later.at(-1)!);
    expect((await view(id, alice)).repliesFrom).toBe('start');
  });

  it('costs the same statements with one unread reply or a full page of them', async () => {
    const { id } = await newThread(alice);
    await markRead(bob, id, null);
    await reply(carol, id);
    const cost = async () =>
      (
        await countStatements(t.database, async () => {
          const page = await view(id, bob);
          expect(page.repliesFrom).toBe('unread');
        })
      ).statements.length;
    const one = await cost();
    for (let i = 0; i < forumReplyPageSize + 5; i++) await reply(carol, id);
    expect(await cost()).toBe(one);
  });
});

describe('PUT /forum/replies/:id/like', () => {
  it('refuses visitors, bad input and unknown replies', async () => {
    const { id } = await newThread(alice);
    const replyId = await reply(bob, id);
    const visitor = await call('PUT', `/forum/replies/${replyId}/like`, undefined, { liked: true });
    expect([visitor.statusCode, visitor.json().error.message]).toEqual([401, m.loginToLike]);
    expect((await call('PUT', `/forum/replies/${replyId}/like`, alice.cookie, { liked: 1 })).statusCode).toBe(
      400,
    );
    const unknown = await call('PUT', `/forum/replies/${crypto.randomUUID()}/like`, alice.cookie, {
      liked: true,
    });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.replyNotFound]);
  });

  it('counts one like per member, kept in the row; the page shows the count and the viewer’s own like', async () => {
    const { id } = await newThread(alice);
    const replyId = await reply(bob, id);
    const like = (who: Member, liked: boolean) =>
      call('PUT', `/forum/replies/${replyId}/like`, who.cookie, { liked });
    expect((await like(alice, true)).json()).toEqual({ likeCount: 1, liked: true });
    expect((await like(alice, true)).json()).toEqual({ likeCount: 1, liked: true });
    expect((await like(carol, true)).json()).toEqual({ likeCount: 2, liked: true });
    expect((await like(carol, false)).json()).toEqual({ likeCount: 1, liked: false });
    expect((await like(carol, false)).json()).toEqual({ likeCount: 1, liked: false });
    const [row] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, replyId));
    expect(row!.likeCount).toBe(1);
    const likes = await t.db.select().from(forumReplyLikes).where(eq(forumReplyLikes.replyId, replyId));
    expect(likes.map((l) => l.userId)).toEqual([alice.id]);
    expect((await view(id, alice)).replies.items[0]).toMatchObject({ likeCount: 1, liked: true });
    expect((await view(id, carol)).replies.items[0]).toMatchObject({ likeCount: 1, liked: false });
    expect((await view(id)).replies.items[0]).toMatchObject({ likeCount: 1, liked: false });
  });
});

describe('locked threads', () => {
  it('refuse members’ replies; staff still reply, watch, and notify the watchers', async () => {
    const { id } = await newThread(alice);
    expect(
      (await call('PUT', `/forum/threads/${id}/lock`, moderator.cookie, { locked: true })).statusCode,
    ).toBe(200);
    const refused = await call('POST', `/forum/threads/${id}/replies`, bob.cookie, { content: 'Let me in' });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, m.threadLocked]);
    await reply(moderator, id, 'Locked: duplicate of another thread');
    expect((await findThreadUser(t.db, moderator.id, id))?.watching).toBe(true);
    expect((await forumNotes(alice.id, id)).map((n) => n.content)).toEqual([
      '1 new reply in Watched thread about ESP',
    ]);
    const [thread] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, id));
    expect(thread).toMatchObject({ replyCount: 1, lastPosterId: moderator.id });
  });
});

// Last in the file: the backfill runs over every thread of this test database.
describe('migration 0011 backfill', () => {
  it('sets each old thread’s last poster and makes its author and repliers watchers, read up to now', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0015_forum_watch_reads.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .slice(migration.indexOf('-- Hand-written backfill'))
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    expect(backfill).toHaveLength(2);
    const category = await buildForumCategory(t);
    const quiet = await buildForumThread(t, { userId: alice.id, categoryId: category.id });
    const busy = await buildForumThread(t, { userId: alice.id, categoryId: category.id });
    await buildForumReply(t, { userId: bob.id, threadId: busy.id, createdAt: new Date(Date.now() - 2000) });
    await buildForumReply(t, { userId: carol.id, threadId: busy.id, createdAt: new Date(Date.now() - 1000) });
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    const poster = async (id: string) =>
      (await t.db.select().from(forumThreads).where(eq(forumThreads.id, id)))[0]!.lastPosterId;
    expect([await poster(quiet.id), await poster(busy.id)]).toEqual([alice.id, carol.id]);
    for (const who of [alice, bob, carol]) {
      expect(await findThreadUser(t.db, who.id, busy.id)).toMatchObject({ watching: true });
    }
    expect(await findThreadUser(t.db, bob.id, quiet.id)).toBeUndefined();
    expect(await unreadIn(alice, category.id)).toBe(0);
  });
});
