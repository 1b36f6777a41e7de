import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import { type Database, openDatabase } from '../../../db/client.ts';
import { listingKeys, marketplaceListings, marketplaceOrders, profiles } from '../../../db/schema/index.ts';
import { buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerCheck } from '../../wallet/service.ts';

/*
 * Two app instances, each with its own pool, on one PostgreSQL database (two servers behind a load balancer)
 * sharing CONTENT_KEY, as several instances must. 50 buyers race through both for a listing of 10 keys.
 */
let a: TestApp;
let b: TestApp;
let second: Database;
const env = { CONTENT_KEY: randomBytes(32).toString('base64') };
beforeAll(async () => {
  a = await buildTestApp({ env });
  const url = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  second = await openDatabase({ databaseUrl: url, poolSize: 5 });
  b = await buildTestApp({ database: second, env });
});
afterAll(async () => {
  await b.close();
  await second.close();
  await a.close();
});

const raceKeys = (n: number) =>
  Array.from({ length: n }, (_, i) => `RACE-PG-${i}-${randomBytes(6).toString('hex')}`);

async function keyListing(cookie: string, keys: string[]) {
  const created = await a.app.inject({
    method: 'POST',
    url: '/api/v1/listings',
    headers: { cookie },
    payload: {
      title: 'Rust admin tool',
      game: 'Rust',
      features: 'ESP',
      requirements: 'Windows',
      description: 'A key per buyer, delivered at once.',
      contentLink: 'https://files.example.com/rust.zip',
      price: 30,
      deliveryKind: 'keys',
      keys: keys.join('\n'),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

const readListing = async (id: string) =>
  (await a.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id)))[0]!;
const availableKeys = async (id: string) =>
  (await a.db.select().from(listingKeys).where(eq(listingKeys.listingId, id))).filter(
    (k) => k.state === 'available',
  ).length;

describe('key stock on several instances', () => {
  it('50 buyers racing for 10 keys through two instances get exactly 10 keys, each once', async () => {
    const seller = await buildSignedInUser(a);
    const keys = raceKeys(10);
    const listingId = await keyListing(seller.cookie, keys);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buildSignedInUser(a)));
    for (const buyer of buyers) await fundUser(a, buyer.id, 30);
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: `/api/v1/listings/${listingId}/purchase`,
          headers: { cookie: buyer.cookie },
          payload: { expectedPrice: 30 },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const won = answers.flatMap((r, i) =>
      r.statusCode === 201 ? [{ order: r.json(), buyer: buyers[i]! }] : [],
    );
    expect(won).toHaveLength(10);
    const given: string[] = [];
    for (const [i, { order, buyer }] of won.entries()) {
      const res = await (i % 2 ? a : b).app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/keys`,
        headers: { cookie: buyer.cookie },
      });
      expect(res.statusCode).toBe(200);
      given.push(...res.json().keys.map((k: { key: string }) => k.key));
    }
    expect(given.sort()).toEqual([...keys].sort());
    const rows = await a.db.select().from(listingKeys).where(eq(listingKeys.listingId, listingId));
    expect(rows.every((k) => k.state === 'reserved' && k.orderId)).toBe(true);
    expect(new Set(rows.map((k) => k.orderId)).size).toBe(10);
    expect(await readListing(listingId)).toMatchObject({ stock: 0, status: 'sold' });
    expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
  });

  it('a withdrawal does not wait for a key a purchase is claiming: that key stays in stock', async () => {
    const seller = await buildSignedInUser(a);
    const listingId = await keyListing(seller.cookie, raceKeys(3));
    // A purchase between its key claim and its stock update holds one key's row lock.
    const pool = (a.db as unknown as { $client: import('pg').Pool }).$client;
    const claiming = await pool.connect();
    try {
      await claiming.query('begin');
      await claiming.query(
        `select id from listing_keys where listing_id = $1 and state = 'available'
          order by created_at, id limit 1 for update`,
        [listingId],
      );
      const res = await b.app.inject({
        method: 'DELETE',
        url: `/api/v1/listings/${listingId}/keys`,
        headers: { cookie: seller.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ changed: 2, stock: 1, counts: { available: 1, withdrawn: 2 } });
      expect(await readListing(listingId)).toMatchObject({ stock: 1, status: 'active' });
    } finally {
      await claiming.query('rollback');
      claiming.release();
    }
    expect(await availableKeys(listingId)).toBe(1);
  });

  it('a price change committed while a key purchase commits: the commit re-checks and answers 409, nothing moves', async () => {
    const seller = await buildSignedInUser(a);
    const listingId = await keyListing(seller.cookie, raceKeys(3));
    const buyer = await buildSignedInUser(a);
    await fundUser(a, buyer.id, 30);
    const pool = (a.db as unknown as { $client: import('pg').Pool }).$client;
    // The seller's edit holds the listing's row, uncommitted, while the purchase claims its key and commits.
    const editing = await pool.connect();
    let purchase: Promise<Awaited<ReturnType<TestApp['app']['inject']>>> | undefined;
    try {
      await editing.query('begin');
      await editing.query('update marketplace_listings set price = 45 where id = $1', [listingId]);
      purchase = b.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listingId}/purchase`,
        headers: { cookie: buyer.cookie },
        payload: { expectedPrice: 30 },
      });
      // The purchase reaches its commit, where taking the stock waits for the edit's row lock.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await pool.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike 'commit%'`,
        );
        if (rows[0].n > 0) break;
        expect(Date.now(), 'the purchase never waited at its commit').toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      await editing.query('commit');
    } finally {
      editing.release();
    }
    const res = await purchase!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(m.priceChanged(45));
    expect(await readListing(listingId)).toMatchObject({ stock: 3, status: 'active', price: 45 });
    expect(await availableKeys(listingId)).toBe(3);
    const [funds] = await a.db
      .select({ c: profiles.credits })
      .from(profiles)
      .where(eq(profiles.id, buyer.id));
    expect(funds!.c).toBe(30);
    expect(
      await a.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.listingId, listingId)),
    ).toEqual([]);
    expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
  });

  it('buyers racing a withdrawal and a restock through two instances: no deadlock, stock equals the keys left', async () => {
    const seller = await buildSignedInUser(a);
    const listingId = await keyListing(seller.cookie, raceKeys(20));
    const buyers = await Promise.all(Array.from({ length: 24 }, () => buildSignedInUser(a)));
    for (const buyer of buyers) await fundUser(a, buyer.id, 30);
    const url = `/api/v1/listings/${listingId}`;
    const purchases = buyers.map((buyer, i) =>
      (i % 2 ? b : a).app.inject({
        method: 'POST',
        url: `${url}/purchase`,
        headers: { cookie: buyer.cookie },
        payload: { expectedPrice: 30 },
      }),
    );
    const stockChanges = [
      b.app.inject({ method: 'DELETE', url: `${url}/keys`, headers: { cookie: seller.cookie } }),
      a.app.inject({
        method: 'POST',
        url: `${url}/keys`,
        headers: { cookie: seller.cookie },
        payload: { keys: raceKeys(5).join('\n') },
      }),
    ];
    const answers = await Promise.all(purchases);
    const changes = await Promise.all(stockChanges);
    expect(changes.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const sold = answers.filter((r) => r.statusCode === 201).length;
    const rows = await a.db.select().from(listingKeys).where(eq(listingKeys.listingId, listingId));
    const reserved = rows.filter((k) => k.state === 'reserved');
    expect(reserved).toHaveLength(sold);
    expect(new Set(reserved.map((k) => k.orderId)).size).toBe(sold);
    const listing = await readListing(listingId);
    expect(listing.stock).toBe(await availableKeys(listingId));
    expect(listing.status).toBe(listing.stock === 0 ? 'sold' : 'active');
    expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
  });
});
