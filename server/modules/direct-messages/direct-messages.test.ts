import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPage, DirectMessage, ThreadResponse } from '../../../contract/direct-messages.ts';
import { directMessageTexts } from '../../../contract/messages.ts';
import { conversations, directMessages, notifications, userBlocks } from '../../db/schema/index.ts';
import { buildDirectMessage, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { derivedConversations } from './queries.ts';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob, carol] = [await buildSignedInUser(t), await buildSignedInUser(t), await buildSignedInUser(t)];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const send = (from: Member, to: { id: string }, message: string) =>
  call('POST', '/messages', from.cookie, { recipientId: to.id, message });
const readMessage = async (id: string) =>
  (await t.db.select().from(directMessages).where(eq(directMessages.id, id)))[0];
const secondsAgo = (n: number) => new Date(Date.now() - n * 1000);

describe('POST /api/v1/messages', () => {
  it('is 401 signed out with the spec text', async () => {
    const res = await call('POST', '/messages', undefined, { recipientId: bob.id, message: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(directMessageTexts.loginToSend);
  });

  it('400: blank, too long, no recipient, myself', async () => {
    for (const [payload, message] of [
      [{ recipientId: bob.id, message: '   ' }, directMessageTexts.messageRequired],
      [{ recipientId: bob.id }, directMessageTexts.messageRequired],
      [{ recipientId: bob.id, message: 'x'.repeat(2001) }, directMessageTexts.messageTooLong],
      [{ message: 'hi' }, directMessageTexts.recipientRequired],
      [{ recipientId: 'nope', message: 'hi' }, directMessageTexts.recipientRequired],
      [{ recipientId: alice.id, message: 'hi' }, directMessageTexts.cannotMessageSelf],
    ] as const) {
      const res = await call('POST', '/messages', alice.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('404 for an unknown recipient', async () => {
    const res = await call('POST', '/messages', alice.cookie, { recipientId: randomUUID(), message: 'hi' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(directMessageTexts.userNotFound);
  });

  it('stores the trimmed message unread and notifies the recipient (not the sender)', async () => {
    const res = await send(alice, bob, '  Hello Bob <b>  ');
    expect(res.statusCode).toBe(201);
    const sent: DirectMessage = res.json();
    expect(sent).toMatchObject({
      senderId: alice.id,
      recipientId: bob.id,
      message: 'Hello Bob <b>',
      read: false,
    });
    expect(await readMessage(sent.id)).toMatchObject({ message: 'Hello Bob <b>', read: false });
    const bobs = await t.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({
      type: 'message_new',
      read: false,
      data: { conversationUserId: alice.id },
    });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, alice.id))).toHaveLength(0);
  });

  it('costs one statement and the mail job between members who wrote before; a first contact two more', async () => {
    const [x, y] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    // What the send itself sends: the session lookup and the rate limit's hit are every write's.
    const sending =
      /direct_messages|conversations|notifications|user_blocks|user_settings|site_settings|pgboss|pg_notify|pg_advisory/;
    const first = await countStatements(t.database, () => send(x, y, 'first'));
    expect(first.result.statusCode).toBe(201);
    // The send (which finds no earlier message and takes the first-contact lock), the count under that
    // lock, the send again, the job.
    expect(first.statements.filter((s) => sending.test(s))).toHaveLength(4);
    const again = await countStatements(t.database, () => send(y, x, 'again'));
    expect(again.result.statusCode).toBe(201);
    expect(again.statements.filter((s) => sending.test(s))).toHaveLength(2);
    const toX = await t.db.select().from(notifications).where(eq(notifications.userId, x.id));
    expect(toX).toMatchObject([
      { type: 'message_new', content: `${y.username}: again`, data: { conversationUserId: y.id } },
    ]);
  });
});

describe('blocks', () => {
  it('PUT/DELETE /users/:id/block: 401, 400 self, 404 unknown, and both sides cannot message', async () => {
    const [dan, eve] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    expect((await call('PUT', `/users/${eve.id}/block`)).statusCode).toBe(401);
    const self = await call('PUT', `/users/${dan.id}/block`, dan.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(directMessageTexts.cannotBlockSelf);
    expect((await call('PUT', `/users/${randomUUID()}/block`, dan.cookie)).statusCode).toBe(404);

    await send(eve, dan, 'before the block');
    const blocked = await call('PUT', `/users/${eve.id}/block`, dan.cookie);
    expect(blocked.json()).toEqual({ blocked: true });
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, dan.id))).toHaveLength(1);

    const mine = await send(dan, eve, 'hi');
    expect(mine.statusCode).toBe(403);
    expect(mine.json().error.message).toBe(directMessageTexts.blockedByMe);
    const theirs = await send(eve, dan, 'hi');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe(directMessageTexts.blockedByThem);

    // The existing thread stays readable and says why nobody can write.
    const thread: ThreadResponse = (await call('GET', `/conversations/${dan.id}`, eve.cookie)).json();
    expect(thread).toMatchObject({ blockedByMe: false, blockedByThem: true });
    expect(thread.items).toHaveLength(1);

    expect((await call('DELETE', `/users/${eve.id}/block`, dan.cookie)).json()).toEqual({ blocked: false });
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, dan.id))).toHaveLength(0);
    expect((await send(eve, dan, 'after')).statusCode).toBe(201);
  });
});

