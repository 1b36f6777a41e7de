import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import {
  auditLog,
  listingContentReveals,
  listingKeys,
  marketplaceListings,
  marketplaceOrders,
  notifications,
  profiles,
} from '../../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { type Member, moneySuite } from '../../../test/money-suite.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { releaseDueOrders } from '../orders/service.ts';

/* Issue 18 items 1 and 2: stock and units, license keys (upload, encryption, who sees which), refunds, restock. */

let t: TestApp;
let moderator: Member;
let seller: Member;
moneySuite((s) => {
  ({ t, moderator } = s);
});
beforeAll(async () => {
  seller = await buildSignedInUser(t);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });

const listingBody = {
  title: 'Valorant external',
  game: 'Valorant',
  type: 'cheat',
  features: 'ESP',
  requirements: 'Windows 11',
  description: 'An external ESP that reads nothing it should not.',
  contentLink: 'https://files.example.com/loader.zip',
  price: 40,
};

async function keyListing(keys: string[], owner: Member = seller, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v1/listings', owner.cookie, {
    ...listingBody,
    deliveryKind: 'keys',
    keys: keys.join('\n'),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; stock: number; price: number; deliveryKind: string };
}

const uniqueKeys = (n: number, prefix = 'KEY') =>
  Array.from({ length: n }, (_, i) => `${prefix}-${crypto.randomUUID()}-${i}`);

async function buyer(credits = 1000) {
  const b = await buildSignedInUser(t);
  await fundUser(t, b.id, credits);
  return b;
}
const buy = (listingId: string, who: Member, units?: number, expectedPrice = 40) =>
  call('POST', `/api/v1/listings/${listingId}/purchase`, who.cookie, {
    expectedPrice,
    ...(units === undefined ? {} : { units }),
  });
const readListing = async (id: string) =>
  (await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id)))[0]!;
const keysOf = (listingId: string) =>
  t.db.select().from(listingKeys).where(eq(listingKeys.listingId, listingId));
