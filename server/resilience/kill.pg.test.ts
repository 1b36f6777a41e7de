import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ledgerCheck } from '../modules/wallet/service.ts';
import { type Cluster, sleep, startCluster, timed } from './harness.ts';

/**
 * kill -9 in the middle of a purchase storm and a message storm: after a restart every acknowledged purchase
 * and message is in the database, nothing is half-written, and the ledger balances.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.close();
});

describe('kill -9 during purchase and message storms', { timeout: 120_000 }, () => {
  it('keeps every acknowledged write, and nothing half-written, across a crash', async () => {
    const server = await cluster.startServer();
    const buyers = 10;
    const cookies = await Promise.all(
      Array.from({ length: buyers * 2 }, (_, i) => cluster.signIn(server.base, i + 1)),
    );
    const listings = await cluster.buyable();
    const stormStart = new Date();
    let next = 0;
    let stop = false;
    const acked = {
      orders: [] as { id: string; listingId: string; buyer: string }[],
      messages: [] as { id: string; text: string }[],
    };
    let failed = 0;
    let base = server.base;
    const post = (cookie: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
      timed(`${base}${p}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: base,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });

    const buyer = async (i: number) => {
      while (!stop) {
        const { id: listingId, price } = listings[next++ % listings.length]!;
        const res = await post(
          cookies[i]!,
          `/api/v1/listings/${listingId}/purchase`,
          { expectedPrice: price },
          { 'idempotency-key': randomUUID() },
        );
        if (res.status === 201 || res.status === 200) {
          const order = res.body as { id: string };
          acked.orders.push({ id: order.id, listingId, buyer: cluster.memberIds[i]! });
        } else if (typeof res.status !== 'number') {
          failed++;
          return;
        }
      }
    };
    const sender = async (i: number) => {
      let n = 0;
      while (!stop) {
        const text = `storm ${i} ${n++} ${randomUUID()}`;
        const to = cluster.memberIds[buyers + ((i + 1) % buyers)]!;
        const res = await post(cookies[buyers + i]!, '/api/v1/messages', { recipientId: to, message: text });
        if (res.status === 201) acked.messages.push({ id: (res.body as { id: string }).id, text });
        else if (typeof res.status !== 'number') {
          failed++;
          return;
        }
      }
    };
    const storm = Promise.all([
      ...Array.from({ length: buyers }, (_, i) => buyer(i)),
      ...Array.from({ length: buyers }, (_, i) => sender(i)),
    ]);
    // Let the storm get going, then pull the plug with writes in flight.
    const deadline = Date.now() + 15_000;
    while ((acked.orders.length < 30 || acked.messages.length < 30) && Date.now() < deadline) await sleep(50);
    server.child.kill('SIGKILL');
    await storm.finally(() => {
      stop = true;
    });
    stop = true;

    expect(acked.orders.length).toBeGreaterThanOrEqual(30);
    expect(acked.messages.length).toBeGreaterThanOrEqual(30);
    // The kill landed mid-storm: requests were cut off.
    expect(failed).toBeGreaterThan(0);

    const restarted = await cluster.startServer();
    base = restarted.base;

    // Every acknowledged purchase: its order, its listing sold to that buyer.
    const orders = await cluster.query<{ id: string; listing_id: string; buyer_id: string }>(
      'select id::text, listing_id::text, buyer_id::text from marketplace_orders',
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const a of acked.orders) {
      expect(byId.get(a.id), `acknowledged order ${a.id}`).toMatchObject({
        listing_id: a.listingId,
        buyer_id: a.buyer,
      });
    }
    const messages = await cluster.query<{ id: string; message: string }>(
      'select id::text, message from direct_messages',
    );
    const texts = new Map(messages.map((m) => [m.id, m.message]));
    for (const a of acked.messages) expect(texts.get(a.id), `acknowledged message ${a.id}`).toBe(a.text);

    // Nothing half-written: each order has its listing sold to its buyer and the buyer's debit in the
    // ledger; each listing sold since the storm began has its order.
    const orphanOrders = await cluster.query(`
      select o.id from marketplace_orders o
      left join marketplace_listings l on l.id = o.listing_id
      where l.status is distinct from 'sold' or l.sold_to is distinct from o.buyer_id
         or (select coalesce(sum(e.amount), 0) from ledger_entries e
             where e.order_id = o.id and e.account = 'user' and e.user_id = o.buyer_id) <> -o.price`);
    expect(orphanOrders).toEqual([]);
    const soldWithoutOrder = await cluster.query(
      `select l.id from marketplace_listings l
       where l.status = 'sold' and l.sold_at >= $1
         and not exists (select 1 from marketplace_orders o where o.listing_id = l.id)`,
      [stormStart],
    );
    expect(soldWithoutOrder).toEqual([]);
    const ledgerWithoutOrder = await cluster.query(`
      select e.id from ledger_entries e
      where e.order_id is not null and not exists (select 1 from marketplace_orders o where o.id = e.order_id)`);
    expect(ledgerWithoutOrder).toEqual([]);

    const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 1 });
    try {
      const check = await ledgerCheck(database.db);
      expect(check.unbalancedTransfers).toBe(0);
      expect(check.total).toBe(0);
      expect(check.mismatchedUsers).toEqual([]);
    } finally {
      await database.close();
    }

    // And the restarted server takes new purchases.
    const fresh = (await cluster.buyable())[0]!;
    const cookie = await cluster.signIn(restarted.base, 1);
    const res = await post(cookie, `/api/v1/listings/${fresh.id}/purchase`, { expectedPrice: fresh.price });
    expect(res.status, `${JSON.stringify(res.body)}\n${restarted.output()}`).toBe(201);
    expect(await restarted.stop()).toBe(0);
  });
});
