import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { listingKeys, marketplaceListings } from '../../db/schema/index.ts';
import { buildSignedInUser, fundUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerCheck } from '../wallet/service.ts';

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

describe('key stock on several instances', () => {
  it('50 buyers racing for 10 keys through two instances get exactly 10 keys, each once', async () => {
    const seller = await buildSignedInUser(a);
    const keys = Array.from({ length: 10 }, (_, i) => `RACE-PG-${i}-${randomBytes(6).toString('hex')}`);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { cookie: seller.cookie },
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
    const listingId = created.json().id;
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
    const [listing] = await a.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listingId));
    expect(listing).toMatchObject({ stock: 0, status: 'sold' });
    expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
  });
});
