import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { buildListing, buildSignedInUser, fundUser } from '../test/factories.ts';
import { connected, openSocket, type Socket } from '../test/sockets.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

type Samples = { name: string; labels: string; value: number }[];

function parse(text: string): Samples {
  const samples: Samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/);
    if (m) samples.push({ name: m[1]!, labels: m[2] ?? '', value: Number(m[3]) });
  }
  return samples;
}
/** The sum of a metric's samples whose labels contain every `labels` fragment. */
const total = (s: Samples, name: string, ...labels: string[]) =>
  s
    .filter((x) => x.name === name && labels.every((l) => x.labels.includes(l)))
    .reduce((a, x) => a + x.value, 0);

async function scrape(): Promise<Samples> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parse(res.body);
}

/** Polls the scrape until `ok` holds (events arrive through NOTIFY after commit), at most 5 s. */
async function scrapeUntil(ok: (s: Samples) => boolean): Promise<Samples> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const s = await scrape();
    if (ok(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const EVERY_METRIC = [
  'http_request_duration_seconds_bucket',
  'http_request_duration_seconds_count',
  'cm_db_pool_total',
  'cm_db_pool_idle',
  'cm_db_pool_waiting',
  'cm_db_pool_wait_milliseconds',
  'cm_db_queries_in_flight',
  'cm_db_query_timeouts_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'process_resident_memory_bytes',
  'cm_realtime_sockets_connected',
  'cm_realtime_members_online',
  'cm_realtime_events_published_total',
  'cm_realtime_events_delivered_total',
  'cm_escrow_held_credits',
  'cm_purchases_total',
  'cm_requests_shed_total',
  'cm_jobs_queued',
];

describe('GET /metrics', () => {
  it('refuses a caller without the token, or with another one (401, the API error body)', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-000', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be logged in' } });
      expect(res.body).not.toContain('cm_');
    }
  });

  it('does not exist without METRICS_TOKEN, and is never in the OpenAPI document', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
  });

  it('lists every metric in Prometheus text format', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const declared = new Set([...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    for (const name of [
      ...EVERY_METRIC,
      'http_request_duration_seconds',
      'cm_purchase_failures_total',
      'cm_jobs_failed_total',
    ])
      expect(declared.has(name.replace(/_(bucket|count)$/, '')), name).toBe(true);
    const s = parse(res.body);
    // Shedding's series exist at 0 from the start, so an alert on its rate has something to read.
    expect(s.filter((x) => x.name === 'cm_requests_shed_total').map((x) => x.labels)).toEqual([
      '{limit="eventLoopDelay"}',
      '{limit="heapUsedBytes"}',
      '{limit="databasePoolWaiting"}',
    ]);
    expect(total(s, 'cm_db_pool_total')).toBeGreaterThanOrEqual(1);
  });

  it('moves under a small load: requests by route pattern, purchases and failures, escrow, live events, sockets and members online', async () => {
    const before = await scrape();
    const seller = await buildSignedInUser(t);
    const buyer = await buildSignedInUser(t);
    await fundUser(t, buyer.id, 1000);
    const listings = await Promise.all(
      [1, 2, 3].map(() => buildListing(t, { userId: seller.id, price: 70 })),
    );

    // A member's socket: connected, and online.
    const socket = openSocket(url, { origin: 'http://localhost:3000', cookie: buyer.cookie });
    sockets.push(socket);
    await connected(socket);

    const buy = (id: string, expectedPrice: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${id}/purchase`,
        headers: { cookie: buyer.cookie },
        payload: { expectedPrice },
      });
    expect((await buy(listings[0]!.id, 70)).statusCode).toBe(201);
    expect((await buy(listings[1]!.id, 70)).statusCode).toBe(201);
    expect((await buy(listings[2]!.id, 71)).statusCode).toBe(409);
    for (let i = 0; i < 5; i++)
      await t.app.inject({ method: 'GET', url: `/api/v1/listings/${listings[0]!.id}` });

    const after = await scrapeUntil(
      (s) =>
        total(s, 'cm_realtime_events_delivered_total') >
          total(before, 'cm_realtime_events_delivered_total') && total(s, 'cm_realtime_members_online') >= 1,
    );
    const moved = (name: string, ...labels: string[]) =>
      total(after, name, ...labels) - total(before, name, ...labels);

    expect(
      moved('http_request_duration_seconds_count', 'route="/api/v1/listings/:id"', 'status_code="200"'),
    ).toBe(5);
    expect(moved('http_request_duration_seconds_count', 'route="/api/v1/listings/:id/purchase"')).toBe(3);
    // Labels are route patterns, never raw URLs with ids.
    expect(after.some((x) => x.labels.includes(listings[0]!.id))).toBe(false);
    expect(moved('cm_purchases_total')).toBe(2);
    expect(moved('cm_purchase_failures_total', 'status_code="409"')).toBe(1);
    expect(moved('cm_realtime_events_published_total')).toBeGreaterThanOrEqual(2);
    expect(moved('cm_realtime_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(total(after, 'cm_realtime_sockets_connected')).toBe(1);
    expect(total(after, 'cm_realtime_members_online')).toBeGreaterThanOrEqual(1);

    // Escrow held is what the database holds for open orders, re-read.
    const [{ held }] = (
      (await t.db.execute(
        sql`select coalesce(sum(price), 0)::int as held from marketplace_orders where status in ('held', 'disputed')`,
      )) as unknown as { rows: { held: number }[] }
    ).rows as [{ held: number }];
    expect(held).toBeGreaterThanOrEqual(140);
    expect(total(after, 'cm_escrow_held_credits')).toBe(held);
    expect(moved('cm_escrow_held_credits')).toBe(140);
  });

  it('counts queries that hit the query timeout (PostgreSQL; PGlite has none)', async () => {
    if (t.database.kind !== 'postgres') {
      expect(total(await scrape(), 'cm_db_query_timeouts_total')).toBe(0);
      return;
    }
    // A second app on the same database whose pool gives up on a query after 200 ms.
    const client = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const database = await openDatabase({
      databaseUrl: client.options.connectionString,
      poolSize: 2,
      queryTimeoutMs: 200,
    });
    const slow = await buildTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
    try {
      await expect(database.db.execute(sql`select pg_sleep(1)`)).rejects.toThrow();
      const res = await slow.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(total(parse(res.body), 'cm_db_query_timeouts_total')).toBe(1);
    } finally {
      await slow.close();
      await database.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on its own listener, bound to 127.0.0.1 only', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const own = await buildTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('cm_db_pool_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // Not on the app's own routes (no token configured there).
      expect((await own.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
