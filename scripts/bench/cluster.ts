import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../../server/db/client.ts';
import { startPgbouncer } from '../../server/test/pgbouncer.ts';
import { startPostgres } from '../../server/test/postgres-server.ts';
import { startS3Server } from '../../server/test/s3-server.ts';
import { connected, openSocket, type Socket } from '../../server/test/sockets.ts';
import {
  type Child,
  freePort,
  LOCAL_AUTH_SECRET,
  root,
  runScript,
  sessionCookie,
  startApp,
} from './app-process.ts';
import { type BenchCounts, BIG_CATEGORY, COMMON_WORD, RARE_WORD, type Runner, seedAll } from './seed.ts';

/*
 * `npm run bench:cluster` (issue 39): the whole topology on loopback, proven under load. A primary PostgreSQL,
 * a streaming replica of it (pg_basebackup -R), PgBouncer in transaction mode in front of the primary, the
 * loopback S3 store, three app instances (production mode) and Debian's nginx in front of them (round robin,
 * WebSocket upgrade for /live). Then a mixed load through nginx for BENCH_CLUSTER_SECONDS: 90 % reads
 * (browse, search, listing details, the feed, forum threads) and 10 % writes (purchases, direct messages,
 * posts, forum replies, image uploads), beside BENCH_CLUSTER_SOCKETS signed-in WebSocket clients spread over
 * the instances by nginx. A third of the way in one instance is killed (SIGKILL); two thirds in, the replica
 * is stopped the way a crash would stop it. It fails on any loss:
 *   - the ledger check (`npm run check:ledger`) at the end;
 *   - every acknowledged purchase, message, post and reply is in the primary;
 *   - every acknowledged message reached its recipient's socket exactly once (recipients whose socket dropped
 *     after the send, the killed instance's, are listed apart: their messages are checked in the database);
 *   - every acknowledged upload is readable at its /media address through nginx (from S3, through an app);
 * and when a phase answers under BENCH_CLUSTER_MIN_SUCCESS of its requests (the load did not carry on).
 * Needs Debian's postgresql, pgbouncer and nginx-light. Environment:
 *   BENCH_CLUSTER_SECONDS (60)      length of the load
 *   BENCH_CLUSTER_SOCKETS (3000)    signed-in WebSocket clients (members with a session each)
 *   BENCH_CLUSTER_CONNECTIONS (12)  requests in flight at once
 *   BENCH_CLUSTER_WARMUP (5)        seconds of the same load first, unmeasured (its writes are checked too)
 *   BENCH_CLUSTER_MIN_SUCCESS (0.95)   the share of each phase's requests that must succeed
 *   BENCH_RESULTS (.tmp/bench-cluster.md)   where the report is written
 */
const env = process.env;
const SECONDS = Number(env.BENCH_CLUSTER_SECONDS ?? 60);
const SOCKETS = Number(env.BENCH_CLUSTER_SOCKETS ?? 3000);
const CONNECTIONS = Number(env.BENCH_CLUSTER_CONNECTIONS ?? 12);
const WARMUP = Number(env.BENCH_CLUSTER_WARMUP ?? 5);
const MIN_SUCCESS = Number(env.BENCH_CLUSTER_MIN_SUCCESS ?? 0.95);
const INSTANCES = 3;
const NGINX = '/usr/sbin/nginx';
/** Buyers: funded members, each purchase of a listing of its own (a second purchase of one would be a 409). */
const BUYERS = 50;

/** A small data set: the full bench's would take most of a 2-core machine's minutes to seed. */
const counts: BenchCounts = {
  users: Math.max(SOCKETS + 1, 500),
  listings: 5_000,
  posts: 2_000,
  comments: 4_000,
  likes: 4_000,
  // Member i has written to members i+1 and i+2: every message of the load is to a known contact.
  messages: Math.max(SOCKETS + 1, 500) * 2,
  threads: 200,
  members: BUYERS,
};

