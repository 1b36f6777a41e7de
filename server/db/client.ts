import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobStoreOptions, PgBoss } from 'pg-boss';
import { genericPlansOf, keepGenericPlansOn } from './generic-plans.ts';
import { genericPoolSize, openPool as openServerPool } from './pools.ts';
import { openReplicaSet, type ReplicaSet, routeReads } from './replicas.ts';

/**
 * Without the schema's relational query builders (`db.query.*`, unused here): Drizzle builds one per table for
 * every database object, and a transaction is one, so each transaction made 59 of them (1.2 % of the app's
 * time in the purchase benchmark).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** LISTENs on a NOTIFY channel (realtime events); resolves to the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** For metrics and load shedding: read on demand, costs nothing. */
  stats(): DatabaseStats;
  /** PostgreSQL with DATABASE_READ_URLS: the replicas `db` sends a request's reads to. */
  replicas?: ReplicaSet;
  /**
   * Where the job queue (pg-boss, decision 016) keeps its tables: the same database, through PGlite's one
   * connection or a small pool of its own on PostgreSQL (it holds one more for LISTEN).
   */
  jobStore: JobStoreOptions;
}

export interface DatabaseStats {
  /** PostgreSQL: the pool's connections (open, idle) and the queries waiting for one. PGlite runs one query at
   * a time: one connection, idle when nothing is in flight; a query waits once it has been queued for
   * PGLITE_WAITING_AFTER_MS. */
  total: number;
  idle: number;
  waiting: number;
  /**
   * How long a query now waits for a connection, in ms (load shedding's measure: a count of waiting queries
   * says little without the pace they are served at). PostgreSQL: how long the oldest request for a
   * connection still unanswered has waited. PGlite: how long the query next in line has been queued behind
   * the one running.
   */
  waitMs: number;
  /** Queries started and not yet finished. */
  inFlight: number;
  /** Queries that failed on the query timeout since the start (PostgreSQL only). */
  queryTimeouts: number;
}

/** Installs or upgrades pg-boss's schema (`pgboss`) with the app's migrations, so a start finds it ready. */
async function migrateJobStore(options: JobStoreOptions) {
  const boss = new PgBoss({ ...options, supervise: false, schedule: false, registerInstance: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false });
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Extensions the schema's indexes rely on (trigram search); created before the migrations run. */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm';
export const PGLITE_EXTENSIONS = { pg_trgm };
// Any fixed number: every instance takes the same lock so only one migrates at a time.
const MIGRATION_LOCK = 727_001;
/** The longest a single query may take on PostgreSQL before the request fails with 503. */
export const QUERY_TIMEOUT_MS = 5000;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** A PGlite instance made by the caller (tests load a migrated template into memory). */
  pglite?: PGlite;
  /** PostgreSQL: overrides {@link QUERY_TIMEOUT_MS} (tests make a timeout happen quickly). */
  queryTimeoutMs?: number;
  /** PostgreSQL: streaming replicas for reads that may be a moment stale (replicas.ts). */
  readUrls?: string[];
  /** A replica further behind than this is left out until it catches up. */
  readMaxLagMs?: number;
  /**
   * PostgreSQL behind a pooler (decision 040): the server itself, where what needs a session of its own goes
   * (LISTEN, the job queue, the migrations' advisory lock). Default: `databaseUrl`.
   */
  directUrl?: string;
  /**
   * `unnamed`: every statement the app names (the hot reads of prepared.ts, `namedRows`, the session lookup,
   * the queue's inserts) goes out as the protocol's unnamed statement, for a pooler in transaction mode that
   * does not carry named ones between server connections (PgBouncer before 1.21, or later without
   * `max_prepared_statements`). Default `named`.
   */
  statements?: StatementMode;
}

