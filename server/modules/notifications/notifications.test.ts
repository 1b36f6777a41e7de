import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '../../../contract/messages.ts';
import { type NotificationPage, notificationTarget } from '../../../contract/notifications.ts';
import { notifications } from '../../db/schema/index.ts';
import { buildNotification, buildSignedInUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { notify } from './service.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof buildSignedInUser>>;
let bob: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildSignedInUser(t);
  bob = await buildSignedInUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const readRow = async (id: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0];
const secondsAgo = (n: number) => new Date(Date.now() - n * 1000);

describe('notify()', () => {
  it('inserts inside the caller transaction and disappears with a rollback', async () => {
    const carol = await buildSignedInUser(t);
    await t.db
      .transaction(async (tx) => {
        await notify(tx, { userId: carol.id, type: 'message_new', title: 'x', content: 'y' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, carol.id))).toHaveLength(0);
    const row = await t.db.transaction((tx) =>
      notify(tx, {
        userId: carol.id,
        type: 'marketplace_new',
        title: 'New listing',
        content: 'Aimbot',
        data: { listingId: randomUUID() },
      }),
    );
    expect(await readRow(row.id)).toMatchObject({ userId: carol.id, read: false, type: 'marketplace_new' });
  });

  it('refuses an unknown type at the database', async () => {
    await expect(
      notify(t.db, { userId: alice.id, type: 'nonsense' as never, title: 'x', content: 'y' }),
    ).rejects.toThrow();
  });
});

describe('GET /api/v1/notifications', () => {
  it('is 401 signed out', async () => {
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
  });

  it('rejects a forged cursor and an unknown filter', async () => {
    expect((await call('GET', '/notifications?cursor=abc', alice.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?filter=nope', alice.cookie)).statusCode).toBe(400);
  });

  it('lists only mine, unread first then newest first, with the unread count, in pages', async () => {
    const dave = await buildSignedInUser(t);
    const oldUnread = await buildNotification(t, dave.id, { createdAt: secondsAgo(300) });
    const newRead = await buildNotification(t, dave.id, { createdAt: secondsAgo(10), read: true });
    const newUnread = await buildNotification(t, dave.id, { createdAt: secondsAgo(100) });
    await buildNotification(t, bob.id);
    const page: NotificationPage = (await call('GET', '/notifications', dave.cookie)).json();
    expect(page.items.map((n) => n.id)).toEqual([newUnread.id, oldUnread.id, newRead.id]);
    expect(page.unreadCount).toBe(2);
    expect(page.nextCursor).toBeNull();
    const unread: NotificationPage = (await call('GET', '/notifications?filter=unread', dave.cookie)).json();
    expect(unread.items.map((n) => n.id)).toEqual([newUnread.id, oldUnread.id]);
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      ['content', 'createdAt', 'data', 'id', 'read', 'title', 'type'].sort(),
    );
  });

  it('pages with a keyset cursor in one statement per page whatever its size', async () => {
    const erin = await buildSignedInUser(t);
    for (let i = 0; i < 25; i++)
      await buildNotification(t, erin.id, { createdAt: secondsAgo(i), read: i % 3 === 0 });
    const seen: string[] = [];
    let cursor: string | null = null;
    const counts: number[] = [];
    do {
      const url = `/notifications${cursor ? `?cursor=${cursor}` : ''}`;
      const { result, statements } = await countStatements(t.database, () => call('GET', url, erin.cookie));
      const page: NotificationPage = result.json();
      counts.push(statements.filter((s) => /notifications/.test(s)).length);
      seen.push(...page.items.map((n) => n.id));
      expect(page.unreadCount).toBe(16);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(counts).toEqual([1, 1]);
  });
});

describe('POST /api/v1/notifications/:id/read', () => {
  it('is 401 signed out, 404 unknown or not mine, 400 for a bad id', async () => {
    const n = await buildNotification(t, alice.id);
    expect((await call('POST', `/notifications/${n.id}/read`)).statusCode).toBe(401);
    const foreign = await call('POST', `/notifications/${n.id}/read`, bob.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(notificationMessages.notFound);
    expect((await readRow(n.id))?.read).toBe(false);
    expect((await call('POST', `/notifications/${randomUUID()}/read`, alice.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/notifications/nope/read', alice.cookie)).statusCode).toBe(400);
  });

  it('marks my notification read', async () => {
    const n = await buildNotification(t, alice.id);
    const res = await call('POST', `/notifications/${n.id}/read`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect((await readRow(n.id))?.read).toBe(true);
  });
});

describe('POST /api/v1/notifications/read-all', () => {
  it('is 401 signed out', async () => {
    expect((await call('POST', '/notifications/read-all')).statusCode).toBe(401);
  });

  it('marks all of mine read and nobody else’s', async () => {
    const frank = await buildSignedInUser(t);
    await buildNotification(t, frank.id);
    await buildNotification(t, frank.id);
    const others = await buildNotification(t, bob.id);
    const res = await call('POST', '/notifications/read-all', frank.cookie);
    expect(res.json()).toEqual({ updated: 2 });
    const left = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, frank.id), eq(notifications.read, false)));
    expect(left).toHaveLength(0);
    expect((await readRow(others.id))?.read).toBe(false);
  });
});

describe('notificationTarget()', () => {
  it('opens the listing, the conversation, the orders page, the ticket or the forum thread', () => {
    expect(notificationTarget({ type: 'marketplace_new', data: { listingId: 'l1' } })).toBe(
      '/marketplace/l1',
    );
    expect(notificationTarget({ type: 'message_new', data: { conversationUserId: 'u1' } })).toBe(
      '/messages/u1',
    );
    expect(notificationTarget({ type: 'order_completed', data: { listingId: 'l1' } })).toBe('/orders');
    expect(notificationTarget({ type: 'ticket_reply', data: { ticketId: 't1' } })).toBe('/tickets/t1');
    expect(notificationTarget({ type: 'forum_reply', data: { threadId: 'th1', count: '3' } })).toBe(
      '/forum/post/th1',
    );
    expect(notificationTarget({ type: 'message_new', data: {} })).toBeNull();
  });
});
