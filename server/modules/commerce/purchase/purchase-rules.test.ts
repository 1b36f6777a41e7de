import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import { ledgerEntries, marketplaceListings, marketplaceOrders, profiles } from '../../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerCheck } from '../../wallet/service.ts';
import { releaseDueOrders } from '../orders/service.ts';

/* Issue 14 rules 1, 2 and 4 (the marketplace side) and issue 13 part 5: the purchase's price, key and cost. */

let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let admin: Member;
let seller: Member;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, seller] = await Promise.all([buildSignedInUser(t, { role: 'admin' }), buildSignedInUser(t)]);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  cookie?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
const buy = (listingId: string, cookie: string, expectedPrice: unknown, key?: string) =>
  call(
    'POST',
    `/api/v1/listings/${listingId}/purchase`,
    cookie,
    { expectedPrice },
    key ? { 'idempotency-key': key } : {},
  );
const credits = async (id: string) =>
  (await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;
const ordersFor = (listingIds: string[]) =>
  t.db.select().from(marketplaceOrders).where(inArray(marketplaceOrders.listingId, listingIds));
const readListing = async (id: string) =>
  (await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id)))[0]!;
const ledgerRowsOf = (userId: string) =>
  t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
type Listing = Awaited<ReturnType<typeof buildListing>>;
const expectLedgerExact = async () => expect((await ledgerCheck(t.db)).ok).toBe(true);

async function fundedBuyer(amount = 1000) {
  const b = await buildSignedInUser(t);
  await fundUser(t, b.id, amount);
  return b;
}

describe('price bait: the purchase carries the price the buyer saw', () => {
  it('answers 409 with the new price and moves nothing when the seller raised the price after the look', async () => {
    const b = await fundedBuyer();
    const l = await buildListing(t, { userId: seller.id, price: 100 });
    // The buyer looked at 100; the seller edits it to 900 before the click.
    const edit = await call('PATCH', `/api/v1/listings/${l.id}`, seller.cookie, {
      title: l.title,
      description: l.description,
      price: 900,
      imageUrl: null,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const ledgerBefore = await ledgerRowsOf(b.id);
    const res = await buy(l.id, b.cookie, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The price changed to 900 credits. Check the listing and try again.',
    );
    expect(res.json().error.message).toBe(m.priceChanged(900));
    expect(await readListing(l.id)).toMatchObject({ status: 'active', soldTo: null, price: 900 });
    expect(await credits(b.id)).toBe(1000);
    expect(await ordersFor([l.id])).toEqual([]);
    expect(await ledgerRowsOf(b.id)).toHaveLength(ledgerBefore.length);
    // At the price now on screen, the purchase goes through.
    const again = await buy(l.id, b.cookie, 900);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ price: 900, status: 'held' });
    expect(await credits(b.id)).toBe(100);
    await expectLedgerExact();
  });

  it('refuses a lowered price too: the buyer agreed to what they saw, nothing else', async () => {
    const b = await fundedBuyer();
    const l = await buildListing(t, { userId: seller.id, price: 80 });
    const res = await buy(l.id, b.cookie, 120);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.priceChanged(80));
    expect(await credits(b.id)).toBe(1000);
    expect((await readListing(l.id)).status).toBe('active');
  });

  it.each([
    ['missing', {}],
    ['a string', { expectedPrice: '100' }],
    ['a fraction', { expectedPrice: 99.5 }],
    ['zero', { expectedPrice: 0 }],
    ['past the largest price', { expectedPrice: 100_001 }],
    ['a boolean', { expectedPrice: true }],
  ])('answers 400 when the price seen is %s, and moves nothing', async (_, body) => {
    const b = await fundedBuyer();
    const l = await buildListing(t, { userId: seller.id, price: 100 });
    const res = await call('POST', `/api/v1/listings/${l.id}/purchase`, b.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.expectedPriceRequired);
    expect(await credits(b.id)).toBe(1000);
    expect((await readListing(l.id)).status).toBe('active');
  });
});

