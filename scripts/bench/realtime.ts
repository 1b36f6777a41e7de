import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { notifyFollowersOfListing } from '../../server/modules/commerce/listings/queries/selling.ts';
import { connected, openSocket, type Socket } from '../../server/test/sockets.ts';
import { type Child, sessionCookie, startApp } from './app-process.ts';
import { PG_STATEMENTS_SETTINGS, resetStatementStats, statementStatsTable } from './pg-statements.ts';
import { benchPostgres, createBenchDatabase } from './postgres.ts';

/*
 * `npm run bench:realtime`: PostgreSQL on this machine (the app connects through its Unix socket), the app in
 * production mode as a child process, and N WebSocket clients (default 1,000) signed in as N seeded members
 * (rows and sessions written with SQL, cookies signed with the configured AUTH_SECRET, as better-auth signs
 * them). Measures:
 *   - connect: wall time for all N handshakes (50 at a time), and per-handshake p50/p99;
 *   - memory: the app's RSS and V8 heap (from its /metrics) before and after, per connection;
 *   - direct messages: M messages sent through the HTTP API (member i → member i+k), latency from the
 *     request's start to the recipient's 'message' event, p50/p95/p99, and delivered messages per second,
 *     with one sender and with BENCH_SEND_CONCURRENCY at once, and the CPU time per message of the app (its
 *     job workers' share included: each message queues a notification-mail job they decide) and of the
 *     database's backends;
 *   - fan-out: a listing's 'marketplace_new' notification to BENCH_FOLLOWERS members (all N by default) at
 *     once (the one-statement insert plus pg_notify per 80 rows, and each notification's mail job), from the
 *     transaction's start to each follower's 'notification' event, and to the commit (nothing is delivered
 *     before it: what comes after is the app's LISTEN, its sockets and the clients).
 * 10,000 clients need a file descriptor each in this process and one in the app: raise `ulimit -n` first
 * (the script checks and says so).
 * The clients run in this process on the same machine as the server: the figures include their CPU.
 * Environment: BENCH_CLIENTS (1000), BENCH_MESSAGES (3000), BENCH_SEND_CONCURRENCY (32), BENCH_FANOUTS (5),
 * BENCH_FOLLOWERS (BENCH_CLIENTS), BENCH_PG_STATEMENTS=1 (what PostgreSQL spent on the direct messages,
 * statement by statement: pg_stat_statements, as in `npm run bench`).
 */
const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 1000);
const MESSAGES = Number(env.BENCH_MESSAGES ?? 3000);
const SEND_CONCURRENCY = Number(env.BENCH_SEND_CONCURRENCY ?? 32);
const FANOUTS = Number(env.BENCH_FANOUTS ?? 5);
const FOLLOWERS = Math.min(CLIENTS, Number(env.BENCH_FOLLOWERS ?? CLIENTS));
const CONNECT_CONCURRENCY = 50;
const AUTH_SECRET = `bench-secret-${'x'.repeat(32)}`;
const METRICS_TOKEN = `bench-metrics-${'x'.repeat(32)}`;