export type StatementMode = 'named' | 'unnamed';

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const directUrl = opts.directUrl ?? opts.databaseUrl;
    const statements = opts.statements ?? 'named';
    // Only a configured pooler is probed: without one a session keeps its statements.
    if (statements === 'named' && directUrl !== opts.databaseUrl)
      await checkNamedStatements(opts.databaseUrl);
    return openPostgres(opts.databaseUrl, {
      directUrl,
      max: opts.poolSize ?? 10,
      queryTimeoutMs: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      unnamed: statements === 'unnamed',
      read: { urls: opts.readUrls ?? [], maxLagMs: opts.readMaxLagMs ?? 2000 },
    });
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  }
  await client.waitReady;
  const queries = sharePglite(client);
  const db = drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db;
  const pglite = client;
  const jobStore: JobStoreOptions = { db: fromPglite(pglite), backend: 'pglite' };
  return {
    stats: () => {
      const n = queries.inFlight();
      return {
        total: 1,
        idle: n === 0 ? 1 : 0,
        waiting: queries.waiting(),
        waitMs: queries.waitMs(),
        inFlight: n,
        queryTimeouts: 0,
      };
    },
    db,
    kind: 'pglite',
    jobStore,
    ping: async () => {
      await pglite.query('select 1');
    },
    migrate: async () => {
      await pglite.exec(EXTENSIONS_SQL);
      await migratePglite(db as never, { migrationsFolder });
      await migrateJobStore(jobStore);
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
  };
}

/**
 * On PGlite a query counts as waiting (load shedding, metrics) once it has been queued this long behind the
 * one running. Its one connection always has a queue under load, of queries that take a millisecond or two:
 * counted as they come, 50 connections reading listing details (two queries at once) tripped the limit of 50
 * and the app answered 503 to most requests (issue 13).
 */
export const PGLITE_WAITING_AFTER_MS = 1000;

/**
 * PGlite's methods that Drizzle and the job queue call, wrapped on this instance: each query waits for a
 * turn of the event loop before it starts, and the queries in flight are kept with their start times.
 * PGlite runs in this thread and a query finishes without any I/O, so the queued queries of concurrent
 * requests ran one after another in a single drain of promise callbacks, and sockets were read, connections
 * accepted and responses written only between drains: under 50 connections of purchases, new connections
 * waited up to 10 s (46 purchases/s, 8 unanswered in 15 s; with the turn 103/s, none).
 */
function sharePglite(client: PGlite) {
  // In start order (a Set iterates in insertion order); PGlite runs them first come, first served.
  const started = new Set<{ at: number }>();
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction']) {
    const original = target[name]!.bind(client);
    target[name] = async (...args: unknown[]) => {
      const query = { at: performance.now() };
      started.add(query);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        return await original(...args);
      } finally {
        started.delete(query);
      }
    };
  }
  return {
    inFlight: () => started.size,
    /** Queries queued for longer than PGLITE_WAITING_AFTER_MS behind the oldest, which is the one running. */
    waiting: () => {
      const before = performance.now() - PGLITE_WAITING_AFTER_MS;
      let n = 0;
      for (const query of started) {
        if (query.at > before) break;
        n++;
      }
      return Math.max(0, n - 1);
    },
    waitMs: () => {
      const [, next] = started;
      return next ? performance.now() - next.at : 0;
    },
  };
}

/**
 * How long the oldest unanswered request for one of the pool's connections has waited, in ms (0: none waits).
 * Measured, not estimated: Little's law over the last second's pace (what this replaced) read a burst after an
 * idle spell as seconds of waiting (40 queued over the 10 connections handed out since the idle second began:
 * 4,000 ms) while no query had waited 50 ms, and shed a whole sample interval of requests for it.
 */
function oldestWait(pool: pg.Pool) {
  const unanswered = new Set<{ at: number }>();
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  // pg-pool's own query() asks through `this.connect`, Drizzle's transactions through `pool.connect()`.
  pool.connect = ((callback?: Callback) => {
    const request = { at: performance.now() };
    unanswered.add(request);
    if (callback)
      return connect((err, client, done) => {
        unanswered.delete(request);
        callback(err, client, done);
      });
    return connect()!.finally(() => unanswered.delete(request));
  }) as typeof pool.connect;
  return () => {
    // A Set iterates in insertion order: the first is the oldest.
    const [oldest] = unanswered;
    return oldest ? performance.now() - oldest.at : 0;
  };
}

