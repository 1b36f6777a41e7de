import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles, userFollowers, userSettings } from '../../db/schema/index.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { collect, drained, listenerDrained, type Socket, socketClients, until } from '../../test/sockets.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { notifyFollowersOfListing } from '../commerce/listings/queries/selling.ts';
import { FAN_OUT_CHUNK, type FanOutEvent, REALTIME_CHANNEL } from '../realtime/bus.ts';

/** Notifications reach their owner's sockets live, including the marketplace's one-statement fan-out. */
let t: TestApp;
let clients: ReturnType<typeof socketClients>;
const origin = 'http://localhost:3000';
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  clients = socketClients(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, origin);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = (who: Member) => clients.openConnected(who.cookie);
const notify = (channel: string, payload: string) =>
  t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
const valid = {
  title: 'Wallhack for CS2',
  game: 'Counter-Strike 2',
  type: 'cheat',
  detectionStatus: 'undetected',
  features: 'ESP',
  requirements: 'Windows 10+',
  description: 'A private wallhack with a clean overlay.',
  contentLink: 'https://files.example.com/wall.zip',
  price: 120,
  imageUrl: '',
};
const idsOf = async (userId: string) =>
  (
    await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))
  ).map((r) => r.id);

describe('marketplace_new notifications', () => {
  it('a new listing reaches each following member’s sockets live, only theirs, once per row', async () => {
    const [seller, fan, fanTwoTabs, quiet, stranger] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    await t.db
      .insert(userFollowers)
      .values([fan, fanTwoTabs, quiet].map((f) => ({ followerId: f.id, followingId: seller.id })));
    // `quiet` turned marketplace updates off: no row, so no event either.
    await t.db
      .insert(userSettings)
      .values({ userId: quiet.id, marketplaceUpdates: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { marketplaceUpdates: false } });
    const opened: Socket[] = await Promise.all(
      [fan, fanTwoTabs, fanTwoTabs, quiet, stranger, seller].map(open),
    );
    const seen = opened.map((s) => collect<{ id: string }>(s, 'notification'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { cookie: seller.cookie, origin },
      payload: valid,
    });
    expect(res.statusCode, res.body).toBe(201);
    await until(() => seen[0]!.length > 0 && seen[1]!.length > 0 && seen[2]!.length > 0);
    await drained(
      notify,
      opened.map((s, i) => [s, `user:${[fan, fanTwoTabs, fanTwoTabs, quiet, stranger, seller][i]!.id}`]),
    );
    // Each event names the member's own new row.
    expect(seen[0]!.map((e) => e.id)).toEqual(await idsOf(fan.id));
    expect(seen[1]!.map((e) => e.id)).toEqual(await idsOf(fanTwoTabs.id));
    expect(seen[2]).toEqual(seen[1]);
    expect(seen[3]).toEqual([]);
    expect(seen[4]).toEqual([]);
    expect(seen[5]).toEqual([]);
  });

  it('many followers: one statement, one NOTIFY per chunk, every pair exactly once, each under 8,000 bytes', async () => {
    const seller = await buildSignedInUser(t);
    const count = FAN_OUT_CHUNK * 2 + 7;
    // Followers inserted directly: only their rows and events are looked at here.
    const followers = Array.from({ length: count }, () => {
      const id = randomUUID();
      return { id, username: `fan_${id.slice(0, 12)}`, email: `fan_${id}@example.com` };
    });
    await t.db.insert(profiles).values(followers);
    await t.db
      .insert(userFollowers)
      .values(followers.map((f) => ({ followerId: f.id, followingId: seller.id })));
    const payloads: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (p) => payloads.push(p));
    try {
      const listing = { id: randomUUID(), title: 'Bulk listing' };
      const { statements } = await countStatements(t.database, () =>
        t.db.transaction((tx) => notifyFollowersOfListing(tx, seller.id, listing, seller.username)),
      );
      await until(() => payloads.filter((p) => p.includes('fanOut')).length >= 3);
      await listenerDrained(notify, payloads);
      const fanOuts = payloads.filter((p) => p.includes('fanOut'));
      expect(fanOuts).toHaveLength(Math.ceil(count / FAN_OUT_CHUNK));
      for (const p of fanOuts) expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const pairs = fanOuts.flatMap((p) => (JSON.parse(p) as FanOutEvent).fanOut);
      expect(new Set(pairs.map(([userId]) => userId))).toEqual(new Set(followers.map((f) => f.id)));
      expect(pairs).toHaveLength(count);
      const rows = await t.db
        .select({ id: notifications.id, userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.type, 'marketplace_new'));
      const byId = new Map(rows.map((r) => [r.id, r.userId]));
      for (const [userId, id] of pairs) expect(byId.get(id)).toBe(userId);
      // The rows and their events: one statement, whatever the number of followers.
      const writes = statements.filter((q) => q.includes('"notifications"'));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toContain('pg_notify');
    } finally {
      await stop();
    }
  });

  it('a rolled-back listing sends nothing', async () => {
    const [seller, fan] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await t.db.insert(userFollowers).values({ followerId: fan.id, followingId: seller.id });
    const socket = await open(fan);
    const seen = collect<{ id: string }>(socket, 'notification');
    await t.db
      .transaction(async (tx) => {
        await notifyFollowersOfListing(tx, seller.id, { id: randomUUID(), title: 'Never' }, seller.username);
        throw new Error('rollback');
      })
      .catch(() => {});
    await drained(notify, [[socket, `user:${fan.id}`]]);
    expect(seen).toEqual([]);
    expect(await idsOf(fan.id)).toEqual([]);
  });
});

describe('other notifications', () => {
  it('a new message’s notification reaches only the recipient, naming the row they can read', async () => {
    const [alice, bob] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    const [aliceSocket, bobSocket] = await Promise.all([open(alice), open(bob)]);
    const [aliceSeen, bobSeen] = [
      collect<{ id: string }>(aliceSocket, 'notification'),
      collect<{ id: string }>(bobSocket, 'notification'),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { cookie: alice.cookie, origin },
      payload: { recipientId: bob.id, message: 'ping' },
    });
    expect(res.statusCode).toBe(201);
    await until(() => bobSeen.length > 0);
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { cookie: bob.cookie },
    });
    expect(bell.json().items.map((n: { id: string }) => n.id)).toContain(bobSeen[0]!.id);
    await drained(notify, [[aliceSocket, `user:${alice.id}`]]);
    expect(aliceSeen).toEqual([]);
  });
});
