import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { keepsGenericPlans, openDatabase } from '../../server/db/client.ts';

import {
  type Child,
  freePort,
  LOCAL_AUTH_SECRET,
  root,
  START_FLAGS,
  signIn,
  startApp,
  startChild,
} from './app-process.ts';
import type { CeilingPlan, Statement } from './ceiling-server.ts';
import { type LoadOptions, type LoadResult, type LoadTarget, measure, warmUp } from './load.ts';
import { PG_STATEMENTS_SETTINGS, resetStatementStats, statementStatsTable } from './pg-statements.ts';
import { type BenchPostgres, benchPostgres, createBenchDatabase } from './postgres.ts';
import { DRAIN_TARGET, drainReport, queueDrain } from './queue-drain.ts';
import {
  BENCH_PASSWORD,
  type BenchCounts,
  BIG_CATEGORY,
  BIG_THREAD,
  BIG_THREAD_REPLIES,
  COMMON_WORD,
  fundMembers,
  RARE_WORD,
  type Runner,
  scaled,
  seedAll,
  seedListingsDeferred,
  seedUsers,
} from './seed.ts';
import { floodReport, uploadFlood } from './upload-flood.ts';
import { webhookStorm } from './webhook-storm.ts';

/*
 * `npm run bench`: PostgreSQL on this machine (the app and the ceiling connect through its Unix socket, as an app
 * beside its database would), a seeded data set, the app in production mode as a child process,
 * autocannon against the main endpoints next to two references (the ceiling: the same SQL through `pg` behind
 * a bare node:http server; the old design of the feed), then browse/search at 10 k and 1 M listings, then the
 * embedded PGlite mode. Environment:
 *   BENCH_SCALE (1)             data set size (1 = 10 k users, 100 k listings, 100 k posts, 1 M messages)
 *   BENCH_CONNECTIONS (50)      autocannon connections
 *   BENCH_WARMUP (5) / BENCH_DURATION (10)   seconds of warm-up and of measurement per endpoint
 *   BENCH_PGLITE_SCALE          the PGlite run's scale (default: BENCH_SCALE, at most 0.1)
 *   BENCH_SCALE_ROUNDS (3)      rounds of the 10 k vs 1 M comparison (medians reported)
 *   BENCH_SKIP=scale,pglite,storm,uploads,queue   parts to leave out
 *   BENCH_STORM_DELIVERIES (1000)   signed BTCPay deliveries in the webhook storm (a fifth of them replays)
 *   BENCH_FLOOD_SIGNINS (40)    sign-ins timed alone and during the upload flood (issue 36)
 *   BENCH_QUEUE_JOBS (10000)    notification-mail jobs the queue drain starts with (issue 38), and
 *   BENCH_QUEUE_SECONDS (600)   the longest it waits for them
 *   BENCH_ONLY                  measure only the endpoints whose name contains this text
 *   BENCH_READ_ROUNDS (3) / BENCH_READ_ROUND (5)   alternating rounds of each read and its ceiling, and
 *                               their seconds (medians compared)
 *   BENCH_PURCHASE_ROUNDS (4)   alternating rounds of single and key purchases
 *   BENCH_APP_NODE_OPTIONS      NODE_OPTIONS for the app's process (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
 *   BENCH_PG_STATEMENTS=1       after the main run, the statements that took PostgreSQL the most time
 *   BENCH_RESULTS (.tmp/bench-results.md)   where the report is written
 *   BENCH_POSTGRES_URL          an existing server to run on (a URL with {db}; see postgres.ts), and
 *   BENCH_POSTGRES_TEMPLATE     a migrated database there to copy each database from
 *   BENCH_REPLICA=1             the app reads through a streaming replica (DATABASE_READ_URLS, issue 39); the
 *                               ceiling stays on the primary, so each ratio says what the router and replica cost
 */
const env = process.env;
const scale = Number(env.BENCH_SCALE ?? 1);
const load: LoadOptions = {
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 5),
  durationSeconds: Number(env.BENCH_DURATION ?? 10),
};
const pgliteScale = Number(env.BENCH_PGLITE_SCALE ?? Math.min(scale, 0.1));
const skip = new Set((env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const POOL_SIZE = 10;
const RATE_LIMIT_SCALE = '1000000';
/** Rounds of the 10 k / 1 M comparison, each measuring both sizes back to back. */
const SCALE_ROUNDS = Number(env.BENCH_SCALE_ROUNDS ?? 3);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// Issue 38's targets: every read at ≥ 0.9 of its named-statement ceiling at 50 connections and at 10, and p99 ≤ 20 ms
// at 10 (issue 13's were 0.75 of the unnamed ceiling and 50 ms).
const TARGET = { ceilingRatio: 0.9, oldDesignRatio: 10, p99Ms: 20, p99Connections: 10, scaleRatio: 1.5 };
// Endpoints whose name contains this (e.g. "thread page") are the only ones measured: for profiling one.
const only = env.BENCH_ONLY?.toLowerCase();
const measured = (name: string) => !only || name.toLowerCase().includes(only);
const FULL_SCALE_LISTINGS = { small: 10_000, large: 1_000_000 };

const log = (msg: string) => console.log(msg);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-bench-'));
const children: Child[] = [];

function pgRunner(client: pg.Client): Runner {
  return {
    exec: (s) => client.query(s),
    rows: async <T>(s: string) => (await client.query(s)).rows as T[],
  };
}

async function createDatabase(server: BenchPostgres, name: string) {
  await createBenchDatabase(server, name);
  const database = await openDatabase({ databaseUrl: server.url(name), poolSize: 2 });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: server.url(name) });
  await client.connect();
  await client.query(`set maintenance_work_mem = '256MB'`);
  return client;
}