const log = (msg: string) => console.log(msg);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** nginx as a child of this process (never a daemon), its configuration, pid and logs in `dir`. */
async function startNginx(dir: string, port: number, upstreams: number[]) {
  if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install nginx-light');
  // As root, nginx's workers run as `nobody`: its temporary directories must be theirs to write.
  chmodSync(dir, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16000; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 10m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream app {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # A refused or reset connection tries the next instance; nginx never resends a POST it has sent.
    proxy_next_upstream error timeout;
    location = /live {
      proxy_pass http://app;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://app;
      proxy_set_header Connection "";
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await sleep(100);
  }
  return {
    base,
    errors: () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''),
    stop: () => child.kill('SIGQUIT'),
  };
}

/** The counters of one instance's /metrics that the report uses. */
interface Scrape {
  replicaRequests: number;
  gets: number;
}
function parseMetrics(text: string): Scrape {
  let replicaRequests = 0;
  let gets = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('cm_db_replica_requests_total{')) replicaRequests += Number(line.split(' ').at(-1));
    else if (line.startsWith('http_request_duration_seconds_count{') && line.includes('method="GET"'))
      gets += Number(line.split(' ').at(-1));
  }
  return { replicaRequests, gets };
}

type Kind =
  | 'browse'
  | 'search'
  | 'details'
  | 'feed'
  | 'threads'
  | 'purchase'
  | 'message'
  | 'post'
  | 'reply'
  | 'upload';
/** Weights in per cent: 90 reads, 10 writes. */
const MIX: [Kind, number][] = [
  ['browse', 20],
  ['search', 18],
  ['details', 22],
  ['feed', 15],
  ['threads', 15],
  ['purchase', 2],
  ['message', 2],
  ['post', 2],
  ['reply', 2],
  ['upload', 2],
];
const WRITES = new Set<Kind>(['purchase', 'message', 'post', 'reply', 'upload']);
const PHASES = ['before kill', 'after kill', 'after replica stop'] as const;
type Phase = (typeof PHASES)[number];