const creditsOf = async (id: string) =>
  (await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;
const orderKeys = (orderId: string, who: Member) => call('GET', `/api/v1/orders/${orderId}/keys`, who.cookie);

describe('creating a key listing and adding keys', () => {
  it('keeps keys encrypted at rest: neither the ciphertext nor the hash column holds the key text', async () => {
    const keys = uniqueKeys(3, 'SECRET');
    const listing = await keyListing(keys);
    expect(listing).toMatchObject({ deliveryKind: 'keys', stock: 3 });
    const rows = await keysOf(listing.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.state === 'available' && r.orderId === null)).toBe(true);
    // What a dump shows: the raw columns as text.
    const raw = await t.db.execute(
      sql`select ciphertext || ' ' || hash as text from listing_keys where listing_id = ${listing.id}::uuid`,
    );
    const dump = JSON.stringify((raw as unknown as { rows: unknown[] }).rows);
    for (const key of keys) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(7, 43));
    }
    // A fresh IV per row: the same key in two listings encrypts differently.
    const again = await keyListing([keys[0]!]);
    const [copy] = await keysOf(again.id);
    const original = rows.find((r) => r.hash === copy!.hash);
    expect(original).toBeDefined();
    expect(original!.ciphertext).not.toBe(copy!.ciphertext);
  });

  it('refuses a key listing without keys, blank lines, repeats and over-long keys, with line numbers', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, st.keysRequired],
      ['', st.keysRequired],
      ['A-1\n\nA-2\n   \n', st.keysBlank('2, 4')],
      ['A-1\nA-2\nA-1\nA-3\nA-2', st.keysDuplicate('3, 5')],
      [`A-1\n${'x'.repeat(201)}`, st.keysTooLong('2')],
      // Issue 36 finding: keys that show one thing and copy another.
      ['A-1\nAB\u200BCD\nEF\u202EGH\nIJ\u0007K\nL\u2066M\uFEFF', st.keysHiddenCharacters('2, 3, 4, 5')],
    ];
    for (const [keys, message] of cases) {
      const res = await call('POST', '/api/v1/listings', seller.cookie, {
        ...listingBody,
        deliveryKind: 'keys',
        ...(keys === undefined ? {} : { keys }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { keys: message } });
    }
    // A trailing newline, as files end, is not a blank line; Windows line ends are lines too.
    expect((await keyListing(['B-1', 'B-2', ''])).stock).toBe(2);
    const crlf = await call('POST', '/api/v1/listings', seller.cookie, {
      ...listingBody,
      deliveryKind: 'keys',
      keys: 'C-1\r\nC-2\r\n',
    });
    expect(crlf.json().stock).toBe(2);
  });

  it('POST /listings/:id/keys: 401, 403 for another member, 404, 409 on a link listing, limits', async () => {
    const listing = await keyListing(uniqueKeys(1));
    const url = `/api/v1/listings/${listing.id}/keys`;
    expect((await call('POST', url, undefined, { keys: 'X' })).statusCode).toBe(401);
    const other = await buildSignedInUser(t);
    const denied = await call('POST', url, other.cookie, { keys: 'X' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(st.onlySellerKeys);
    expect(
      (
        await call('POST', '/api/v1/listings/00000000-0000-4000-8000-000000000000/keys', seller.cookie, {
          keys: 'X',
        })
      ).statusCode,
    ).toBe(404);
    const link = await buildListing(t, { userId: seller.id });
    const wrongKind = await call('POST', `/api/v1/listings/${link.id}/keys`, seller.cookie, { keys: 'X' });
    expect(wrongKind.statusCode).toBe(409);
    expect(wrongKind.json().error.message).toBe(st.keysOnlyForKeyListings);
    const tooMany = await call('POST', url, seller.cookie, { keys: uniqueKeys(10_001, 'K').join('\n') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(st.keysTooMany);
    expect((await readListing(listing.id)).stock).toBe(1);
  });

  it('refuses keys already in the listing by line number (compared by hash), adds the rest, restocks', async () => {
    const [k1, k2] = uniqueKeys(2);
    const listing = await keyListing([k1!, k2!]);
    const url = `/api/v1/listings/${listing.id}/keys`;
    const dup = await call('POST', url, seller.cookie, { keys: `NEW-1\n${k2}\nNEW-2\n${k1}` });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.message).toBe(st.keysAlreadyListed('2, 4'));
    expect(await keysOf(listing.id)).toHaveLength(2);
    const ok = await call('POST', url, seller.cookie, { keys: 'NEW-1\nNEW-2\nNEW-3' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ changed: 3, stock: 5, counts: { available: 5 } });
    expect((await readListing(listing.id)).stock).toBe(5);
  });

  it('withdraws unsold keys (sold out), and a withdrawn key may be added again', async () => {
    const [k1] = uniqueKeys(1);
    const listing = await keyListing([k1!, 'W-2']);
    const url = `/api/v1/listings/${listing.id}/keys`;
    expect((await call('DELETE', url, (await buildSignedInUser(t)).cookie)).statusCode).toBe(403);
    const res = await call('DELETE', url, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: 2, stock: 0, counts: { available: 0, withdrawn: 2 } });
    expect(await readListing(listing.id)).toMatchObject({ stock: 0, status: 'sold' });
    const back = await call('POST', url, seller.cookie, { keys: k1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(await readListing(listing.id)).toMatchObject({ stock: 1, status: 'active', soldTo: null });
  });
});

describe('buying units', () => {
  it('one order for several units: price × units, one escrow hold, one fee on the total', async () => {
    const listing = await keyListing(uniqueKeys(5));
    const b = await buyer(500);
    const res = await buy(listing.id, b, 3);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ units: 3, price: 120, fee: 6, status: 'held' });
    const [row] = await t.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, order.id));
    expect(row).toMatchObject({ units: 3, price: 120, fee: 6 });
    expect(await creditsOf(b.id)).toBe(380);
    expect(await readListing(listing.id)).toMatchObject({ stock: 2, status: 'active' });
    expect(
      (await keysOf(listing.id)).filter((k) => k.orderId === order.id && k.state === 'reserved'),
    ).toHaveLength(3);
  });

  it('refuses bad quantities (400), more than the stock (409 with what is left), and sells out at 0', async () => {
    const listing = await keyListing(uniqueKeys(3));
    const b = await buyer();
    for (const units of [0, 11, 1.5, '2']) {
      const res = await buy(listing.id, b, units as number);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(st.unitsInvalid);
    }
    const short = await buy(listing.id, b, 4);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe(st.notEnoughStock(3));
    expect(await creditsOf(b.id)).toBe(1000);
    expect((await buy(listing.id, b, 3)).statusCode).toBe(201);
    expect(await readListing(listing.id)).toMatchObject({ stock: 0, status: 'sold', soldTo: b.id });
    const after = await buy(listing.id, b, 1);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(m.purchaseFailed);
  });

  it('a link listing with stock sells to several buyers, each seeing the same link on their own order', async () => {
    const listing = await buildListing(t, { userId: seller.id, price: 40, stock: 2 });
    const [b1, b2] = await Promise.all([buyer(), buyer()]);
    const o1 = await buy(listing.id, b1);
    const o2 = await buy(listing.id, b2);
    expect([o1.statusCode, o2.statusCode]).toEqual([201, 201]);
    expect(o2.json().contentLink).toBe(listing.contentLink);
    const detail = (await call('GET', `/api/v1/listings/${listing.id}`, b1.cookie)).json();
    expect(detail).toMatchObject({ status: 'sold', stock: 0, contentLink: listing.contentLink });
    expect(detail.order.id).toBe(o1.json().id);
  });

  it('50 buyers racing for 10 keys: exactly 10 orders, each key given once, nobody else charged', async () => {
    const keys = uniqueKeys(10, 'RACE');
    const listing = await keyListing(keys);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(100)));
    const answers = await Promise.all(buyers.map((b) => buy(listing.id, b)));
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(10);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const given: string[] = [];
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 201) continue;
      const mine = (await orderKeys(res.json().id, buyers[i]!)).json().keys;
      expect(mine).toHaveLength(1);
      given.push(mine[0].key);
    }
    expect(new Set(given).size).toBe(10);
    expect(given.sort()).toEqual([...keys].sort());
    expect(await readListing(listing.id)).toMatchObject({ stock: 0, status: 'sold' });
    const charged = await Promise.all(buyers.map((b) => creditsOf(b.id)));
    expect(charged.filter((c) => c === 60)).toHaveLength(10);
    expect(charged.filter((c) => c === 100)).toHaveLength(40);
  });
});

