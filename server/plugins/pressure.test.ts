import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';
// Served without touching the database, so polling it never queues behind a held connection.
const PROBE = '/api/openapi.json';

const probe = (t: TestApp) => t.app.inject({ method: 'GET', url: PROBE });
const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health' });

/** Polls `request` (the probe unless given) until it answers `status`: the limits are sampled on a timer. */
async function until(t: TestApp, status: number, request = probe) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await request(t);
    if (res.statusCode === status) return res;
    if (Date.now() > deadline) throw new Error(`still ${res.statusCode}, never ${status}: ${res.body}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function expectShed(res: Awaited<ReturnType<typeof probe>>, retryAfter: string) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(retryAfter);
  expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: messages.unavailable } });
}

async function shedCount(t: TestApp, limit: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`cm_requests_shed_total{limit="${limit}"}`));
  return Number(line?.split(' ')[1]);
}

describe('load shedding', () => {
  it('answers 503 with Retry-After at once while the event loop lags, says so in /api/health, and recovers by itself', async () => {
    const t = await buildTestApp({
      env: {
        // Well above what a busy test machine's ordinary ticks reach, well below the test's 400 ms stalls.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '200',
        PRESSURE_SAMPLE_INTERVAL_MS: '300',
        PRESSURE_RETRY_AFTER_SECONDS: '3',
        METRICS_TOKEN: TOKEN,
      },
    });
    try {
      // Healthy once a sample has seen an ordinary loop. The machine may be busy with other test files, so a
      // sample can catch one of their stalls: wait for the first healthy answer rather than take the next one.
      await until(t, 200);
      const healthy = await until(t, 200, health);
      expect(healthy.json()).toMatchObject({ status: 'ok', pressure: { ok: true, tripped: [] } });

      // A lagging event loop, as CPU-bound requests cause: stalls of 400 ms with a breath between them, until a
      // sample (taken on a timer, between stalls) has seen one and requests are refused.
      const deadline = Date.now() + 10_000;
      let shed = await probe(t);
      while (shed.statusCode !== 503) {
        if (Date.now() > deadline) throw new Error(`still ${shed.statusCode}, never 503`);
        const end = Date.now() + 400;
        while (Date.now() < end) {
          /* busy */
        }
        await new Promise((r) => setTimeout(r, 30));
        shed = await probe(t);
      }
      expectShed(shed, '3');
      const said = await health(t);
      expect(said.statusCode).toBe(503);
      expect(said.headers['retry-after']).toBe('3');
      expect(said.json()).toMatchObject({
        status: 'degraded',
        database: { ok: true },
        pressure: { ok: false, tripped: ['eventLoopDelay'] },
      });
      // Refused before any work: quick even on a busy machine.
      const started = performance.now();
      const again = await probe(t);
      if (again.statusCode === 503) expect(performance.now() - started).toBeLessThan(100);

      await until(t, 200);
      expect((await until(t, 200, health)).json()).toMatchObject({
        status: 'ok',
        pressure: { ok: true, tripped: [] },
      });
      expect(await shedCount(t, 'eventLoopDelay')).toBeGreaterThanOrEqual(1);
    } finally {
      await t.close();
    }
  });

  it('sheds while queries wait for a database connection longer than PRESSURE_MAX_POOL_WAIT_MS, and recovers when they drain', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'cm-pressure-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shell</title>');
    const t = await buildTestApp({
      webRoot,
      env: { PRESSURE_MAX_POOL_WAIT_MS: '1', PRESSURE_SAMPLE_INTERVAL_MS: '50', METRICS_TOKEN: TOKEN },
    });
    try {
      await until(t, 200);
      // Every connection held (PGlite has one; the test pool on PostgreSQL has 5), then three more queries.
      const held = t.database.kind === 'postgres' ? 5 : 1;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holders = Array.from({ length: held }, () =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await gate;
        }),
      );
      // `.then` starts them: Drizzle's query promises are lazy.
      const waiting = [1, 2, 3].map(() => t.db.execute(sql`select 1`).then(() => undefined));
      try {
        expectShed(await until(t, 503), '10');
        expect(t.database.stats().waitMs).toBeGreaterThan(1);
        const said = await health(t);
        expect(said.statusCode).toBe(503);
        expect(said.json()).toMatchObject({ pressure: { ok: false, tripped: ['databasePoolWaiting'] } });
        // The page shell still loads, so the app can say the service is busy instead of showing raw JSON.
        const page = await t.app.inject({ method: 'GET', url: '/marketplace' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>Shell</title>');
        expectShed(await probe(t), '10');
      } finally {
        release();
        await Promise.all([...holders, ...waiting]);
      }
      await until(t, 200);
      expect(t.database.stats()).toMatchObject({ waiting: 0, waitMs: 0 });
      expect(await shedCount(t, 'databasePoolWaiting')).toBeGreaterThanOrEqual(1);
    } finally {
      await t.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it("measures a query's wait as the age of the oldest one waiting, so a burst after an idle spell is not read as seconds", async () => {
    const t = await buildTestApp();
    try {
      const held = t.database.kind === 'postgres' ? 5 : 1;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // No request can have waited longer than the pool has been full: one made before the holders found a
      // connection free. The app's own background queries may queue behind the holders too, so this bounds
      // them as well, where the moment the test's queries were made would not.
      const fullFrom = performance.now();
      const holding: Promise<void>[] = [];
      const holders = Array.from({ length: held }, () => {
        let hold!: () => void;
        holding.push(new Promise<void>((resolve) => (hold = resolve)));
        return t.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          hold();
          await gate;
        });
      });
      // Every connection taken: the pool handed out `held` in the last second, and now 30 queries queue, as
      // 50 connections of load do on an app that was idle. Read as the waiting over the last second's pace of
      // hand-outs (Little's law, which this replaced), 55 ms of waiting read as 4,429 ms.
      await Promise.all(holding);
      const waiting = Array.from({ length: 30 }, () => t.db.execute(sql`select 1`).then(() => undefined));
      try {
        while (t.database.stats().waitMs === 0) await new Promise((r) => setTimeout(r, 5));
        const waitingBy = performance.now();
        await new Promise((r) => setTimeout(r, 50));
        const atLeast = performance.now() - waitingBy;
        const { waitMs } = t.database.stats();
        const atMost = performance.now() - fullFrom;
        expect(waitMs).toBeGreaterThanOrEqual(atLeast);
        expect(waitMs).toBeLessThanOrEqual(atMost);
      } finally {
        release();
        await Promise.all([...holders, ...waiting]);
      }
      expect(t.database.stats()).toMatchObject({ waiting: 0, waitMs: 0 });
    } finally {
      await t.close();
    }
  });

  it('sheds past PRESSURE_MAX_HEAP_USED_BYTES and names the heap in /api/health', async () => {
    const t = await buildTestApp({
      env: { PRESSURE_MAX_HEAP_USED_BYTES: '1', PRESSURE_SAMPLE_INTERVAL_MS: '50' },
    });
    try {
      expectShed(await until(t, 503), '10');
      const said = await health(t);
      expect(said.statusCode).toBe(503);
      expect(said.json()).toMatchObject({ pressure: { ok: false, tripped: ['heapUsedBytes'] } });
    } finally {
      await t.close();
    }
  });
});