interface Sample {
  kind: Kind;
  phase: Phase;
  ms: number;
  ok: boolean;
  status: number;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-bench-cluster-'));
const cleanup: (() => unknown)[] = [];
const sockets: Socket[] = [];
/** Set at the end: a socket closed then does not reconnect. */
let stopping = false;

async function main() {
  const started = performance.now();
  log(`load average at the start: ${loadAverage()} (${os.cpus().length} cores)`);
  log('starting PostgreSQL (primary), seeding');
  const primary = await startPostgres();
  cleanup.push(() => primary.stop());
  const admin = new pg.Client({ connectionString: primary.url('postgres') });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const direct = primary.url('bench');
  const setup = await openDatabase({ databaseUrl: direct, poolSize: 1 });
  await setup.migrate();
  await setup.close();
  const db = new pg.Client({ connectionString: direct });
  await db.connect();
  cleanup.unshift(() => db.end().catch(() => {}));
  const runner: Runner = {
    exec: (s) => db.query(s),
    rows: async <T>(s: string) => (await db.query(s)).rows as T[],
  };
  const seedStart = performance.now();
  await seedAll(runner, counts, log);
  // Trusted members: no proof of work on a first post, no hold for review, no cap on new contacts; what is
  // measured is the topology, not the trust rules (their own tests cover them).
  await db.query(`update profiles set trust_level = 'trusted'`);
  const userIds = (
    await db.query<{ id: string }>(
      `select overlay(overlay(md5('bench-user-' || i) placing '4' from 13) placing '8' from 17)::uuid::text as id
       from generate_series(1, ${counts.users}) i order by i`,
    )
  ).rows.map((r) => r.id);
  // Sessions for the socket members (users 1..SOCKETS), written with SQL: no password hash per member.
  const tokens = userIds.map(() => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', ''));
  await db.query(
    `insert into sessions (id, token, user_id, expires_at)
     select gen_random_uuid(), encode(sha256(convert_to(token, 'UTF8')), 'hex'), id, now() + interval '7 days'
     from unnest($1::uuid[], $2::text[]) as s(id, token)`,
    [userIds.slice(0, SOCKETS), tokens.slice(0, SOCKETS)],
  );
  const cookies = tokens.map((t) => sessionCookie(LOCAL_AUTH_SECRET, t));
  const buyers = userIds.slice(0, BUYERS);
  const listings = (
    await db.query<{ id: string; price: number }>(
      `select id::text, price::int as price from marketplace_listings
       where status = 'active' and user_id <> all($1::uuid[]) order by md5(id::text)`,
      [buyers],
    )
  ).rows;
  const detailIds = listings.slice(0, 500).map((l) => l.id);
  const forSale = listings.slice(500);
  const threadIds = (
    await db.query<{ id: string }>('select id::text from forum_threads order by md5(id::text) limit 100')
  ).rows.map((r) => r.id);
  const [category] = (
    await db.query<{ id: string }>('select id::text from forum_categories where name = $1', [BIG_CATEGORY])
  ).rows;
  log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  log('starting the replica (pg_basebackup -R), PgBouncer, the S3 store');
  const replica = await primary.startReplica();
  cleanup.unshift(() => replica.stop());
  const pooler = await startPgbouncer(primary.url('{db}'), 10);
  cleanup.unshift(() => pooler.stop());
  const s3 = await startS3Server();
  cleanup.unshift(() => s3.close());

  log(`starting ${INSTANCES} app instances and nginx`);
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const nginxDir = path.join(tmp, 'nginx');
  mkdirSync(nginxDir);
  // nginx's port is chosen first: every instance's PUBLIC_URL is the address members use.
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const apps: { child: Child; metricsPort: number; last: Scrape; alive: boolean }[] = [];
  for (const [i, port] of ports.entries()) {
    const metricsPort = await freePort();
    const child = await startApp(
      {
        DATABASE_URL: pooler.url('bench'),
        DATABASE_DIRECT_URL: direct,
        DATABASE_STATEMENTS: 'unnamed',
        DATABASE_READ_URLS: replica.url('bench'),
        DATA_DIR: path.join(tmp, `app-${i}`),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_SCALE: '0',
        UPLOAD_DAILY_BYTES: '0',
        METRICS_PORT: String(metricsPort),
        ...s3.env(),
      },
      port,
    );
    cleanup.unshift(() => child.child.kill('SIGKILL'));
    apps.push({ child, metricsPort, last: { replicaRequests: 0, gets: 0 }, alive: true });
  }
  const nginx = await startNginx(nginxDir, nginxPort, ports);
  cleanup.unshift(() => nginx.stop());
  const base = nginx.base;
  const scrapeAll = async () => {
    await Promise.all(
      apps
        .filter((a) => a.alive)
        .map(async (a) => {
          const text = await fetch(`http://127.0.0.1:${a.metricsPort}/metrics`).then(
            (r) => r.text(),
            () => null,
          );
          if (text) a.last = parseMetrics(text);
        }),
    );
    return apps.reduce(
      (t, a) => ({ replicaRequests: t.replicaRequests + a.last.replicaRequests, gets: t.gets + a.last.gets }),
      { replicaRequests: 0, gets: 0 },
    );
  };

  // ---- Sockets ----------------------------------------------------------------------------------------------
  log(`connecting ${SOCKETS} signed-in sockets through nginx`);
  const connectStart = performance.now();
  /** Per member: when their socket last (re)connected and last dropped; deliveries by message id. */
  const connectedAt = new Array<number>(SOCKETS).fill(Number.NaN);
  const droppedAt = new Array<number>(SOCKETS).fill(Number.NaN);
  const delivered = new Map<string, number>();
  const indexOf = new Map(userIds.map((id, i) => [id, i]));
  await pool(
    Array.from({ length: SOCKETS }, (_, i) => i),
    50,
    async (i) => {
      /** Opens member i's socket; once it has been open, a drop reconnects after 0.5, 1, 2, then 3 s. */
      const openLive = (attempt: number) => {
        const socket = openSocket(base, { origin: publicUrl, cookie: cookies[i]! });
        sockets[i] = socket;
        const retry = () => {
          if (stopping) return;
          setTimeout(() => openLive(attempt + 1), Math.min(3000, 500 * 2 ** attempt));
        };
        socket.on('connect', () => {
          connectedAt[i] = performance.now();
          attempt = 0;
        });
        socket.on('disconnect', () => {
          droppedAt[i] = performance.now();
          retry();
        });
        if (attempt > 0) socket.on('connect_error', retry);
        socket.on('message', (p: { id: string; recipientId: string }) => {
          if (indexOf.get(p.recipientId) === i) delivered.set(p.id, (delivered.get(p.id) ?? 0) + 1);
        });
        return socket;
      };
      await connected(openLive(0));
    },
  );
  log(`  connected in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`);
  const socketsPerInstance = await Promise.all(
    apps.map(async (a) => {
      const text = await fetch(`http://127.0.0.1:${a.metricsPort}/metrics`).then((r) => r.text());
      const line = text.split('\n').find((l) => l.startsWith('cm_realtime_sockets_connected'));
      return Number(line?.split(' ').at(-1) ?? Number.NaN);
    }),
  );

  // ---- The load ---------------------------------------------------------------------------------------------
  const samples: Sample[] = [];
  const acked = {
    purchase: [] as string[],
    message: [] as { id: string; recipient: number; at: number }[],
    post: [] as string[],
    reply: [] as string[],
    upload: [] as string[],
  };
  let phase: Phase = 'before kill';
  const shares: Record<Phase, Scrape> = {} as Record<Phase, Scrape>;
  let saleNext = 0;
  let counter = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const member = () => Math.floor(Math.random() * SOCKETS);
  const tinyPng = () =>
    sharp(Buffer.from(Array.from({ length: 16 * 16 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 16, height: 16, channels: 3 },
    })
      .png()
      .toBuffer();
  const json = (cookie: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { cookie, origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  /** One request of `kind`; what it acknowledged is recorded for the loss checks. */
  async function request(kind: Kind): Promise<number> {
    const get = (p: string, cookie?: string) =>
      fetch(`${base}${p}`, cookie ? { headers: { cookie } } : {}).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    switch (kind) {
      case 'browse':
        return get('/api/v1/listings');
      case 'search':
        return get(
          counter++ % 2
            ? `/api/v1/listings?q=${COMMON_WORD.toLowerCase()}`
            : `/api/v1/search?q=${RARE_WORD.toLowerCase()}`,
        );
      case 'details':
        return get(`/api/v1/listings/${pick(detailIds)}`);
      case 'feed':
        return get('/api/v1/posts', cookies[member()]);
      case 'threads':
        return counter++ % 2
          ? get(`/api/v1/forum/threads?categoryId=${category!.id}`)
          : get(`/api/v1/forum/threads/${pick(threadIds)}`, cookies[member()]);
      case 'purchase': {
        const listing = forSale[saleNext++ % forSale.length]!;
        const buyer = Math.floor(Math.random() * BUYERS);
        const res = await fetch(
          `${base}/api/v1/listings/${listing.id}/purchase`,
          json(cookies[buyer]!, { expectedPrice: listing.price }),
        );
        await res.arrayBuffer();
        if (res.status === 201) acked.purchase.push(listing.id);
        return res.status;
      }
      case 'message': {
        const from = member();
        const to = (from + 1) % SOCKETS;
        const at = performance.now();
        const res = await fetch(
          `${base}/api/v1/messages`,
          json(cookies[from]!, { recipientId: userIds[to], message: `cluster bench ${randomUUID()}` }),
        );
        const body = (await res.json().catch(() => ({}))) as { id?: string };
        if (res.status === 201 && body.id) acked.message.push({ id: body.id, recipient: to, at });
        return res.status;
      }
      case 'post': {
        const res = await fetch(
          `${base}/api/v1/posts`,
          json(cookies[member()]!, { content: `Cluster bench post ${randomUUID()}` }),
        );
        const body = (await res.json().catch(() => ({}))) as { id?: string };
        if (res.status === 201 && body.id) acked.post.push(body.id);
        return res.status;
      }
      case 'reply': {
        const res = await fetch(
          `${base}/api/v1/forum/threads/${pick(threadIds)}/replies`,
          json(cookies[member()]!, { content: `Cluster bench reply ${randomUUID()}` }),
        );
        const body = (await res.json().catch(() => ({}))) as { id?: string };
        if (res.status === 201 && body.id) acked.reply.push(body.id);
        return res.status;
      }
      case 'upload': {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'shot.png');
        const res = await fetch(`${base}/api/v1/uploads`, {
          method: 'POST',
          headers: { cookie: cookies[member()]!, origin: publicUrl },
          body: form,
        });
        const body = (await res.json().catch(() => ({}))) as { url?: string };
        if (res.status === 200 && body.url) acked.upload.push(body.url);
        return res.status;
      }
    }
  }
  const expected = (kind: Kind) => (kind === 'upload' || !WRITES.has(kind) ? 200 : 201);
  const draw = () => {
    let r = Math.random() * 100;
    for (const [kind, w] of MIX) {
      r -= w;
      if (r < 0) return kind;
    }
    return MIX[0]![0];
  };

  /** CONNECTIONS loops of requests until `until`; samples kept when `record`. */
  const drive = (until: number, record: boolean) =>
    Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const kind = draw();
          const p = phase;
          const t0 = performance.now();
          const status = await request(kind).catch(() => 0);
          if (record)
            samples.push({
              kind,
              phase: p,
              ms: performance.now() - t0,
              ok: status === expected(kind),
              status,
            });
        }
      }),
    );
  log(`warm-up: ${WARMUP} s`);
  await drive(performance.now() + WARMUP * 1000, false);
  log(`load: ${SECONDS} s, ${CONNECTIONS} requests at once; load average ${loadAverage()}`);
  const before = await scrapeAll();
  let mark = before;
  const loadStart = performance.now();
  const end = loadStart + SECONDS * 1000;
  const events: string[] = [];
  const killed = apps[INSTANCES - 1]!;
  const chaos = (async () => {
    await sleep((SECONDS * 1000) / 3);
    const at = await scrapeAll();
    shares['before kill'] = {
      replicaRequests: at.replicaRequests - mark.replicaRequests,
      gets: at.gets - mark.gets,
    };
    mark = at;
    killed.alive = false;
    killed.child.child.kill('SIGKILL');
    phase = 'after kill';
    const killedAt = performance.now();
    events.push(`${((killedAt - loadStart) / 1000).toFixed(1)} s: instance 3 killed (SIGKILL)`);
    log(`  ${events.at(-1)}`);
    // Its members' sockets reconnect through nginx to the two left (the bench client's back-off, at most 3 s).
    const droppedSince = () => droppedAt.filter((t) => t > killedAt).length;
    // Their drops are seen as nginx closes them: the wait for every socket starts once the first is seen.
    while (droppedSince() === 0 && performance.now() < killedAt + 5_000) await sleep(50);
    while (sockets.some((x) => !x.connected) && performance.now() < killedAt + 30_000) await sleep(100);
    const dropped = droppedSince();
    const away = sockets.filter((x) => !x.connected).length;
    events.push(
      `${((performance.now() - loadStart) / 1000).toFixed(1)} s: ${away ? `${away} sockets still away` : 'every socket connected again'} (${dropped} had dropped with the killed instance)`,
    );
    log(`  ${events.at(-1)}`);
    await sleep(Math.max(0, killedAt + (SECONDS * 1000) / 3 - performance.now()));
    const at2 = await scrapeAll();
    shares['after kill'] = {
      replicaRequests: at2.replicaRequests - mark.replicaRequests,
      gets: at2.gets - mark.gets,
    };
    mark = at2;
    replica.halt();
    phase = 'after replica stop';
    events.push(`${((performance.now() - loadStart) / 1000).toFixed(1)} s: replica stopped (immediate)`);
    log(`  ${events.at(-1)}`);
  })();
  await drive(end, true);
  await chaos;
  const atEnd = await scrapeAll();
  shares['after replica stop'] = {
    replicaRequests: atEnd.replicaRequests - mark.replicaRequests,
    gets: atEnd.gets - mark.gets,
  };
  const loadSeconds = (performance.now() - loadStart) / 1000;
  log(`  load done; load average ${loadAverage()}`);