describe('GET /api/v1/conversations/:userId', () => {
  it('is 401 signed out, 404 unknown member or myself, 400 bad cursor', async () => {
    const res = await call('GET', `/conversations/${bob.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(directMessageTexts.loginToView);
    expect((await call('GET', `/conversations/${randomUUID()}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/conversations/${alice.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/conversations/nope', alice.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/conversations/${bob.id}?cursor=zzz`, alice.cookie)).statusCode).toBe(400);
  });

  it('is private to the two participants', async () => {
    const [x, y] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildDirectMessage(t, x.id, y.id, { message: 'secret' });
    const asCarol: ThreadResponse = (await call('GET', `/conversations/${x.id}`, carol.cookie)).json();
    expect(asCarol.items).toEqual([]);
    const list: ConversationPage = (await call('GET', '/conversations', carol.cookie)).json();
    expect(list.items.some((c) => c.lastMessage.message === 'secret')).toBe(false);
  });

  it('lists oldest first, marks received read on opening (not sent ones), pages older messages', async () => {
    const [x, y] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      const from = i % 2 === 0 ? x : y;
      const to = i % 2 === 0 ? y : x;
      ids.push((await buildDirectMessage(t, from.id, to.id, { createdAt: secondsAgo(100 - i) })).id);
    }
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', `/conversations/${x.id}`, y.cookie),
    );
    // The counterpart with both block flags, the page, the read update: 3 whatever the page size.
    expect(statements.filter((s) => /direct_messages|user_blocks/.test(s))).toHaveLength(3);
    const first: ThreadResponse = result.json();
    expect(first.user.id).toBe(x.id);
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(5));
    // Received by y: read now; sent by y to x: still unread.
    expect((await readMessage(ids[54]!))?.read).toBe(true);
    expect((await readMessage(ids[53]!))?.read).toBe(false);
    // Older page: the 5 oldest, and opening it does not touch flags of the older page.
    const older: ThreadResponse = (
      await call('GET', `/conversations/${x.id}?cursor=${first.nextCursor}`, y.cookie)
    ).json();
    expect(older.items.map((m) => m.id)).toEqual(ids.slice(0, 5));
    expect(older.nextCursor).toBeNull();
  });
});

describe('GET /api/v1/conversations', () => {
  it('is 401 signed out', async () => {
    expect((await call('GET', '/conversations')).statusCode).toBe(401);
  });

  it('lists counterparts with latest message and unread count, newest first, one statement per page', async () => {
    const me = await buildSignedInUser(t);
    const [p, q] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await buildDirectMessage(t, p.id, me.id, { message: 'p1', createdAt: secondsAgo(50) });
    await buildDirectMessage(t, p.id, me.id, { message: 'p2', createdAt: secondsAgo(40) });
    await buildDirectMessage(t, me.id, q.id, { message: 'q1', createdAt: secondsAgo(45) });
    await buildDirectMessage(t, q.id, me.id, { message: 'q2', createdAt: secondsAgo(30), read: true });
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', '/conversations', me.cookie),
    );
    expect(statements.filter((s) => /direct_messages/.test(s))).toHaveLength(1);
    const page: ConversationPage = result.json();
    expect(page.items).toEqual([
      {
        user: { id: q.id, username: q.username, avatarUrl: null },
        lastMessage: { message: 'q2', createdAt: expect.any(String), fromMe: false },
        unreadCount: 0,
      },
      {
        user: { id: p.id, username: p.username, avatarUrl: null },
        lastMessage: { message: 'p2', createdAt: expect.any(String), fromMe: false },
        unreadCount: 2,
      },
    ]);
  });

  it('pages with a keyset cursor', async () => {
    const me = await buildSignedInUser(t);
    for (let i = 0; i < 32; i++) {
      const other = await buildUser(t);
      await buildDirectMessage(t, other.id, me.id, { createdAt: secondsAgo(i) });
    }
    const first: ConversationPage = (await call('GET', '/conversations', me.cookie)).json();
    expect(first.items).toHaveLength(30);
    const second: ConversationPage = (
      await call('GET', `/conversations?cursor=${first.nextCursor}`, me.cookie)
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((c) => c.user.id);
    expect(new Set(all).size).toBe(32);
    expect((await call('GET', '/conversations?cursor=abc', me.cookie)).statusCode).toBe(400);
  });
});

