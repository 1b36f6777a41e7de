import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { marketplaceOrders, profiles } from '../../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerCheck } from '../../wallet/service.ts';
import { releaseDueOrders } from './service.ts';

/*
 * Two app instances, each with its own connection pool, on one PostgreSQL database: what several servers
 * behind a load balancer are. Their release jobs and the buyers' confirmations race for the same orders.
 */
let a: TestApp;
let b: TestApp;
let second: Database;
/** The first instance again, with a pool as large as the race: see the test. */
let wide: { app: TestApp; database: Database };
beforeAll(async () => {
  a = await buildTestApp();
  const url = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  // Forty requests and two sweeps at once on two pools of 5 queued for connections; on a loaded CI machine a
  // wait passed the pool's 3 s connection timeout and a confirmation failed for that, not for the race. Pools
  // of 25 give every request its own connection, so all of them meet at the rows, which is the race in question.
  // All twenty payouts go to one seller, so they take the seller's row one after another; on a loaded machine
  // the last waited past the 5 s query timeout and answered 503 (seen in a loop of runs beside other files).
  // The race is about paying once, not how fast: its queries may wait as long as the test does.
  const race = { databaseUrl: url, poolSize: 25, queryTimeoutMs: 60_000 };
  second = await openDatabase(race);
  b = await buildTestApp({ database: second });
  const database = await openDatabase(race);
  wide = { app: await buildTestApp({ database }), database };
});
afterAll(async () => {
  await wide.app.close();
  await wide.database.close();
  await b.close();
  await second.close();
  await a.close();
});

const expireAll = (ids: string[]) =>
  a.db
    .update(marketplaceOrders)
    .set({ releaseAt: sql`now() - interval '1 second'` })
    .where(inArray(marketplaceOrders.id, ids));

async function purchases(n: number, price: number) {
  const seller = await buildSignedInUser(a);
  const buyers = await Promise.all(Array.from({ length: n }, () => buildSignedInUser(a)));
  const ids: string[] = [];
  for (const buyer of buyers) {
    await fundUser(a, buyer.id, price);
    const listing = await buildListing(a, { userId: seller.id, price });
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${listing.id}/purchase`,
      headers: { cookie: buyer.cookie },
      payload: { expectedPrice: listing.price },
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  return { seller, buyers, ids };
}

const creditsOf = async (id: string) =>
  (await a.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;

describe('escrow on several instances', () => {
  it('two instances sweeping and buyers confirming through both never pay an order twice', async () => {
    const { seller, buyers, ids } = await purchases(20, 100);
    await expireAll(ids);
    const confirms = buyers.flatMap((buyer, i) =>
      [wide.app, b].map((app) =>
        app.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${ids[i]}/confirm`,
          headers: { cookie: buyer.cookie },
        }),
      ),
    );
    const [sweptA, sweptB, ...answers] = await Promise.all([
      releaseDueOrders(wide.app.db),
      releaseDueOrders(b.db),
      ...confirms,
    ]);
    const confirmed = answers.filter((r) => r.statusCode === 200).length;
    const others = answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 409);
    expect(others.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    // Every order was released exactly once, by a confirmation or by one of the sweeps.
    expect((sweptA as number) + (sweptB as number) + confirmed).toBe(20);
    expect(await creditsOf(seller.id)).toBe(20 * 95);
    const rows = await a.db.select().from(marketplaceOrders).where(inArray(marketplaceOrders.id, ids));
    expect(rows.every((r) => r.status === 'released' && r.sellerPayout === 95)).toBe(true);
    expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
  });

  it('the release job picks up after a restart: an order bought before it stopped is paid by the next server', async () => {
    const { seller, ids } = await purchases(1, 40);
    // The instance that took the purchase goes away; the window ends while no server runs.
    await expireAll(ids);
    const next = await buildTestApp({
      database: second,
      env: { ESCROW_RELEASE_INTERVAL_MS: '50', JOB_WORKERS: 'true' },
    });
    try {
      await expect
        .poll(
          async () =>
            (await a.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, ids[0]!)))[0]!.status,
          { timeout: 10_000 },
        )
        .toBe('released');
      expect(await creditsOf(seller.id)).toBe(38);
      expect(await ledgerCheck(a.db)).toMatchObject({ ok: true });
    } finally {
      await next.close();
    }
  });
});
