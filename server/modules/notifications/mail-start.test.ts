import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { buildListing, buildSignedInUser, buildUser, fundUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { notify, notifyMany } from './service.ts';

/*
 * When a notification's 'notification-mail' job starts (plugins/queue.ts notificationMailStart, decision 079),
 * with members counting as away after 300 s: at once for a member with a device to push to (the job offers the
 * push first), otherwise when the member counts as away, instead of a first run that only queued itself again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MAIL_AWAY_SECONDS: '300' } });
});
afterAll(() => t.close());

const withDevice = async () => {
  const member = await buildSignedInUser(t);
  await t.db.insert(pushSubscriptions).values({
    userId: member.id,
    endpoint: `https://push.example/${randomUUID()}`,
    p256dh: 'key',
    auth: 'auth',
    kinds: ['messages', 'orders'],
  });
  return member;
};

/** Seconds between each of the member's notifications' mail job being queued and its start. */
const waits = async (userId: string) =>
  (
    await rows<{ wait: number }>(
      t.db,
      sql`select round(extract(epoch from j.start_after - j.created_on))::int as wait
        from pgboss.job j join notifications n on n.id = (j.data ->> 'notificationId')::uuid
        where j.name = 'notification-mail' and n.user_id = ${userId}::uuid`,
    )
  ).map((r) => r.wait);

const message = (from: { cookie: string }, to: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: { cookie: from.cookie, origin: 'http://localhost:3000' },
    payload: { recipientId: to, message: 'hello there' },
  });

describe("a notification's mail job", () => {
  it('a direct message: at once for a recipient with a device, after the away time for one without', async () => {
    const sender = await buildSignedInUser(t);
    const [pushed, plain] = [await withDevice(), await buildUser(t)];
    expect((await message(sender, pushed.id)).statusCode).toBe(201);
    expect((await message(sender, plain.id)).statusCode).toBe(201);
    expect([await waits(pushed.id), await waits(plain.id)]).toEqual([[0], [300]]);
  });

  it('a purchase: the seller’s job the same way', async () => {
    const buyer = await buildSignedInUser(t);
    await fundUser(t, buyer.id, 10000);
    for (const seller of [await withDevice(), await buildUser(t)]) {
      const listing = await buildListing(t, { userId: seller.id, price: 100 });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listing.id}/purchase`,
        headers: { cookie: buyer.cookie, origin: 'http://localhost:3000' },
        payload: { expectedPrice: 100 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sellers = await rows<{ seller: string }>(
      t.db,
      sql`select o.seller_id as seller from marketplace_orders o
        where o.buyer_id = ${buyer.id}::uuid order by o.created_at`,
    );
    expect([await waits(sellers[0]!.seller), await waits(sellers[1]!.seller)]).toEqual([[0], [300]]);
  });

  it('notify() and a statement notifying many: per member', async () => {
    const [pushed, plain] = [await withDevice(), await buildUser(t)];
    await t.db.transaction(async (tx) => {
      for (const member of [pushed, plain])
        await notify(tx, { userId: member.id, type: 'order_update', title: 'One', content: 'One of a kind' });
      await notifyMany(
        tx,
        sql`select p.id as user_id, null::text as locale, 'Many at once' as content, '{}'::jsonb as data
          from profiles p where p.id in (${pushed.id}::uuid, ${plain.id}::uuid)`,
        'order_update',
        () => 'Many',
      );
    });
    expect([await waits(pushed.id), await waits(plain.id)]).toEqual([
      [0, 0],
      [300, 300],
    ]);
  });
});