const log = (msg: string) => console.log(msg);
const ms = (v: number) => `${v.toFixed(1)} ms`;
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}`;
/** Resident memory of a process, from /proc (Linux). */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
};
/** CPU time a process has used so far, user and system, in ms (from /proc, Linux; ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const cookieFor = (token: string) => sessionCookie(AUTH_SECRET, token);
/** This process's soft limit on open files (Linux's /proc). */
const openFilesLimit = () => {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s{2,}/)[1] ?? Number.POSITIVE_INFINITY);
};
if (openFilesLimit() < CLIENTS + 1000) {
  console.error(
    `${CLIENTS} clients need more open files than ${openFilesLimit()}: run \`ulimit -n 65536\` first`,
  );
  process.exit(1);
}
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-bench-rt-'));
const server = await benchPostgres(env.BENCH_PG_STATEMENTS ? PG_STATEMENTS_SETTINGS : {});
let app: Child | null = null;
/** The fan-out's own instance, in this process: no HTTP, no workers, only its queue to send with. */
let sender: { app: FastifyInstance; database: Database } | null = null;
const sockets: Socket[] = [];
const dbPool = new pg.Pool({ connectionString: server.url('bench_rt'), max: 4 });
try {
  await createBenchDatabase(server, 'bench_rt');

  app = await startApp({
    DATABASE_URL: server.localUrl('bench_rt'),
    DATA_DIR: tmp,
    AUTH_SECRET,
    // The API's per-member limits (messages per minute) would cap the sending loop, not the realtime path.
    RATE_LIMIT_SCALE: '0',
    METRICS_TOKEN,
  });
  const pid = app.child.pid!;
  // PUBLIC_URL is the app's base URL, so that is the Origin the browser would send.
  const origin = app.base;
  log(`app: pid ${pid} on ${app.base} (production, PostgreSQL through its Unix socket)`);

  // Members, their sessions (the table holds each token's hash, as the app stores them), and a seller they
  // all follow; one statement each.
  const started = performance.now();
  const members = Array.from({ length: CLIENTS }, (_, i) => ({
    id: randomUUID(),
    username: `rt_member_${i}`,
    token: randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', ''),
  }));
  const sellerId = randomUUID();
  await dbPool.query(
    `insert into profiles (id, username, email)
     select id, name, name || '@bench.example.com' from unnest($1::uuid[], $2::text[]) as m(id, name)`,
    [
      [...members.map((m) => m.id), sellerId],
      [...members.map((m) => m.username), 'rt_seller'],
    ],
  );
  await dbPool.query(
    `insert into sessions (id, token, user_id, expires_at)
     select gen_random_uuid(), encode(sha256(convert_to(token, 'UTF8')), 'hex'), id, now() + interval '7 days'
     from unnest($1::uuid[], $2::text[]) as s(id, token)`,
    [members.map((m) => m.id), members.map((m) => m.token)],
  );
  await dbPool.query(
    `insert into user_followers (follower_id, following_id) select id, $2 from unnest($1::uuid[]) as f(id)`,
    [members.slice(0, FOLLOWERS).map((m) => m.id), sellerId],
  );
  log(`seeded ${CLIENTS} members with sessions in ${ms(performance.now() - started)}`);
  const check = await fetch(`${app.base}/api/v1/notifications`, {
    headers: { cookie: cookieFor(members[0]!.token) },
  });
  if (check.status !== 200) throw new Error(`seeded session refused: ${check.status} ${await check.text()}`);

  /** The app's V8 heap in use, from its own /metrics (prom-client's default metrics). */
  const heapMb = async () => {
    const res = await fetch(`${app!.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (await res.text()).split('\n').find((l) => l.startsWith('nodejs_heap_size_used_bytes '));
    return Number(line?.split(' ')[1] ?? Number.NaN) / 1024 / 1024;
  };
  await sleep(1000);
  const rssBefore = rssMb(pid);
  const heapBefore = await heapMb();

  // Connect everyone.
  const received = new Map<string, number>();
  const notified = new Map<string, number[]>();
  const connectTimes: number[] = [];
  const connectStart = performance.now();
  await pool(members, CONNECT_CONCURRENCY, async (member) => {
    const t0 = performance.now();
    const socket = openSocket(app!.base, { origin, cookie: cookieFor(member.token) });
    sockets.push(socket);
    socket.on('message', (p: { senderId: string; recipientId: string }) => {
      if (p.recipientId === member.id) received.set(`${p.senderId}>${p.recipientId}`, performance.now());
    });
    socket.on('notification', () => {
      const list = notified.get(member.id) ?? [];
      list.push(performance.now());
      notified.set(member.id, list);
    });
    await connected(socket);
    connectTimes.push(performance.now() - t0);
  });
  const connectWall = performance.now() - connectStart;
  // Presence batches and the first broadcasts settle; then the steady memory.
  await sleep(2000);
  const rssAfter = rssMb(pid);
  const heapAfter = await heapMb();
  const presence = await dbPool.query('select count(distinct user_id)::int as n from realtime_presence');

  /** CPU time used so far by each backend of this database (from /proc). */
  const backendCpu = async () => {
    const backends = await dbPool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    const now = new Map<number, number>();
    for (const { pid: backend } of backends.rows) {
      try {
        now.set(backend, cpuMs(backend));
      } catch {
        // Ended since the list was read.
      }
    }
    return now;
  };
  /** CPU time the database's backends used since `since` (a backend started later counts from 0). */
  const backendCpuSince = async (since: Map<number, number>) =>
    [...(await backendCpu())].reduce((sum, [backend, ms]) => sum + ms - (since.get(backend) ?? 0), 0);

  // Direct messages through the API: member i → member (i + 1 + round) mod N; one sender at a time for the
  // latency of one message, then many at once for throughput (where queueing adds to the latency).
  const runDms = async (count: number, concurrency: number) => {
    const sends = Array.from({ length: count }, (_, n) => {
      const i = n % CLIENTS;
      const round = Math.floor(n / CLIENTS);
      return { from: members[i]!, to: members[(i + 1 + round) % CLIENTS]! };
    });
    const sentAt = new Map<string, number>();
    received.clear();
    let failed = 0;
    /** Answers other than 201, by status (503: the app shed the request under load, plugins/pressure.ts). */
    const refused = new Map<number, number>();
    const begin = performance.now();
    const cpuBefore = cpuMs(pid);
    const databaseBefore = await backendCpu();
    await pool(sends, concurrency, async ({ from, to }) => {
      sentAt.set(`${from.id}>${to.id}`, performance.now());
      const res = await fetch(`${app!.base}/api/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: cookieFor(from.token) },
        body: JSON.stringify({ recipientId: to.id, message: `bench message from ${from.username}` }),
      });
      if (res.status !== 201) {
        failed += 1;
        refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
      }
      await res.arrayBuffer();
    });
    const until = performance.now() + 10_000;
    while (received.size < sentAt.size - failed && performance.now() < until) await sleep(20);
    const cpuPerMessage = (cpuMs(pid) - cpuBefore) / count;
    const databaseCpuPerMessage = (await backendCpuSince(databaseBefore)) / count;
    const wall = Math.max(...received.values()) - begin;
    const latency = [...sentAt].flatMap(([key, t0]) => {
      const t1 = received.get(key);
      return t1 === undefined ? [] : [t1 - t0];
    });
    return {
      count,
      concurrency,
      delivered: received.size,
      failed,
      refused: [...refused].map(([status, n]) => `${n}× ${status}`).join(', '),
      perSecond: (received.size / wall) * 1000,
      cpuPerMessage,
      databaseCpuPerMessage,
      latency,
    };
  };
  if (env.BENCH_PG_STATEMENTS) await resetStatementStats(server.url('bench_rt'));
  const dmRuns = [await runDms(Math.min(300, MESSAGES), 1), await runDms(MESSAGES, SEND_CONCURRENCY)];
  // What PostgreSQL spent on the direct messages (their requests, mail jobs and deliveries), before the fan-out.
  const dmStatements = env.BENCH_PG_STATEMENTS ? await statementStatsTable(server.url('bench_rt')) : '';

  // Fan-out: one listing, every member notified in one statement, from an instance of the app built in this
  // process as the server builds it (the fan-out queues each notification's mail job: the job queue must be
  // started here too), without workers: the server's process runs the jobs.
  mkdirSync(path.join(tmp, 'sender'));
  const database = await openDatabase({ databaseUrl: server.url('bench_rt'), poolSize: 4 });
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET,
    DATABASE_URL: server.localUrl('bench_rt'),
    DATA_DIR: path.join(tmp, 'sender'),
    PUBLIC_URL: app.base,
    LOG_LEVEL: 'silent',
    JOB_WORKERS: 'false',
  });
  sender = {
    app: await buildApp({ config, database, logger: false, webRoot: path.join(tmp, 'no-web') }),
    database,
  };
  await sender.app.ready();
  const fanLatency: number[] = [];
  /** From the transaction's start to its commit: the part of the latency that is the database's. */
  const fanCommitted: number[] = [];
  let fanDelivered = 0;
  let fanWallTotal = 0;
  for (let f = 0; f < FANOUTS; f++) {
    notified.clear();
    const t0 = performance.now();
    await database.db.transaction((tx) =>
      notifyFollowersOfListing(tx, sellerId, { id: randomUUID(), title: `Bench listing ${f}` }, 'rt_seller'),
    );
    fanCommitted.push(performance.now() - t0);
    const end = performance.now() + 10_000;
    while (notified.size < FOLLOWERS && performance.now() < end) await sleep(10);
    const times = [...notified.values()].flat();
    fanDelivered += times.length;
    fanWallTotal += Math.max(...times) - t0;
    fanLatency.push(...times.map((t) => t - t0));
    await sleep(200);
  }
  const rssEnd = rssMb(pid);

  log('');
  log(`clients                 ${CLIENTS} WebSocket clients (ws), signed in, one app instance`);
  log(
    `connect                 ${ms(connectWall)} for all (${CONNECT_CONCURRENCY} at a time), per handshake ${summary(connectTimes)}`,
  );
  log(`presence                ${presence.rows[0].n} members in realtime_presence`);
  log(
    `memory (app RSS)        ${rssBefore.toFixed(1)} MB idle → ${rssAfter.toFixed(1)} MB connected → ${rssEnd.toFixed(1)} MB after the runs; ` +
      `${(((rssAfter - rssBefore) * 1024) / CLIENTS).toFixed(1)} kB per connection`,
  );
  log(
    `memory (app V8 heap)    ${heapBefore.toFixed(1)} MB idle → ${heapAfter.toFixed(1)} MB connected; ` +
      `${(((heapAfter - heapBefore) * 1024) / CLIENTS).toFixed(1)} kB per connection`,
  );
  for (const run of dmRuns) {
    log(
      `direct messages         ${run.delivered}/${run.count} delivered (${run.failed} failed requests${run.failed ? `: ${run.refused}` : ''}), ` +
        `${run.concurrency} sender(s) at once, ${run.perSecond.toFixed(0)} messages/s, CPU per message: app ${run.cpuPerMessage.toFixed(2)} ms, PostgreSQL ${run.databaseCpuPerMessage.toFixed(2)} ms`,
    );
    log(`  API request → live    ${summary(run.latency)}`);
  }
  log(
    `fan-out notifications   ${fanDelivered}/${FANOUTS * FOLLOWERS} delivered in ${FANOUTS} listings to ${FOLLOWERS} followers, ` +
      `${((fanDelivered / fanWallTotal) * 1000).toFixed(0)} notifications/s`,
  );
  log(`  transaction → live    ${summary(fanLatency)}`);
  log(`  transaction → commit  ${summary(fanCommitted)}`);
  if (dmStatements) log(`\nDuring the direct messages. ${dmStatements}`);
} finally {
  for (const s of sockets) s.disconnect();
  await sender?.app.close();
  await sender?.database.close();
  await app?.stop();
  await dbPool.end().catch(() => {});
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
