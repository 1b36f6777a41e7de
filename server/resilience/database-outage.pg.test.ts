import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '../modules/realtime/bus.ts';
import { type Cluster, sleep, startCluster, timed } from './harness.ts';

/**
 * The database stops under load: /api/health says so, requests fail fast with 503 instead of hanging, and
 * service resumes by itself (same process) when the database is back.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.close();
});

type Sample = { at: number; path: string; status: number | 'error' | 'timeout'; ms: number; code?: string };

describe('database outage under load', { timeout: 120_000 }, () => {
  it('answers 503 fast while the database is down and recovers without a restart', async () => {
    const server = await cluster.startServer();
    const cookie = await cluster.signIn(server.base, 1);
    const samples: Sample[] = [];
    let stop = false;
    const paths = [
      { path: '/api/v1/listings', headers: {} as Record<string, string> },
      { path: '/api/v1/posts', headers: { cookie } },
      { path: '/api/v1/conversations', headers: { cookie } },
    ];
    const t0 = performance.now();
    const worker = async (i: number) => {
      const target = paths[i % paths.length]!;
      while (!stop) {
        const at = performance.now() - t0;
        const res = await timed(`${server.base}${target.path}`, { headers: target.headers }, 10_000);
        const code = (res.body as { error?: { code?: string } })?.error?.code;
        samples.push({ at, path: target.path, status: res.status, ms: res.ms, code });
      }
    };
    const load = Promise.all(Array.from({ length: 9 }, (_, i) => worker(i)));

    await sleep(1000);
    const before = samples.filter((s) => s.status === 200).length;
    expect(before).toBeGreaterThan(0);

    const stoppedAt = performance.now() - t0;
    cluster.stopDatabase();
    let restartedAt = 0;
    let checked = false;
    try {
      await sleep(3000);
      const health = await timed(`${server.base}/api/health`, {}, 5000);
      expect(health.status, `${JSON.stringify(health)}\n${server.output().slice(-3000)}`).toBe(503);
      expect(health.body).toMatchObject({ status: 'degraded', database: { ok: false, kind: 'postgres' } });
      expect(health.ms).toBeLessThan(4000);
      checked = true;
    } finally {
      // Back whatever happened above, so a failure here is this test's alone and not the next one's.
      restartedAt = performance.now() - t0;
      cluster.startDatabase();
      if (!checked) stop = true;
    }
    // Service resumes by itself: the same process answers 200 again.
    const deadline = Date.now() + 20_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = (await timed(`${server.base}/api/health`, {}, 5000)).status === 200;
      if (!healthy) await sleep(200);
    }
    expect(healthy).toBe(true);
    // And live events come back: the instance listens on its realtime channel again (it retries each second,
    // the outage lasted three).
    await expect
      .poll(
        async () =>
          (
            await cluster.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where query = 'listen "${REALTIME_CHANNEL}"'`,
            )
          )[0]?.n,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(1);
    await sleep(1500);
    stop = true;
    await load;

    // While the database was away (after the in-flight requests of the moment it stopped): 503, fast.
    const during = samples.filter((s) => s.at > stoppedAt + 500 && s.at + s.ms < restartedAt);
    expect(during.length).toBeGreaterThan(10);
    for (const s of during) {
      expect(s, JSON.stringify(s)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(s.ms, JSON.stringify(s)).toBeLessThan(4000);
    }
    // No request hung or failed without an answer, at any moment.
    expect(samples.filter((s) => typeof s.status !== 'number')).toEqual([]);
    expect(
      samples.filter((s) => s.status !== 200 && s.status !== 503),
      server.output().slice(-3000),
    ).toEqual([]);
    // After recovery, every endpoint answers 200 again.
    for (const p of paths) {
      const after = samples.filter((s) => s.path === p.path).at(-1);
      expect(after?.status, p.path).toBe(200);
    }
    expect(server.child.exitCode).toBeNull();
    expect(await server.stop()).toBe(0);
  });

  it('bounds every request when the database stops answering, and recovers when it answers again', async () => {
    const server = await cluster.startServer();
    const cookie = await cluster.signIn(server.base, 2);
    const paths = [
      { path: '/api/v1/listings', headers: {} as Record<string, string> },
      { path: '/api/v1/posts', headers: { cookie } },
    ];
    // Warm the pool: its connections are open when the database freezes.
    for (const p of paths)
      expect((await timed(`${server.base}${p.path}`, { headers: p.headers })).status).toBe(200);

    cluster.freezeDatabase();
    let results: Awaited<ReturnType<typeof timed>>[];
    try {
      const health = timed(`${server.base}/api/health`, {}, 15_000);
      results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const p = paths[i % paths.length]!;
          return timed(`${server.base}${p.path}`, { headers: p.headers }, 15_000);
        }),
      );
      const h = await health;
      expect(h.status).toBe(503);
      expect(h.ms).toBeLessThan(4000);
    } finally {
      cluster.thawDatabase();
    }
    // Every request got its answer, a 503, within the query bound (5 s) plus the pool's wait.
    for (const r of results) {
      expect(r.status, `${JSON.stringify(r)}\n${server.output().slice(-3000)}`).toBe(503);
      expect(r.ms).toBeLessThan(12_000);
    }
    const deadline = Date.now() + 15_000;
    let ok = false;
    while (!ok && Date.now() < deadline) {
      ok = (await timed(`${server.base}/api/v1/listings`)).status === 200;
      if (!ok) await sleep(200);
    }
    expect(ok).toBe(true);
    expect((await timed(`${server.base}/api/v1/posts`, { headers: { cookie } })).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});