const isQueryTimeout = (err: unknown) => (err as Error | undefined)?.message === 'Query read timeout';

/**
 * Counts the queries of a pool's client that fail on `query_timeout`: Drizzle calls `query` with promises
 * and the pool itself with a callback, so both forms are watched.
 */
function watchTimeouts(client: pg.PoolClient, onTimeout: () => void) {
  // Looked up on each call, not captured: whoever observes `Client.prototype.query` later (the statement
  // counter of the tests, the benchmark's capture) still sees every query.
  const proto = Object.getPrototypeOf(client) as { query: unknown };
  const watched = function (this: pg.PoolClient, ...args: unknown[]) {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (isQueryTimeout(err)) onTimeout();
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
    }
    const result = (proto.query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise)
      result.catch((err: unknown) => {
        if (isQueryTimeout(err)) onTimeout();
      });
    return result;
  };
  client.query = watched as typeof client.query;
}

/**
 * Sends this client's named statements unnamed (DATABASE_STATEMENTS=unnamed): the name is dropped where the
 * driver sees it, so every caller that names a statement (Drizzle's `prepare`, `namedRows`) keeps its SQL
 * text built once and is only planned again at each call. A query object of its own (a cursor) is left alone.
 */
export function sendUnnamed(client: pg.PoolClient) {
  // The app's own statement reader (prepared-read.ts) reads this from the connection pg hands it.
  (client as unknown as { connection: { sendsUnnamed?: boolean } }).connection.sendsUnnamed = true;
  const query = client.query;
  const unnamed = function (this: pg.PoolClient, config: unknown, ...rest: unknown[]) {
    const named =
      typeof config === 'object' &&
      config !== null &&
      (config as { name?: string }).name &&
      typeof (config as { submit?: unknown }).submit !== 'function';
    return (query as (...a: unknown[]) => unknown).call(
      this,
      named ? { ...(config as object), name: undefined } : config,
      ...rest,
    );
  };
  client.query = unnamed as typeof client.query;
}

/**
 * The connections of the statements that keep their generic plan whatever PostgreSQL's cost comparison says
 * (`genericPlan` in prepared.ts, decision 078): PostgreSQL has no such switch per statement, only per session.
 */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';
/** Whether a node-postgres client is one of those connections (what the statement counters record). */
export const keepsGenericPlans = (client: unknown) =>
  String(
    (client as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '',
  ).includes(GENERIC_PLANS);

interface PostgresOptions {
  directUrl: string;
  max: number;
  queryTimeoutMs: number;
  unnamed: boolean;
  /** Streaming replicas for a GET's reads (replicas.ts). */
  read: { urls: string[]; maxLagMs: number };
}

function openPostgres(
  url: string,
  { directUrl, max, queryTimeoutMs, unnamed, read }: PostgresOptions,
): Database {
  let queryTimeouts = 0;
  const openPool = (max: number, options?: string) => {
    const opened = openServerPool({
      url,
      max,
      options,
      connectTimeoutMs: 3000,
      queryTimeoutMs,
      onConnect: (client) => {
        watchTimeouts(client, () => {
          queryTimeouts++;
        });
        if (unnamed) sendUnnamed(client);
      },
    });
    return { pool: opened, waitMs: oldestWait(opened) };
  };
  const main = openPool(max);
  const pool = main.pool;
  // On the server itself only: behind a pooler a connection's setting would follow it into other clients'
  // transactions, and without names (DATABASE_STATEMENTS=unnamed) nothing keeps a plan.
  const generic = !unnamed && directUrl === url ? openPool(genericPoolSize(max), GENERIC_PLANS) : undefined;
  const pools = generic ? [main, generic] : [main];
  const primary = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
  if (generic)
    keepGenericPlansOn(primary, drizzlePg(generic.pool, { casing: 'snake_case' }) as unknown as Db);
  const replicas = read.urls.length
    ? openReplicaSet({ pool, db: primary }, read.urls, {
        maxLagMs: read.maxLagMs,
        queryTimeoutMs,
        onConnect: unnamed ? sendUnnamed : undefined,
        genericPlans: generic ? GENERIC_PLANS : undefined,
      })
    : undefined;
  const db = replicas ? routeReads(primary, replicas.reader) : primary;
  if (generic && replicas) keepGenericPlansOn(db, genericPlansOf(primary));
  // The queue on the server itself: pg-boss LISTENs for new jobs, which a pooler in transaction mode loses.
  const jobStore: JobStoreOptions = { connectionString: directUrl, max: 3, connectionTimeoutMillis: 3000 };
  return {
    db,
    replicas,
    kind: 'postgres',
    stats: () => {
      const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p.pool), 0);
      return {
        total: sum((p) => p.totalCount),
        idle: sum((p) => p.idleCount),
        waiting: sum((p) => p.waitingCount),
        waitMs: Math.max(...pools.map((p) => p.waitMs())),
        inFlight: sum((p) => p.totalCount - p.idleCount + p.waitingCount),
        queryTimeouts,
      };
    },
    jobStore,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      // Its own connection, without the pool's query timeout: a migration may take longer than a request.
      // On the server itself: the lock is the session's, and a pooler in transaction mode would take it on
      // one server connection and run the migrations (and the unlock) on others.
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await client.query(EXTENSIONS_SQL);
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
        await migrateJobStore(jobStore);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end();
      }
    },
    close: async () => {
      await replicas?.close();
      await Promise.all(pools.map((p) => p.pool.end()));
    },
    listen: (channel, onPayload) => listenPg(directUrl, channel, onPayload),
  };
}