  // ---- Loss checks ------------------------------------------------------------------------------------------
  const failures: string[] = [];
  // Messages due live: their recipient's socket was connected before the send and never dropped after it.
  const due = acked.message.filter(
    (m) => connectedAt[m.recipient]! < m.at && !(droppedAt[m.recipient]! > m.at),
  );
  const waitUntil = performance.now() + 15_000;
  while (due.some((m) => !delivered.has(m.id)) && performance.now() < waitUntil) await sleep(50);
  const missing = due.filter((m) => !delivered.has(m.id));
  const twice = [...delivered.values()].filter((n) => n > 1).length;
  const dropped = acked.message.length - due.length;
  if (missing.length)
    failures.push(`${missing.length} acknowledged messages never reached their recipient's socket`);
  if (twice) failures.push(`${twice} messages delivered more than once`);

  const stored = async (table: string, column: string, ids: string[]) =>
    Number(
      (
        await db.query(
          `select count(distinct ${column})::int as n from ${table} where ${column} = any($1::uuid[])`,
          [ids],
        )
      ).rows[0].n,
    );
  const rows = {
    purchase: await stored('marketplace_orders', 'listing_id', acked.purchase),
    message: await stored(
      'direct_messages',
      'id',
      acked.message.map((m) => m.id),
    ),
    post: await stored('social_posts', 'id', acked.post),
    reply: await stored('forum_replies', 'id', acked.reply),
  };
  for (const [kind, n] of Object.entries(rows)) {
    const want = acked[kind as keyof typeof rows].length;
    if (n !== want) failures.push(`${kind}: ${want} acknowledged, ${n} in the primary`);
  }
  let unreadable = 0;
  await pool(acked.upload, 8, async (url) => {
    const res = await fetch(`${base}${url}`);
    const bytes = await res.arrayBuffer();
    if (res.status !== 200 || bytes.byteLength === 0) unreadable++;
  });
  if (unreadable) failures.push(`${unreadable} of ${acked.upload.length} acknowledged uploads unreadable`);
  const ledger = runScript('check-ledger', [], { DATABASE_URL: direct });
  const ledgerOk = ledger.status === 0;
  if (!ledgerOk) failures.push(`ledger check failed:\n${ledger.stdout}${ledger.stderr}`);