/**
 * After a bulk load: statistics and the visibility map made (VACUUM ANALYZE), then the dirty pages written
 * (CHECKPOINT), so the measurement that follows is not sharing the disk and CPU with the checkpointer
 * flushing the load (which made 1 M listings look three times slower than 10 k for a 0.4 ms query).
 */
async function settle(client: pg.Client) {
  await client.query('vacuum analyze');
  await client.query('checkpoint');
}

const memberEmail = (i: number) => `member${i}@bench.test`;

interface Fixtures {
  memberIds: string[];
  detailId: string;
  /** Active listings with the price a buyer sees (a purchase must send it). */
  buyable: Buyable[];
  categoryId: string;
  /** The thread with a thousand replies, read half-way by member 1. */
  bigThreadId: string;
}
interface Buyable {
  id: string;
  price: number;
}

async function fixtures(runner: Runner, c: BenchCounts): Promise<Fixtures> {
  const members = await runner.rows<{ id: string }>(
    `select overlay(overlay(md5('bench-user-' || i) placing '4' from 13) placing '8' from 17)::uuid::text as id from generate_series(1, ${c.members}) i order by i`,
  );
  const [detail] = await runner.rows<{ id: string }>(
    `select id::text from marketplace_listings where status = 'active' order by created_at desc offset 100 limit 1`,
  );
  const buyable = await runner.rows<Buyable>(
    `select id::text, price::int as price from marketplace_listings where status = 'active' order by md5(id::text)`,
  );
  const [category] = await runner.rows<{ id: string }>(
    `select id::text from forum_categories where name = '${BIG_CATEGORY}'`,
  );
  const [bigThread] = await runner.rows<{ id: string }>(`select ${BIG_THREAD}::text as id`);
  return {
    bigThreadId: bigThread!.id,
    memberIds: members.map((m) => m.id),
    detailId: detail!.id,
    buyable: buyable.map((b) => ({ id: b.id, price: Number(b.price) })),
    categoryId: category!.id,
  };
}

interface Endpoint {
  name: string;
  path: string;
  /** Signed in as member 1. */
  member?: boolean;
  /** req/s to reach at full scale, 50 connections (issue 13), when the endpoint has one. */
  target?: number;
}

function readEndpoints(f: Fixtures): Endpoint[] {
  return [
    { name: 'marketplace browse', path: '/api/v1/listings' },
    { name: 'marketplace search, rare word', path: `/api/v1/listings?q=${RARE_WORD.toLowerCase()}` },
    {
      name: 'marketplace search, common word',
      path: `/api/v1/listings?q=${COMMON_WORD.toLowerCase()}`,
      target: 300,
    },
    { name: 'feed (member)', path: '/api/v1/posts', member: true },
    { name: 'listing detail', path: `/api/v1/listings/${f.detailId}` },
    // Members 1 and 2 share one message in a hundred: 10,000 at full scale.
    {
      name: 'conversation thread',
      path: `/api/v1/conversations/${f.memberIds[1]}`,
      member: true,
      target: 600,
    },
    // Member 1 writes to ten members and hears from ten: one page of their conversation rows.
    { name: 'conversation list', path: '/api/v1/conversations', member: true },
    { name: 'forum thread list', path: `/api/v1/forum/threads?categoryId=${f.categoryId}`, target: 1000 },
    // Issue 17: the whole thread page in one request, opening at member 1's first unread of 1,000 replies.
    {
      name: `forum thread page, ${BIG_THREAD_REPLIES} replies (member)`,
      path: `/api/v1/forum/threads/${f.bigThreadId}`,
      member: true,
    },
    // Member 1 watches 200 threads, 100 of them with unread replies.
    { name: 'forum categories with unread counts (member)', path: '/api/v1/forum/categories', member: true },
    // "legend" is in one title in ten (Apex Legends), "legendary" in one in a thousand.
    { name: 'global search, common word', path: '/api/v1/search?q=legend', target: 300 },
    { name: 'global search, rare word', path: `/api/v1/search?q=${RARE_WORD.toLowerCase()}` },
  ];
}

/** Sums the samples of one metric in a Prometheus text scrape whose line also contains `also`. */
const sumMetric = (text: string, prefix: string, also = '') =>
  text
    .split('\n')
    .filter((l) => l.startsWith(prefix) && l.includes(also))
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);

/**
 * The app's own counters, read from its metrics port after the rounds: requests refused by load shedding (503)
 * and which limit refused them, so a table's "failed" says why; with BENCH_REPLICA, how many requests' reads the
 * replica served.
 */