/** What PostgreSQL answers for a named statement the connection never prepared. */
const UNKNOWN_STATEMENT = '26000';

/**
 * Fails the start when `url` (a pooler) loses named prepared statements between transactions: the hot reads
 * would otherwise fail at random under load with "prepared statement … does not exist". A statement is
 * prepared on one client connection; a second client then holds that server connection in a transaction,
 * so the first one's next call goes out on another (PgBouncer hands out the last released first). PgBouncer
 * 1.21 and later with `max_prepared_statements` prepares it there and the check passes; so does a pooler in
 * session mode. A pool of one server connection cannot show it: the second call waits for the first, and
 * runs on the connection that knows the statement.
 */
async function checkNamedStatements(url: string) {
  const first = new pg.Client({ connectionString: url });
  const second = new pg.Client({ connectionString: url });
  first.on('error', () => {});
  second.on('error', () => {});
  try {
    await Promise.all([first.connect(), second.connect()]);
    const probe = { name: 'cm_named_statement_probe', text: 'select $1::int as n', values: [1] };
    await first.query(probe);
    await second.query('begin');
    await second.query('select 1');
    const again = first.query(probe);
    // The only server connection may be the second's: the probe then waits for it, and that shows nothing.
    const held = setTimeout(() => void second.query('commit').catch(() => {}), 1000);
    try {
      await again;
    } catch (err) {
      if ((err as { code?: string }).code !== UNKNOWN_STATEMENT) throw err;
      throw new Error(
        'DATABASE_URL loses named prepared statements between transactions (a pooler in transaction mode: ' +
          'PgBouncer before 1.21, or without max_prepared_statements): set DATABASE_STATEMENTS=unnamed, or ' +
          'max_prepared_statements in PgBouncer 1.21 or later',
      );
    } finally {
      clearTimeout(held);
    }
  } finally {
    await Promise.all([first.end().catch(() => {}), second.end().catch(() => {})]);
  }
}

/**
 * A dedicated connection (LISTEN holds its session) that reconnects a second after it drops, and again each
 * second while the database is away (a single retry left an instance deaf for good after an outage longer
 * than a second); events sent while it was away are lost, and clients refetch on reconnect anyway.
 */
async function listenPg(url: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().catch(retry), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    let dropped = false;
    c.on('error', () => {
      // Once per connection: its failed connect() is retried by the caller instead.
      if (dropped || client !== c) return;
      dropped = true;
      client = null;
      c.end().catch(() => {});
      retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