  // ---- Report -----------------------------------------------------------------------------------------------
  const report: string[] = [];
  const out = (s = '') => {
    console.log(s);
    report.push(s);
  };
  out('# Cluster benchmark');
  out();
  out(
    `Run ${new Date().toISOString()} · primary + streaming replica + PgBouncer 1.18 (transaction mode) + loopback S3 + ${INSTANCES} app instances + nginx · ${SECONDS} s of load, ${CONNECTIONS} requests at once, ${SOCKETS} signed-in sockets (per instance at the start: ${socketsPerInstance.join(' / ')}) · ${os.cpus().length} cores shared with everything else; load average at the end ${loadAverage()} · data: ${counts.users} users, ${counts.listings} listings, ${counts.posts} posts, ${counts.threads} threads`,
  );
  out();
  out(events.map((e) => `- ${e}`).join('\n'));
  out();
  const figures = (list: Sample[]) => {
    const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
    const bad = list.filter((s) => !s.ok);
    const codes: Record<string, number> = {};
    for (const s of bad)
      codes[s.status ? String(s.status) : 'no answer'] =
        (codes[s.status ? String(s.status) : 'no answer'] ?? 0) + 1;
    const failed = bad.length
      ? `${bad.length} (${Object.entries(codes)
          .map(([k, v]) => `${k}×${v}`)
          .join(', ')})`
      : '0';
    return { sorted, failed, bad: bad.length };
  };
  out('| kind | requests | per s | p50 ms | p95 ms | p99 ms | failed |');
  out('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [kind] of MIX) {
    const list = samples.filter((s) => s.kind === kind);
    const f = figures(list);
    out(
      `| ${kind}${WRITES.has(kind) ? ' (write)' : ''} | ${list.length} | ${(list.length / loadSeconds).toFixed(1)} | ${ms(percentile(f.sorted, 50))} | ${ms(percentile(f.sorted, 95))} | ${ms(percentile(f.sorted, 99))} | ${f.failed} |`,
    );
  }
  const all = figures(samples);
  out(
    `| **all** | ${samples.length} | ${(samples.length / loadSeconds).toFixed(1)} | ${ms(percentile(all.sorted, 50))} | ${ms(percentile(all.sorted, 95))} | ${ms(percentile(all.sorted, 99))} | ${all.failed} |`,
  );
  out();
  out(
    '| phase | requests | failed | success | p99 reads ms | p99 writes ms | replica-served share of GETs |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- |');
  for (const p of PHASES) {
    const list = samples.filter((s) => s.phase === p);
    const f = figures(list);
    const p99 = (w: boolean) =>
      ms(
        percentile(
          list
            .filter((s) => WRITES.has(s.kind) === w)
            .map((s) => s.ms)
            .sort((a, b) => a - b),
          99,
        ),
      );
    const share = shares[p];
    const success = list.length ? (list.length - f.bad) / list.length : 0;
    if (success < MIN_SUCCESS) failures.push(`${p}: ${(success * 100).toFixed(1)} % of requests succeeded`);
    out(
      `| ${p} | ${list.length} | ${f.failed} | ${(success * 100).toFixed(2)} % | ${p99(false)} | ${p99(true)} | ${share?.gets ? `${((share.replicaRequests / share.gets) * 100).toFixed(1)} % (${share.replicaRequests} of ${share.gets})` : '–'} |`,
    );
  }
  const total = {
    replicaRequests: atEnd.replicaRequests - before.replicaRequests,
    gets: atEnd.gets - before.gets,
  };
  out();
  out(
    `Reads served by the replica: ${((total.replicaRequests / Math.max(1, total.gets)) * 100).toFixed(1)} % of the ${total.gets} GET requests the instances answered during the load (cm_db_replica_requests_total against http_request_duration_seconds_count{method="GET"}, from each instance's /metrics, scraped at each phase's end; a request is counted by the replica as it starts and by the histogram as it ends, so a phase's share may be off by the requests in flight at its boundary; socket handshakes read on the primary and are in neither; the killed instance's counted to its last scrape before the kill).`,
  );
  out();
  const verdict = (ok: boolean) => (ok ? 'ok' : 'FAILED');
  out("Loss checks cover the warm-up's writes too: the counts below may exceed the table's.");
  out();
  out('| loss check | result |');
  out('| --- | --- |');
  out(`| ledger check (npm run check:ledger) | ${verdict(ledgerOk)} |`);
  for (const [kind, n] of Object.entries(rows))
    out(
      `| acknowledged ${kind === 'reply' ? 'replie' : kind}s in the primary | ${n} of ${acked[kind as keyof typeof rows].length} ${verdict(n === acked[kind as keyof typeof rows].length)} |`,
    );
  out(
    `| acknowledged messages delivered once to the recipient's socket | ${due.length - missing.length} of ${due.length} due live ${verdict(!missing.length)}, ${twice} twice ${verdict(!twice)}; ${dropped} more went to a member whose socket dropped after the send (the killed instance's; checked in the primary above) |`,
  );
  out(
    `| acknowledged uploads readable at /media through nginx | ${acked.upload.length - unreadable} of ${acked.upload.length} ${verdict(!unreadable)} |`,
  );
  out();
  out(`Total run time: ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  const file = env.BENCH_RESULTS
    ? path.resolve(env.BENCH_RESULTS)
    : path.join(root, '.tmp', 'bench-cluster.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${report.join('\n')}\n`);
  log(`\nwritten to ${path.relative(root, file)}`);
  const nginxErrors = nginx.errors().split('\n').filter(Boolean);
  if (nginxErrors.length) log(`nginx logged ${nginxErrors.length} lines, the first: ${nginxErrors[0]}`);
  if (failures.length) {
    console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else log('\nno loss: every check passed');
}

try {
  await main();
} finally {
  stopping = true;
  for (const x of sockets) x.disconnect();
  for (const step of cleanup) {
    try {
      await step();
    } catch {
      // Already gone (the killed instance, the halted replica).
    }
  }
  rmSync(tmp, { recursive: true, force: true });
}