describe('who sees which key', () => {
  it('the buyer sees their own keys; another buyer, the seller and staff do not; the seller sees "sold to"', async () => {
    const keys = uniqueKeys(3, 'SEE');
    const listing = await keyListing(keys);
    const [b1, b2, stranger] = await Promise.all([buyer(), buyer(), buildSignedInUser(t)]);
    const o1 = (await buy(listing.id, b1)).json();
    const o2 = (await buy(listing.id, b2)).json();
    const mine = await orderKeys(o1.id, b1);
    expect(mine.statusCode).toBe(200);
    const keyOf = async (orderId: string, who: Member) =>
      (await orderKeys(orderId, who)).json().keys.map((k: { key: string }) => k.key);
    const [k1, k2] = [await keyOf(o1.id, b1), await keyOf(o2.id, b2)];
    expect(k1).toHaveLength(1);
    expect(k2).toHaveLength(1);
    expect(keys).toContain(k1[0]);
    expect(keys).toContain(k2[0]);
    expect(k1[0]).not.toBe(k2[0]);
    expect((await orderKeys(o1.id, b2)).statusCode).toBe(404);
    expect((await orderKeys(o1.id, stranger)).statusCode).toBe(404);
    for (const who of [seller, moderator]) {
      const res = await orderKeys(o1.id, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(st.onlyBuyerKeys);
    }
    expect((await call('GET', `/api/v1/orders/${o1.id}/keys`)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/v1/orders/00000000-0000-4000-8000-000000000000/keys', b1.cookie)).statusCode,
    ).toBe(404);

    const page = await call('GET', `/api/v1/listings/${listing.id}/keys`, seller.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ counts: { available: 1, reserved: 2, sold: 0 }, stock: 1 });
    expect(
      page
        .json()
        .items.map((k: { buyer: { username: string } }) => k.buyer.username)
        .sort(),
    ).toEqual([b1.username, b2.username].sort());
    for (const key of keys) expect(page.body).not.toContain(key);
    expect((await call('GET', `/api/v1/listings/${listing.id}/keys`, stranger.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/listings/${listing.id}/keys`)).statusCode).toBe(401);
    // The listing itself never carries keys, to anyone.
    const detail = await call('GET', `/api/v1/listings/${listing.id}`, b1.cookie);
    for (const key of keys) expect(detail.body).not.toContain(key);
  });

  it("the buyer's first key fetch is recorded like a content link's reveal; refused callers record nothing (issue 36)", async () => {
    const listing = await keyListing(uniqueKeys(1, 'LOGGED'));
    const b = await buyer();
    const order = (await buy(listing.id, b)).json();
    const revealsOf = () =>
      t.db.select().from(listingContentReveals).where(eq(listingContentReveals.orderId, order.id));
    // The purchase showed the content link (recorded then); the keys are not shown yet.
    expect(await revealsOf()).toEqual([expect.objectContaining({ userId: b.id, keysRevealedAt: null })]);
    for (const who of [seller, moderator]) expect((await orderKeys(order.id, who)).statusCode).toBe(403);
    expect(await revealsOf()).toEqual([expect.objectContaining({ userId: b.id, keysRevealedAt: null })]);

    expect((await orderKeys(order.id, b)).statusCode).toBe(200);
    const [first] = await revealsOf();
    expect(first).toMatchObject({ userId: b.id, listingId: listing.id, keysRevealedAt: expect.any(Date) });
    // Fetched again: still one row, and the time stays the first fetch's.
    expect((await orderKeys(order.id, b)).statusCode).toBe(200);
    expect(await revealsOf()).toEqual([first]);
    // An order whose link was never shown to its buyer (made outside the purchase) gets its row on the fetch.
    await t.db.delete(listingContentReveals).where(eq(listingContentReveals.orderId, order.id));
    expect((await orderKeys(order.id, b)).statusCode).toBe(200);
    expect(await revealsOf()).toEqual([
      expect.objectContaining({ userId: b.id, orderId: order.id, keysRevealedAt: expect.any(Date) }),
    ]);
  });

  it("staff see a disputed order's keys through the logged reveal, audited", async () => {
    const keys = uniqueKeys(1, 'DISPUTE');
    const listing = await keyListing(keys);
    const b = await buyer();
    const order = (await buy(listing.id, b)).json();
    const url = `/api/v1/admin/orders/${order.id}/reveal`;
    expect((await call('POST', url, moderator.cookie)).statusCode).toBe(409);
    const dispute = await call('POST', `/api/v1/orders/${order.id}/dispute`, b.cookie, {
      reason: 'The key says it is already in use.',
    });
    expect(dispute.statusCode).toBe(200);
    const res = await call('POST', url, moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contentLink: listingBody.contentLink, keys });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reveal_content'), eq(auditLog.targetId, order.id)));
    expect(audits).toHaveLength(1);
  });
});

describe('refunds, releases and restocking', () => {
  it("a refunded order's keys are burned, never resold, and its buyer no longer sees them", async () => {
    const listing = await keyListing(uniqueKeys(2, 'BURN'));
    const b = await buyer();
    const order = (await buy(listing.id, b)).json();
    await call('POST', `/api/v1/orders/${order.id}/dispute`, b.cookie, {
      reason: 'The key was banned on the first day.',
    });
    const settle = await call('POST', `/api/v1/admin/orders/${order.id}/settle`, moderator.cookie, {
      outcome: 'refund',
      note: 'Key already used',
    });
    expect(settle.statusCode, settle.body).toBe(200);
    const rows = await keysOf(listing.id);
    expect(rows.filter((k) => k.state === 'burned').map((k) => k.orderId)).toEqual([order.id]);
    expect(rows.filter((k) => k.state === 'available')).toHaveLength(1);
    expect(await readListing(listing.id)).toMatchObject({ stock: 1 });
    expect((await orderKeys(order.id, b)).json().keys).toEqual([]);
    expect(await creditsOf(b.id)).toBe(1000);
    // The next buyer gets the other key, not the burned one.
    const next = await buyer();
    const nextOrder = (await buy(listing.id, next)).json();
    const got = (await keysOf(listing.id)).find((k) => k.orderId === nextOrder.id)!;
    expect(got.state).toBe('reserved');
    expect(got.id).not.toBe(rows.find((k) => k.state === 'burned')!.id);
  });

  it('a released order turns its keys sold (confirmed or at the end of the window)', async () => {
    const listing = await keyListing(uniqueKeys(2, 'REL'));
    const [b1, b2] = await Promise.all([buyer(), buyer()]);
    const o1 = (await buy(listing.id, b1)).json();
    const o2 = (await buy(listing.id, b2)).json();
    expect((await call('POST', `/api/v1/orders/${o1.id}/confirm`, b1.cookie)).statusCode).toBe(200);
    await t.db
      .update(marketplaceOrders)
      .set({ releaseAt: sql`now() - interval '1 second'` })
      .where(eq(marketplaceOrders.id, o2.id));
    await releaseDueOrders(t.db);
    const rows = await keysOf(listing.id);
    expect(rows.map((k) => k.state)).toEqual(['sold', 'sold']);
    const page = (await call('GET', `/api/v1/listings/${listing.id}/keys`, seller.cookie)).json();
    expect(page.counts).toMatchObject({ available: 0, reserved: 0, sold: 2 });
  });

  it('PUT /listings/:id/stock restocks a sold-out link listing and sets the warning; checks who and what', async () => {
    const listing = await buildListing(t, { userId: seller.id, price: 40 });
    const b = await buyer();
    expect((await buy(listing.id, b)).statusCode).toBe(201);
    expect(await readListing(listing.id)).toMatchObject({ status: 'sold', stock: 0 });
    const url = `/api/v1/listings/${listing.id}/stock`;
    expect((await call('PUT', url, undefined, { stock: 5 })).statusCode).toBe(401);
    expect((await call('PUT', url, b.cookie, { stock: 5 })).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/api/v1/listings/00000000-0000-4000-8000-000000000000/stock', seller.cookie, {
          stock: 5,
        })
      ).statusCode,
    ).toBe(404);
    for (const [body, message] of [
      [{ stock: 0 }, st.stockInvalid],
      [{ stock: 10_001 }, st.stockInvalid],
      [{ lowStockThreshold: 0 }, st.thresholdInvalid],
    ] as const) {
      const res = await call('PUT', url, seller.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const res = await call('PUT', url, seller.cookie, { stock: 5, lowStockThreshold: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stock: 5, lowStockThreshold: 2 });
    expect(await readListing(listing.id)).toMatchObject({
      status: 'active',
      stock: 5,
      lowStockThreshold: 2,
      soldTo: null,
    });
    const keyed = await keyListing(uniqueKeys(1));
    const refused = await call('PUT', `/api/v1/listings/${keyed.id}/stock`, seller.cookie, { stock: 9 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(st.stockOfKeys);
  });

  const lowOnes = () =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'stock_low')))
      // Read in the order they were written: `.at(-1)` below means the newest.
      .orderBy(asc(notifications.createdAt));

  it('tells the seller once when a purchase takes the stock under the warning, live and in the bell', async () => {
    const listing = await keyListing(uniqueKeys(6, 'LOW'), seller, { lowStockThreshold: 3 });
    const before = (await lowOnes()).length;
    const b = await buyer();
    await buy(listing.id, b, 2); // 4 left: not under 3
    expect(await lowOnes()).toHaveLength(before);
    await buy(listing.id, b, 2); // 2 left: crossed
    const after = await lowOnes();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      title: st.lowStockTitle,
      content: st.lowStock(listingBody.title, 2),
      data: { listingId: listing.id },
    });
    await buy(listing.id, b, 1); // 1 left: still under, no second warning
    expect(await lowOnes()).toHaveLength(before + 1);
    // Restocked above the warning, the next crossing warns again.
    await call('POST', `/api/v1/listings/${listing.id}/keys`, seller.cookie, {
      keys: uniqueKeys(4).join('\n'),
    });
    await buy(listing.id, b, 3); // 5 → 2
    expect(await lowOnes()).toHaveLength(before + 2);
  });

  it('buyers racing across the warning tell the seller once between them, from the stock as committed', async () => {
    const listing = await keyListing(uniqueKeys(6, 'RACELOW'), seller, { lowStockThreshold: 3 });
    const before = (await lowOnes()).length;
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer()));
    const answers = await Promise.all(buyers.map((b) => buy(listing.id, b, 1)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await readListing(listing.id)).toMatchObject({ stock: 1, status: 'active', lowStockWarned: true });
    const warned = (await lowOnes()).slice(before);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ title: st.lowStockTitle, data: { listingId: listing.id } });
    // A new warning level clears the mark: the next sale under it tells the seller again.
    const set = await call('PUT', `/api/v1/listings/${listing.id}/stock`, seller.cookie, {
      lowStockThreshold: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await readListing(listing.id)).toMatchObject({ lowStockWarned: false });
    expect((await buy(listing.id, await buyer(), 1)).statusCode).toBe(201);
    expect((await lowOnes()).slice(before)).toHaveLength(2);
    expect((await lowOnes()).at(-1)).toMatchObject({ content: st.lowStock(listingBody.title, 0) });
  });

  it('deleting an active key listing keeps sold keys with their orders and drops unsold ones', async () => {
    const keys = uniqueKeys(3, 'DEL');
    const listing = await keyListing(keys);
    const b = await buyer();
    const order = (await buy(listing.id, b)).json();
    expect((await call('DELETE', `/api/v1/listings/${listing.id}`, seller.cookie)).statusCode).toBe(204);
    const left = await t.db.select().from(listingKeys).where(eq(listingKeys.orderId, order.id));
    expect(left).toHaveLength(1);
    const kept = (await orderKeys(order.id, b)).json().keys.map((k: { key: string }) => k.key);
    expect(kept).toHaveLength(1);
    expect(keys).toContain(kept[0]);
    expect(await keysOf(listing.id)).toHaveLength(0);
  });
});
