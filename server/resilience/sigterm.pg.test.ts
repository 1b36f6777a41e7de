import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, sleep, startCluster, timed } from './harness.ts';

/** SIGTERM under load: in-flight requests finish, new ones are refused, the process exits 0. */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.close();
});

describe('SIGTERM during load', { timeout: 120_000 }, () => {
  it('drains in-flight requests, refuses new ones and exits 0', async () => {
    const server = await cluster.startServer();
    const base = server.base;
    const cookies = await Promise.all([1, 2, 3, 4, 5].map((m) => cluster.signIn(base, m)));
    const listings = await cluster.buyable();
    const json = { 'content-type': 'application/json', origin: base };

    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query(`select id from profiles where email = any($1::text[]) for update`, [
      [1, 2, 3, 4, 5].map((m) => `member${m}@bench.test`),
    ]);

    // Slow requests (password hashing) and writes (purchases) in flight together.
    const signIns = Array.from({ length: 8 }, (_, i) =>
      timed(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: `member${6 + i}@bench.test`, password: 'bench-password-1' }),
      }),
    );
    const purchases = cookies.map((cookie, i) =>
      timed(`${base}/api/v1/listings/${listings[i]!.id}/purchase`, {
        method: 'POST',
        headers: { cookie, ...json, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ expectedPrice: listings[i]!.price }),
      }),
    );
    const reads = Array.from({ length: 10 }, () => timed(`${base}/api/v1/listings`));
    const inFlight = [...signIns, ...purchases, ...reads];
    let settled = 0;
    for (const p of inFlight) void p.then(() => settled++);
    // Deterministic in-flight work whatever the machine's speed: the buyers' rows are locked by this test,
    // so every purchase waits inside its transaction until we let go, after the signal.
    const waiting = async () =>
      (
        await cluster.query<{ n: number }>(
          // Row locks only: the job queue's own advisory locks (pg-boss) may be waited on at any moment.
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and wait_event <> 'advisory' and datname = current_database()`,
        )
      )[0]!.n;
    const deadline = Date.now() + 15_000;
    while ((await waiting()) < purchases.length && Date.now() < deadline) await sleep(20);
    // At least: a job of the queue may be waiting on the same rows beside the purchases.
    expect(await waiting()).toBeGreaterThanOrEqual(purchases.length);
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    const pendingAtSignal = inFlight.length - settled;
    server.child.kill('SIGTERM');
    await sleep(50);
    // A request arriving after the signal is refused (connection refused, or 503 on a kept-alive socket).
    const late = await timed(`${base}/api/v1/listings`, {}, 5000);
    await sleep(200);
    await locker.query('commit');
    await locker.end();

    const results = await Promise.all(inFlight);
    expect(await exited, `${JSON.stringify(results)}\n${server.output()}`).toBe(0);

    // The signal caught requests still running (at least the five held purchases), and every one of them
    // was answered in full.
    expect(pendingAtSignal).toBeGreaterThanOrEqual(purchases.length);
    const statuses = results.map((r) => r.status);
    expect(statuses.slice(0, signIns.length)).toEqual(signIns.map(() => 200));
    expect(statuses.slice(signIns.length, signIns.length + purchases.length)).toEqual(
      purchases.map(() => 201),
    );
    expect(statuses.slice(signIns.length + purchases.length)).toEqual(reads.map(() => 200));
    expect(late.status === 'error' || late.status === 503, JSON.stringify(late)).toBe(true);

    // The drained purchases are in the database, each with its order.
    const sold = await cluster.query<{ n: number }>(
      `select count(*)::int as n from marketplace_orders where listing_id = any($1::uuid[])`,
      [listings.slice(0, purchases.length).map((l) => l.id)],
    );
    expect(sold[0]!.n).toBe(purchases.length);
  });
});