describe('conversation rows', () => {
  it('stay what the messages say through sends, reads and deletes in any order', async () => {
    const people = [await buildSignedInUser(t), await buildSignedInUser(t), await buildSignedInUser(t)];
    const ids = people.map((p) => p.id);
    // A fixed pseudo-random walk, so a failure replays: 60 steps of send, open (read) or delete.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 60; step++) {
      const a = next(3);
      const b = (a + 1 + next(2)) % 3;
      const [me, other] = [people[a]!, people[b]!];
      const action = next(10);
      if (action < 6) expect((await send(me, other, `step ${step}`)).statusCode).toBe(201);
      else if (action < 9)
        expect((await call('GET', `/conversations/${other.id}`, me.cookie)).statusCode).toBe(200);
      else expect((await call('DELETE', `/conversations/${other.id}`, me.cookie)).statusCode).toBe(200);
    }
    const among = sql`owner_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
    const kept = await t.db.execute(
      sql`select owner_id, other_id, last_message_id, unread from ${conversations} where ${among} order by 1, 2`,
    );
    const derived = await t.db.execute(
      sql`select owner_id, other_id, last_message_id, unread from (${derivedConversations()}) d where ${among} order by 1, 2`,
    );
    expect((kept as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual(
      (derived as unknown as { rows: unknown[] }).rows,
    );
    // And the list shows them: each member's unread counts are the messages they have not opened.
    for (const p of people) {
      const page: ConversationPage = (await call('GET', '/conversations', p.cookie)).json();
      const unread = await t.db
        .select()
        .from(directMessages)
        .where(
          and(
            eq(directMessages.recipientId, p.id),
            eq(directMessages.read, false),
            eq(directMessages.deletedByRecipient, false),
          ),
        );
      expect(page.items.reduce((n, c) => n + c.unreadCount, 0)).toBe(unread.length);
    }
  });

  it('list one page in one statement that reads the page, not the history', async () => {
    const me = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    for (let i = 0; i < 5; i++) await send(other, me, `m${i}`);
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', '/conversations', me.cookie),
    );
    // Besides the session lookup, one statement, and it starts from my conversation rows.
    const reads = statements.filter((q) => /conversations|direct_messages/.test(q));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from "conversations" inner join "profiles"/);
    expect((result.json() as ConversationPage).items[0]).toMatchObject({
      unreadCount: 5,
      lastMessage: { message: 'm4' },
    });
  });
});

describe('DELETE /api/v1/conversations/:userId', () => {
  it('is 401 signed out, 404 unknown', async () => {
    expect((await call('DELETE', `/conversations/${bob.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/conversations/${randomUUID()}`, alice.cookie)).statusCode).toBe(404);
  });

  it('removes it for me only; the other side keeps it; rows go when both deleted', async () => {
    const [x, y] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const m1 = await buildDirectMessage(t, x.id, y.id);
    await buildDirectMessage(t, y.id, x.id);
    expect((await call('DELETE', `/conversations/${y.id}`, x.cookie)).statusCode).toBe(200);
    const forX: ConversationPage = (await call('GET', '/conversations', x.cookie)).json();
    expect(forX.items).toEqual([]);
    expect(((await call('GET', `/conversations/${y.id}`, x.cookie)).json() as ThreadResponse).items).toEqual(
      [],
    );
    const forY: ThreadResponse = (await call('GET', `/conversations/${x.id}`, y.cookie)).json();
    expect(forY.items).toHaveLength(2);
    expect((await readMessage(m1.id))?.deletedBySender).toBe(true);

    await call('DELETE', `/conversations/${x.id}`, y.cookie);
    const left = await t.db
      .select()
      .from(directMessages)
      .where(and(eq(directMessages.senderId, x.id), eq(directMessages.recipientId, y.id)));
    expect(left).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('stops a flood of messages with 429', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const [x, y] = [await buildSignedInUser(limited), await buildSignedInUser(limited)];
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/messages',
          headers: { cookie: x.cookie },
          payload: { recipientId: y.id, message: `m${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