async function appCounters(metricsPort: number, replica: boolean) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const shedBy = text
    .split('\n')
    .filter((l) => l.startsWith('cm_requests_shed_total{'))
    .map((l) => ({ limit: l.match(/limit="([^"]+)"/)?.[1] ?? '?', n: Number(l.split(' ').at(-1)) }));
  const shed = shedBy.reduce((n, s) => n + s.n, 0);
  const shedLine = `Load shedding refused ${shed.toLocaleString('en')} requests with 503 over the whole run${
    shed ? ` (${shedBy.map((s) => `${s.limit}: ${s.n.toLocaleString('en')}`).join(', ')})` : ''
  }.`;
  if (!replica) return shedLine;
  const fromReplica = sumMetric(text, 'cm_db_replica_requests_total{');
  const gets = sumMetric(text, 'http_request_duration_seconds_count{', 'method="GET"');
  return `Reads through a streaming replica (BENCH_REPLICA): the app's DATABASE_READ_URLS names a replica of the primary on this machine, the ceiling reads from the primary. The replica served the reads of ${fromReplica.toLocaleString('en')} requests; the app answered ${gets.toLocaleString('en')} GET requests (a request cut off at the end of a round counts in the first figure only). ${shedLine}`;
}

/** BENCH_REPLICA: a streaming replica of the seeded primary (pg_basebackup, then WAL streaming). */
async function readReplica(server: BenchPostgres) {
  if (!env.BENCH_REPLICA) return undefined;
  if (!server.startReplica)
    throw new Error("BENCH_REPLICA needs a PostgreSQL of the benchmark's own (not BENCH_POSTGRES_URL)");
  log('starting a streaming replica');
  return server.startReplica();
}

/**
 * The statements the app sends for one request of each endpoint: the app built in this process on the same
 * database, every pg `Client#query` recorded while one injected request runs (after one warm-up request).
 */
async function captureStatements(
  databaseUrl: string,
  endpoints: Endpoint[],
  cookie: string,
  purchase: Buyable,
) {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  const dataDir = path.join(tmp, 'capture');
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: LOCAL_AUTH_SECRET,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:1',
    RATE_LIMIT_SCALE,
    LOG_LEVEL: 'silent',
    // No job worker in this process: its polling would be captured as the request's statements (and replayed
    // by the ceiling, which made browse look faster than its own SQL).
    JOB_WORKERS: 'false',
    // Statements are recorded here, not latency: a busy machine must not have the capture shed (503).
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, database, logger: false, webRoot: path.join(dataDir, 'none') });
  await app.ready();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const routes: Record<string, Statement[]> = {};
  try {
    const requests = [
      ...endpoints.map((e) => ({ ...e, method: 'GET' as const })),
      {
        name: 'purchase (POST)',
        path: `/api/v1/listings/${purchase.id}/purchase`,
        member: true,
        method: 'POST' as const,
        payload: { expectedPrice: purchase.price },
      },
    ];
    for (const e of requests) {
      const headers: Record<string, string> = e.member ? { cookie, origin: 'http://127.0.0.1:1' } : {};
      // One request first (caches, prepared plans); a purchase cannot repeat, so it is captured cold.
      if (e.method === 'GET') await app.inject({ method: 'GET', url: e.path, headers });
      const statements: Statement[] = [];
      proto.query = function (this: unknown, ...args: unknown[]) {
        const [q, values] = args as [
          string | { text: string; values?: unknown[]; rowMode?: 'array'; name?: string },
          unknown,
        ];
        if (typeof q === 'string')
          statements.push({ text: q, values: Array.isArray(values) ? values : undefined });
        else if (q && typeof q === 'object' && 'text' in q)
          // Drizzle passes the config object and the parameters apart.
          statements.push({
            text: q.text,
            values: q.values ?? (Array.isArray(values) ? values : undefined),
            rowMode: q.rowMode,
            name: q.name,
            ...(keepsGenericPlans(this) && { generic: true }),
          });
        return original.apply(this, args);
      };
      const res = await app.inject({
        method: e.method,
        url: e.path,
        headers,
        ...('payload' in e ? { payload: e.payload } : {}),
      });
      proto.query = original;
      if (res.statusCode !== (e.method === 'GET' ? 200 : 201))
        throw new Error(`${e.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      routes[slug(e.name)] = statements;
    }
  } finally {
    proto.query = original;
    await app.close();
    await database.close();
  }
  return routes;
}

const slug = (name: string) => name.replace(/[^a-z]+/g, '-');

interface Row {
  name: string;
  app: LoadResult;
  /**
   * The named-statement ceiling (the target's reference: through the app's reader), and beside it the same
   * statements named through pg's own Query, and unnamed.
   */
  ceiling?: LoadResult;
  pgNamed?: LoadResult;
  unnamed?: LoadResult;
  /** The same endpoint and its named ceiling at TARGET.p99Connections, for the p99 target and the ratio there. */
  quiet?: LoadResult;
  quietCeiling?: LoadResult;
  oldDesign?: LoadResult;
  statements?: Statement[];
  target?: number;
  /** Every round's figure, when the endpoint was measured in alternating rounds (reads, purchases). */
  rounds?: LoadResult[];
  ceilingRounds?: LoadResult[];
}

function purchaseTarget(base: string, cookies: string[], listings: Buyable[]): LoadTarget {
  let n = 0;
  return {
    url: base,
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    next: () => {
      const listing = listings[n % listings.length]!;
      const cookie = cookies[n % cookies.length]!;
      n++;
      return {
        path: `/api/v1/listings/${listing.id}/purchase`,
        headers: { cookie },
        body: JSON.stringify({ expectedPrice: listing.price }),
      };
    },
  };
}

async function measureApp(
  base: string,
  endpoints: Endpoint[],
  cookies: string[],
  buyable: Buyable[],
  ceiling?: Child,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const e of endpoints.filter((e) => measured(e.name))) {
    const headers = e.member ? { cookie: cookies[0]! } : undefined;
    log(`  ${e.name}: ${e.path}`);
    const target = { url: `${base}${e.path}`, headers };
    const row: Row = {
      name: e.name,
      app: await measure(target, ceiling ? readRound : load),
      target: e.target,
    };
    if (ceiling) {
      // App and ceiling in alternating rounds, each warmed up once, medians compared: measured one after the
      // other, the ratio followed the machine's load between them (browse, unchanged: 0.68 to 0.82 in five
      // runs of one day).
      const reference = { url: `${ceiling.base}/ceiling/${slug(e.name)}` };
      await warmUp(reference, load);
      const rounds: [LoadResult[], LoadResult[]] = [[row.app], []];
      for (let n = 1; n <= READ_ROUNDS; n++) {
        rounds[1].push(await measure(reference, { ...readRound, warmupSeconds: 0 }));
        if (n < READ_ROUNDS) rounds[0].push(await measure(target, { ...readRound, warmupSeconds: 0 }));
      }
      row.app = medianRound(rounds[0]);
      row.ceiling = medianRound(rounds[1]);
      row.rounds = rounds[0];
      row.ceilingRounds = rounds[1];
      const pgNamed = { url: `${ceiling.base}/ceiling-pg/${slug(e.name)}` };
      await warmUp(pgNamed, load);
      row.pgNamed = await measure(pgNamed, { ...readRound, warmupSeconds: 0 });
      const unnamed = { url: `${ceiling.base}/ceiling-unnamed/${slug(e.name)}` };
      await warmUp(unnamed, load);
      row.unnamed = await measure(unnamed, { ...readRound, warmupSeconds: 0 });
    }
    const quiet = { ...load, connections: TARGET.p99Connections };
    row.quiet = await measure(target, quiet);
    if (ceiling) row.quietCeiling = await measure({ url: `${ceiling.base}/ceiling/${slug(e.name)}` }, quiet);
    if (ceiling && e.name.startsWith('feed'))
      row.oldDesign = await measure({ url: `${ceiling.base}/old-feed` }, load);
    rows.push(row);
  }
  if (!measured('purchase')) return rows;
  // Issue 18: every connection buys from the same listing: each claims keys with SKIP LOCKED, and its commit
  // takes the stock on that listing's row after the commit before it. The seller is the last member,
  // who never buys (buying one's own listing is refused). Single and key purchases alternate over
  // PURCHASE_ROUNDS rounds, so the comparison is read against the single purchase's own spread from round to
  // round (on this shared machine, it varied by up to half from one 10-second round to the next).
  const single = purchaseTarget(base, cookies, buyable);
  const singleRounds: LoadResult[] = [];
  const keyRounds: LoadResult[] = [];
  for (let round = 1; round <= PURCHASE_ROUNDS; round++) {
    log(`  purchases, round ${round}`);
    singleRounds.push(await measure(single, load));
    log(`  ${KEY_PURCHASE}, round ${round}`);
    // The warm-up buys from a listing of its own: at 650 purchases a second, warm-up and round together
    // emptied one listing of 10,000 keys, and its last buyers were answered 409 (sold out).
    const buyers = cookies.slice(0, -1);
    const warm = await createKeyListing(base, cookies.at(-1)!, KEY_LISTING_KEYS);
    await warmUp(purchaseTarget(base, buyers, [warm]), load);
    const keyListing = await createKeyListing(base, cookies.at(-1)!, KEY_LISTING_KEYS);
    keyRounds.push(await measure(purchaseTarget(base, buyers, [keyListing]), { ...load, warmupSeconds: 0 }));
  }
  rows.push({ name: 'purchase (POST)', app: medianRound(singleRounds), rounds: singleRounds });
  rows.push({ name: KEY_PURCHASE, app: medianRound(keyRounds), rounds: keyRounds });
  return rows;
}

const PURCHASE_ROUNDS = Number(env.BENCH_PURCHASE_ROUNDS ?? 4);
const READ_ROUNDS = Number(env.BENCH_READ_ROUNDS ?? 3);
const readRound: LoadOptions = { ...load, durationSeconds: Number(env.BENCH_READ_ROUND ?? 5) };

/**
 * Rounds as one result: the median round's rates and latencies (the lower middle one of an even count), and
 * every round's failures (a failure in any round is shown, never hidden behind the median).
 */
function medianRound(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const statuses: Record<number, number> = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.statuses))
      statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
  const sum = (f: (r: LoadResult) => number) => rounds.reduce((n, r) => n + f(r), 0);
  return { ...mid, non2xx: sum((r) => r.non2xx), errors: sum((r) => r.errors), statuses };
}
const KEY_LISTING_KEYS = 10_000;
const KEY_PURCHASE = `purchase, one key listing of ${KEY_LISTING_KEYS.toLocaleString('en-US')} keys (POST)`;

/** A license-key listing with `n` keys, made through the API (the app encrypts them with its own key). */
async function createKeyListing(base: string, cookie: string, n: number): Promise<Buyable> {
  const keys = Array.from({ length: n }, (_, i) => `BENCH-${i}-${Math.random().toString(36).slice(2, 12)}`);
  // Made right after the read rounds: an app still shedding load answers 503 with Retry-After, and a client
  // sends again after it (the web client does); ten tries, then the refusal is the answer.
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    res = await fetch(`${base}/api/v1/listings`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Bench key listing',
        game: 'Bench',
        features: 'Keys',
        requirements: 'None',
        description: 'One license key per unit, for the purchase benchmark.',
        contentLink: 'https://files.example.com/bench.zip',
        price: 1,
        deliveryKind: 'keys',
        keys: keys.join('\n'),
      }),
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || !retryAfter || attempt === 10) break;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  if (res.status !== 201) throw new Error(`key listing: ${res.status} ${await res.text()}`);
  const listing = (await res.json()) as { id: string; price: number };
  return { id: listing.id, price: listing.price };
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}` : '–');
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

function table(rows: Row[], withRefs: boolean) {
  const head = withRefs
    ? `| endpoint | req/s | target req/s (full scale, 0 failed) | p50 ms | p99 ms | failed | ceiling req/s, named (pg's Query named / unnamed) | ratio to ceiling (≥ ${TARGET.ceilingRatio}) | at ${TARGET.p99Connections} conn: ratio (≥ ${TARGET.ceilingRatio}) | p99 ms at ${TARGET.p99Connections} conn (≤ ${TARGET.p99Ms}) | old design req/s | ratio to old design (≥ ${TARGET.oldDesignRatio}) |`
    : '| endpoint | req/s | p50 ms | p99 ms | failed |';
  const sep = head.replace(/[^|]+/g, ' --- ');
  const lines = rows.map((r) => {
    const a = r.app;
    const codes = Object.entries(a.statuses).map(([code, n]) => `${code}×${n}`);
    if (a.errors) codes.push(`no answer×${a.errors}`);
    const failed = a.non2xx + a.errors ? `${a.non2xx + a.errors} (${codes.join(', ')})` : '0';
    const target = r.target
      ? `${r.target} ${verdict(a.rps >= r.target && a.non2xx + a.errors === 0)}${scale < 1 ? ' (not full scale)' : ''}`
      : '';
    // Without references (PGlite) there is no target column: issue 13's targets are PostgreSQL's.
    if (!withRefs) return `| ${r.name} | ${a.rps.toFixed(0)} | ${ms(a.p50)} | ${ms(a.p99)} | ${failed} |`;
    const base = `| ${r.name} | ${a.rps.toFixed(0)} | ${target} | ${ms(a.p50)} | ${ms(a.p99)} | ${failed} |`;
    const c = r.ceiling;
    const perRound =
      r.rounds && r.ceilingRounds
        ? ` (rounds: ${r.rounds.map((x, k) => ratio(x.rps, r.ceilingRounds![k]!.rps)).join(', ')})`
        : '';
    const cr = c
      ? `${ratio(a.rps, c.rps)} ${verdict(a.rps >= TARGET.ceilingRatio * c.rps)}${perRound}`
      : 'n/a (write)';
    // p99 is met only when every request was answered with a 2xx.
    // Failed or timed-out reference requests are shown, not hidden (they are not counted as served).
    const errs = (l?: LoadResult) => (l && l.non2xx + l.errors > 0 ? ` (${l.non2xx + l.errors} failed)` : '');
    const q = r.quiet;
    const p99 = q ? `${ms(q.p99)} ${verdict(q.p99 <= TARGET.p99Ms && q.non2xx + q.errors === 0)}` : '';
    const qc = r.quietCeiling;
    const quietRatio =
      q && qc
        ? `${ratio(q.rps, qc.rps)} ${verdict(q.rps >= TARGET.ceilingRatio * qc.rps)}`
        : c
          ? ''
          : 'n/a (write)';
    const unnamed = r.unnamed
      ? ` (${r.pgNamed ? `${r.pgNamed.rps.toFixed(0)}${errs(r.pgNamed)} / ` : ''}${r.unnamed.rps.toFixed(0)}${errs(r.unnamed)})`
      : '';
    const o = r.oldDesign;
    const or = o ? `${ratio(a.rps, o.rps)} ${verdict(a.rps >= TARGET.oldDesignRatio * o.rps)}` : '';
    return `${base} ${c ? c.rps.toFixed(0) : '–'}${errs(c)}${unnamed} | ${cr} | ${quietRatio} | ${p99} | ${o ? o.rps.toFixed(0) : ''}${errs(o)} | ${or} |`;
  });
  return [head, sep, ...lines].join('\n');
}

/** The first `n` members signed in (all of them unless fewer are needed). */
async function signInMembers(base: string, c: BenchCounts, n = c.members) {
  const cookies: string[] = [];
  for (let i = 1; i <= n; i += 5) {
    const batch = Array.from({ length: Math.min(5, n - i + 1) }, (_, k) =>
      signIn(base, memberEmail(i + k), BENCH_PASSWORD),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

async function main() {
  const started = performance.now();
  const counts = scaled(scale);
  const report: string[] = [];
  const out = (s = '') => {
    console.log(s);
    report.push(s);
  };
  out(`# Benchmark results`);
  out();
  out(
    `Run ${new Date().toISOString()} · BENCH_SCALE=${scale} · ${load.connections} connections · ${load.warmupSeconds} s warm-up, then ${load.durationSeconds} s measured per endpoint (reads beside their ceiling: ${READ_ROUNDS} rounds of ${readRound.durationSeconds} s) · ${os.cpus().length} CPU cores (shared by client, app, PostgreSQL) · Node ${process.version}`,
  );
  out();
  out(
    `Data set: ${counts.users} users, ${counts.listings} listings, ${counts.posts} posts, ${counts.comments} comments, ${counts.likes} likes, ${counts.messages} direct messages.`,
  );
  out();

  log('starting PostgreSQL');
  const server = await benchPostgres(env.BENCH_PG_STATEMENTS ? PG_STATEMENTS_SETTINGS : {});
  try {
    // ---- Main run on PostgreSQL ------------------------------------------------------------------------
    const client = await createDatabase(server, 'bench');
    log('seeding');
    const seedStart = performance.now();
    await seedAll(pgRunner(client), counts, log);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const fx = await fixtures(pgRunner(client), counts);
    await client.end();
    // The app and the ceiling reach PostgreSQL as an app on its machine would: through its Unix socket.
    const url = server.localUrl('bench');

    const replica = await readReplica(server);
    const metricsPort = await freePort();
    log('starting the app');
    const app = await startApp({
      DATABASE_URL: url,
      DATA_DIR: path.join(tmp, 'app'),
      RATE_LIMIT_SCALE,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      METRICS_PORT: String(metricsPort),
      ...(replica && { DATABASE_READ_URLS: replica.url('bench') }),
    });
    children.push(app);
    // The reads sign in as member 1; purchases and the webhook storm buy as every member.
    const cookies = await signInMembers(
      app.base,
      counts,
      measured('purchase') || !skip.has('storm') ? counts.members : 1,
    );
    const endpoints = readEndpoints(fx);
    log('capturing the SQL of each endpoint');
    const purchase = fx.buyable.pop()!;
    const { [slug('purchase (POST)')]: purchaseStatements, ...routes } = await captureStatements(
      url,
      endpoints,
      cookies[0]!,
      purchase,
    );
    const plan: CeilingPlan = { routes, oldFeed: { viewerId: fx.memberIds[0]!, pageSize: 20 } };
    const planFile = path.join(tmp, 'ceiling-plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    // With the app's own V8 flags: like for like (the ceiling gains from them too, decision 083).
    const ceiling = await startChild(
      'scripts/bench/ceiling-server.ts',
      { DATABASE_URL: url, CEILING_PLAN: planFile, POOL_SIZE: String(POOL_SIZE) },
      '/ready',
      undefined,
      START_FLAGS,
    );
    children.push(ceiling);
    for (const name of [
      ...Object.keys(routes).flatMap((r) => [`ceiling/${r}`, `ceiling-pg/${r}`, `ceiling-unnamed/${r}`]),
      'old-feed',
    ]) {
      const res = await fetch(`${ceiling.base}/${name}`);
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }

    log('measuring');
    if (env.BENCH_PG_STATEMENTS) await resetStatementStats(url);
    const rows = await measureApp(app.base, endpoints, cookies, fx.buyable, ceiling);
    for (const r of rows)
      if (r.name !== KEY_PURCHASE) r.statements = routes[slug(r.name)] ?? purchaseStatements;
    const counters = await appCounters(metricsPort, Boolean(replica));
    await ceiling.stop();
    await app.stop();
    replica?.stop();

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const [orders] = (await check.query('select count(*)::int as n from marketplace_orders')).rows;
    await check.end();

    out(`## PostgreSQL (seeded in ${seedSeconds.toFixed(0)} s)`);
    out();
    out(counters);
    out();
    out(table(rows, true));
    out();
    out(
      `SQL statements per request (captured from the app; the ceiling replays those of the reads): ${rows
        .filter((r) => r.statements !== undefined)
        .map((r) => `${r.name} ${r.statements!.length} (${r.statements!.filter((s) => s.name).length} named)`)
        .join(', ')}. Orders written by the purchase round: ${orders.n}.`,
    );
    out();
    const single = rows.find((r) => r.name === 'purchase (POST)')?.rounds;
    const keyed = rows.find((r) => r.name === KEY_PURCHASE)?.rounds;
    if (single && keyed) {
      const rps = (rounds: LoadResult[]) => rounds.map((r) => r.rps.toFixed(0)).join(' and ');
      const medianRps = (rounds: LoadResult[]) => median(rounds.map((r) => r.rps));
      const lowest = Math.min(...single.map((r) => r.rps));
      const spread = Math.max(...single.map((r) => r.rps)) / lowest - 1;
      const within = medianRps(keyed) >= lowest ? 'within' : 'below';
      const failed = keyed.reduce((n, r) => n + r.non2xx + r.errors, 0);
      out(
        `Purchases from one key listing of ${KEY_LISTING_KEYS.toLocaleString('en-US')} keys (a new listing each round): ${rps(keyed)} req/s (${failed} failed); today's single-item purchase, each of a different listing, in the rounds between: ${rps(single)} req/s. Medians ${medianRps(keyed).toFixed(0)} against ${medianRps(single).toFixed(0)}: ${ratio(medianRps(keyed), medianRps(single))}; the single purchase's own rounds differ by ${(spread * 100).toFixed(0)} %, and the key purchase's median is ${within} their range. The key purchase's stock is taken at its commit, by the database (migration 0018): its buyers queue on the listing's row only inside their commit, never across a round trip to the app.`,
      );
    }
    out();

    // ---- The webhook storm (issue 35) ---------------------------------------------------------------------
    if (!skip.has('storm')) {
      log('webhook storm');
      const storm = await webhookStorm({
        databaseUrl: url,
        tmp,
        cookies,
        connections: load.connections,
        deliveries: Number(env.BENCH_STORM_DELIVERIES ?? 1000),
        log,
        children,
      });
      const purchaseRps = single ? median(single.map((r) => r.rps)) : undefined;
      const once = storm.settled === storm.invoices && storm.depositTransfers === storm.invoices;
      out('## Webhook storm (BTCPay, two instances)');
      out();
      out(
        '| deliveries | of them replays | deliveries/s | p50 (ms) | p99 (ms) | answers | invoices settled | credited | ledger | purchase (POST) req/s |',
      );
      out('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      out(
        `| ${storm.deliveries} | ${storm.replays} | ${storm.rps.toFixed(0)} | ${ms(storm.p50)} | ${ms(storm.p99)} | ${Object.entries(
          storm.statuses,
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join(
            ', ',
          )} | ${storm.settled} of ${storm.invoices} | ${storm.depositTransfers} transfers ${verdict(once)} | ${storm.ledgerOk ? 'balances' : 'FAILED'} ${verdict(storm.ledgerOk)} | ${purchaseRps?.toFixed(0) ?? '-'} |`,
      );
      out();
      out(
        `Each of ${storm.invoices} top-ups is settled at the loopback BTCPay Server, then its signed InvoiceSettled delivery is sent once and ${storm.replays} of them a second time (the exact bytes), shuffled, at ${load.connections} connections alternating between two app instances on the same PostgreSQL. Each delivery is verified, re-read at BTCPay (GET invoice) and applied by the deposit's conditional update: credited counts the deposit transfers written, which must equal the invoices.`,
      );
      out();
    }
    // ---- Sign-in during an upload flood (issue 36) -------------------------------------------------------
    if (!skip.has('uploads')) {
      log('upload flood');
      const flood = await uploadFlood({
        databaseUrl: url,
        tmp,
        emails: Array.from({ length: Math.min(9, counts.members) }, (_, i) => memberEmail(i + 1)),
        password: BENCH_PASSWORD,
        signIns: Number(env.BENCH_FLOOD_SIGNINS ?? 40),
        log,
        children,
      });
      for (const line of floodReport(flood)) out(line);
    }
    // ---- The queue drain (issue 38) -----------------------------------------------------------------------
    if (!skip.has('queue')) {
      log(`queue drain (target ≥ ${DRAIN_TARGET} jobs/s)`);
      const drain = await queueDrain({
        databaseUrl: url,
        tmp,
        memberIds: fx.memberIds,
        jobs: Number(env.BENCH_QUEUE_JOBS ?? 10_000),
        maxSeconds: Number(env.BENCH_QUEUE_SECONDS ?? 600),
        log,
        children,
      });
      for (const line of drainReport(drain)) out(line);
    }
    if (env.BENCH_PG_STATEMENTS) {
      out(await statementStatsTable(url));
      out();
    }
    out(
      `req/s counts 2xx answers only; p50/p99 cover every answer; failed = non-2xx answers plus requests that got no answer within 10 s, in any round. Each read and its ceiling are measured in ${READ_ROUNDS} alternating rounds of ${readRound.durationSeconds} s (each warmed up once); req/s, p50 and p99 are the median round's, the ratio is of the medians, each round's own ratio in parentheses. Ceiling: the same statements the app sent for that request (session lookup included), replayed through \`pg\` on one pooled connection behind a bare node:http server that answers with every statement's rows as JSON (framed by its length, as the app's answers are; decision 084), each as a named prepared statement (planned once per connection) through the app's own reader (db/prepared-read.ts: the result described once, then bound and executed, as the app sends it); app and ceiling reach PostgreSQL through its Unix socket; in parentheses, one round each of the same statements named through pg's own Query (described again at every call), and unnamed (parsed and planned on every call). The ratio at ${TARGET.p99Connections} connections is of one round each, app then named ceiling. Old design: one read of a page of 20 posts, then per post its like count, liked-by-me, following-author and its comments (4 queries per post, 81 per page), through the same pool.`,
    );
    out();

    // ---- Browse and search at 10 k and 1 M listings ------------------------------------------------------
    if (!skip.has('scale')) {
      const small = Math.max(500, Math.round(FULL_SCALE_LISTINGS.small * scale));
      const large = Math.max(small * 10, Math.round(FULL_SCALE_LISTINGS.large * scale));
      const scaleEndpoints = readEndpoints(fx).filter((e) => e.name.startsWith('marketplace'));
      // One database per size, both served at once, so each round measures the two sizes back to back:
      // measured one size after the other, minutes apart, the ratio followed the machine's load (the same
      // browse, unchanged, measured 1.00×, 1.15× and 1.57× in three runs of one day).
      const apps = [];
      for (const [i, n] of [small, large].entries()) {
        const t = performance.now();
        const name = `bench_scale_${i}`;
        const sClient = await createDatabase(server, name);
        const runner = pgRunner(sClient);
        const sc = { ...counts, listings: n };
        await seedUsers(runner.exec, sc);
        await fundMembers(runner.exec, sc, 1000);
        await seedListingsDeferred(runner, sc, 1, n);
        await settle(sClient);
        await sClient.end();
        log(`  seeded ${n} listings in ${((performance.now() - t) / 1000).toFixed(0)} s`);
        const a = await startApp({
          DATABASE_URL: server.localUrl(name),
          DATA_DIR: path.join(tmp, `app-scale-${i}`),
          RATE_LIMIT_SCALE,
          DATABASE_POOL_SIZE: String(POOL_SIZE),
        });
        children.push(a);
        apps.push(a);
      }
      const results: Record<string, [LoadResult[], LoadResult[]]> = {};
      for (let round = 1; round <= SCALE_ROUNDS; round++) {
        log(
          `measuring browse and search at ${small} and ${large} listings, round ${round} of ${SCALE_ROUNDS}`,
        );
        for (const e of scaleEndpoints) {
          const pair = results[e.name] ?? [[], []];
          for (const [i, a] of apps.entries())
            pair[i]!.push(await measure({ url: `${a.base}${e.path}` }, load));
          results[e.name] = pair;
        }
      }
      for (const a of apps) await a.stop();
      out(`## Browse and search at ${small} and ${large} listings (PostgreSQL)`);
      out();
      out(
        `| endpoint | p95 at ${small} (ms), median | p95 at ${large} (ms), median | ratio (≤ ${TARGET.scaleRatio}) | p95 by round, ${small} / ${large} (ms) | req/s at ${small} | req/s at ${large} | failed at ${small} / ${large} |`,
      );
      out('| --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const [name, [s, l]] of Object.entries(results)) {
        const p95 = (rs: LoadResult[]) => median(rs.map((r) => r.p95));
        const r = p95(l) / p95(s);
        const failed = [s, l].map((rs) => rs.reduce((n, x) => n + x.non2xx + x.errors, 0));
        // A ratio between rounds that dropped requests says nothing: failures count as a miss.
        const ok = r <= TARGET.scaleRatio && failed.every((f) => f === 0);
        const rounds = s.map((x, k) => `${ms(x.p95)} / ${ms(l[k]!.p95)}`).join(', ');
        out(
          `| ${name} | ${ms(p95(s))} | ${ms(p95(l))} | ${r.toFixed(2)} ${verdict(ok)} | ${rounds} | ${median(s.map((x) => x.rps)).toFixed(0)} | ${median(l.map((x) => x.rps)).toFixed(0)} | ${failed.join(' / ')} |`,
        );
      }
      out();
      out(
        `Search terms: "${RARE_WORD.toLowerCase()}", in one listing title in a thousand (${Math.floor(small / 1000)} vs ${Math.floor(large / 1000)} matches), and "${COMMON_WORD.toLowerCase()}", in one in eight (${Math.floor(small / 8)} vs ${Math.floor(large / 8)}). Each round measures every endpoint at both sizes back to back (two databases, two app processes); the figures are the medians of ${SCALE_ROUNDS} rounds.`,
      );
      out();
    }
  } finally {
    server.stop();
  }

  // ---- Embedded PGlite -----------------------------------------------------------------------------------
  if (!skip.has('pglite')) {
    const pc = scaled(pgliteScale);
    const dataDir = path.join(tmp, 'pglite');
    log(`seeding PGlite at BENCH_SCALE=${pgliteScale}`);
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const runner: Runner = {
      exec: (s) => database.db.execute(sql.raw(s)),
      rows: async <T>(s: string) =>
        ((await database.db.execute(sql.raw(s))) as unknown as { rows: T[] }).rows,
    };
    const t = performance.now();
    await seedAll(runner, pc, log);
    const seedSeconds = (performance.now() - t) / 1000;
    const fx = await fixtures(runner, pc);
    await database.close();
    const app = await startApp({ DATA_DIR: dataDir, RATE_LIMIT_SCALE });
    children.push(app);
    const cookies = await signInMembers(app.base, pc);
    log('measuring PGlite');
    const rows = await measureApp(app.base, readEndpoints(fx), cookies, fx.buyable);
    await app.stop();
    out(`## Embedded PGlite (BENCH_SCALE=${pgliteScale}, seeded in ${seedSeconds.toFixed(0)} s)`);
    out();
    out(
      `Data set: ${pc.users} users, ${pc.listings} listings, ${pc.posts} posts, ${pc.comments} comments, ${pc.likes} likes, ${pc.messages} messages${pgliteScale < scale ? ' (a smaller scale than the PostgreSQL run: seeding PGlite, single-threaded WebAssembly, at full size takes too long)' : ''}.`,
    );
    out();
    out(table(rows, false));
    out();
  }

  out(`Total run time: ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  const file = env.BENCH_RESULTS
    ? path.resolve(env.BENCH_RESULTS)
    : path.join(root, '.tmp', 'bench-results.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${report.join('\n')}\n`);
  log(`\nwritten to ${path.relative(root, file)}`);
}

try {
  await main();
} finally {
  for (const c of children) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  }
  rmSync(tmp, { recursive: true, force: true });
}