describe('Idempotency-Key bound to its buyer and listing', () => {
  it('a reuse for another listing answers 422 and never the first order; nothing moves', async () => {
    const b = await fundedBuyer();
    const [l1, l2] = await Promise.all([
      buildListing(t, { userId: seller.id, price: 50 }),
      buildListing(t, { userId: seller.id, price: 60 }),
    ]);
    const key = randomUUID();
    const first = await buy(l1.id, b.cookie, 50, key);
    expect(first.statusCode).toBe(201);
    const reused = await buy(l2.id, b.cookie, 60, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(m.idempotencyKeyReused);
    expect(reused.body).not.toContain(first.json().id);
    expect((await readListing(l2.id)).status).toBe('active');
    expect(await ordersFor([l2.id])).toEqual([]);
    expect(await credits(b.id)).toBe(950);
    // The same buyer, listing and key still replays the first order.
    const replay = await buy(l1.id, b.cookie, 50, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    await expectLedgerExact();
  });

  it('a reuse by another member answers 422 and does not show them the first order', async () => {
    const [b, thief] = await Promise.all([fundedBuyer(), fundedBuyer()]);
    const [l1, l2] = await Promise.all([
      buildListing(t, { userId: seller.id, price: 50 }),
      buildListing(t, { userId: seller.id, price: 50 }),
    ]);
    const key = randomUUID();
    const first = await buy(l1.id, b.cookie, 50, key);
    expect(first.statusCode).toBe(201);
    for (const listing of [l1, l2]) {
      const res = await buy(listing.id, thief.cookie, 50, key);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(m.idempotencyKeyReused);
      expect(res.body).not.toContain(first.json().id);
      expect(res.body).not.toContain(l1.contentLink);
    }
    expect(await credits(thief.id)).toBe(1000);
    expect((await readListing(l2.id)).status).toBe('active');
  });

  it('keys expire after 24 h: a later reuse is a new purchase, and the release sweep prunes old keys', async () => {
    const b = await fundedBuyer();
    const [l1, l2, l3] = (await Promise.all(
      [10, 20, 30].map((price) => buildListing(t, { userId: seller.id, price })),
    )) as [Listing, Listing, Listing];
    const [k1, k2] = [randomUUID(), randomUUID()];
    const first = await buy(l1.id, b.cookie, 10, k1);
    const second = await buy(l2.id, b.cookie, 20, k2);
    const age = (id: string, hours: number) =>
      t.db
        .update(marketplaceOrders)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(marketplaceOrders.id, id));
    await age(first.json().id, 25);
    await age(second.json().id, 23);
    const later = await buy(l3.id, b.cookie, 30, k1);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    const keyOf = async (id: string) =>
      (await t.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, id)))[0]!.idempotencyKey;
    expect(await keyOf(first.json().id)).toBeNull();
    expect(await keyOf(later.json().id)).toBe(k1);
    // 23 h old: still bound. Past 24 h, the sweep unbinds it.
    await releaseDueOrders(t.db);
    expect(await keyOf(second.json().id)).toBe(k2);
    await age(second.json().id, 25);
    await releaseDueOrders(t.db);
    expect(await keyOf(second.json().id)).toBeNull();
    expect(await credits(b.id)).toBe(940);
    await expectLedgerExact();
  });
});

describe("a banned seller's listings", () => {
  it('leave browse and search and cannot be bought; unbanning brings them back', async () => {
    const s = await buildSignedInUser(t);
    const b = await fundedBuyer();
    const word = `zq${randomUUID().slice(0, 6)}`;
    const active = await buildListing(t, { userId: s.id, price: 40, title: `Banned ${word} active` });
    const sold = await buildListing(t, {
      userId: s.id,
      title: `Banned ${word} sold`,
      status: 'sold',
      soldTo: b.id,
      soldAt: new Date(),
    });
    const ban = await call('PATCH', `/api/v1/admin/users/${s.id}`, admin.cookie, { banned: true });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await readListing(active.id)).status).toBe('suspended');
    expect((await readListing(sold.id)).status).toBe('sold');

    const ids = async (url: string) =>
      ((await call('GET', url)).json().items as { id: string }[]).map((i) => i.id);
    expect(await ids(`/api/v1/listings?q=${word}`)).toEqual([]);
    expect(await ids(`/api/v1/listings?status=all&q=${word}`)).toEqual([sold.id]);
    expect(await ids('/api/v1/listings?status=all')).not.toContain(active.id);
    const search = (await call('GET', `/api/v1/search?q=${word}`)).json();
    expect(JSON.stringify(search)).not.toContain(active.id);
    expect((await call('GET', `/api/v1/listings/${active.id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/listings/${active.id}`, admin.cookie)).json().status).toBe(
      'suspended',
    );

    const res = await buy(active.id, b.cookie, 40);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.purchaseFailed);
    expect(await credits(b.id)).toBe(1000);
    expect(await ordersFor([active.id])).toEqual([]);

    const unban = await call('PATCH', `/api/v1/admin/users/${s.id}`, admin.cookie, { banned: false });
    expect(unban.statusCode).toBe(200);
    expect((await readListing(active.id)).status).toBe('active');
    expect(await ids(`/api/v1/listings?q=${word}`)).toEqual([active.id]);
    expect((await buy(active.id, b.cookie, 40)).statusCode).toBe(201);
    await expectLedgerExact();
  });
});

describe('the purchase in one round of work', () => {
  it('takes at most 10 statements, BEGIN and COMMIT included, and commits once', async () => {
    const b = await fundedBuyer();
    const l = await buildListing(t, { userId: seller.id, price: 25 });
    const counted = await countStatements(t.database, () => buy(l.id, b.cookie, 25, randomUUID()));
    expect(counted.result.statusCode, counted.result.body).toBe(201);
    const sent = counted.statements.map((s) => s.trim().toLowerCase());
    // Session, user, rate-limit row (the lead's), key look-up, sale terms, BEGIN, locks + listing, the sale, COMMIT.
    expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(10);
    if (t.database.kind === 'postgres') {
      // One transaction (PGlite's own transaction API sends no BEGIN/COMMIT text to observe).
      expect(sent.filter((s) => s === 'begin')).toHaveLength(1);
      expect(sent.filter((s) => s === 'commit')).toHaveLength(1);
    }
    expect(counted.result.json()).toMatchObject({
      listingId: l.id,
      price: 25,
      fee: 1,
      status: 'held',
      role: 'buyer',
      buyer: { id: b.id, username: b.username },
      seller: { id: seller.id, username: seller.username },
      contentLink: l.contentLink,
      ticketId: null,
    });
    const [o] = await ordersFor([l.id]);
    expect(counted.result.json()).toMatchObject({
      id: o!.id,
      releaseAt: o!.releaseAt.toISOString(),
      createdAt: o!.createdAt.toISOString(),
    });
    await expectLedgerExact();
  });
});
