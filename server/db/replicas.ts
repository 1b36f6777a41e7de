import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './client.ts';
import { keepGenericPlansOn } from './generic-plans.ts';
import { genericPoolSize, openPool } from './pools.ts';

/*
 * Read replicas (issue 39): reads that may be a moment stale go to a streaming replica; writes, transactions
 * and everything outside a GET request stay on the primary. A member never misses their own write: a write
 * request's response carries the primary's WAL position (a cookie, so it holds on every instance), and their
 * reads stay on the primary until a replica has replayed past it. A replica that is down, or lags more than
 * `maxLagMs`, is left out until it recovers.
 */

/** What the current request allows: `primary` for writes and jobs; else the WAL position its reads need. */
export interface ReadContext {
  primary: boolean;
  /** The member's last write (from the cookie): a replica must have replayed at least this far. */
  minLsn: bigint;
  /** The replica chosen for this request, kept for all its reads (one consistent view). */
  chosen?: Replica | null;
}

export const readContext = new AsyncLocalStorage<ReadContext>();

/** `16/B374D848` → a number that orders as the WAL does. */
export function parseLsn(lsn: string | null | undefined): bigint {
  if (!lsn) return 0n;
  const [hi, lo] = lsn.split('/');
  if (hi === undefined || lo === undefined || !/^[0-9A-Fa-f]+$/.test(hi + lo)) return 0n;
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

interface Replica {
  name: string;
  pool: pg.Pool;
  /** Its connections that keep generic plans (decision 078), when the primary has them. */
  genericPool?: pg.Pool;
  db: Db;
  /** How far it has replayed, at the last look. */
  replayed: bigint;
  healthy: boolean;
  lagMs: number;
  requests: number;
}

export interface ReplicaStats {
  name: string;
  healthy: boolean;
  lagMs: number;
  /** Requests whose reads it served. */
  requests: number;
}

export interface ReplicaSet {
  /** The database a read of this request goes to (the primary when nothing else may serve it). */
  reader(): Db;
  /** The primary's WAL position now: what a write's author must see from here on. */
  writePosition(): Promise<string>;
  stats(): ReplicaStats[];
  /** Looks at every replica now (tests; the set also looks every `pollMs`). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

/** Connections per replica (its generic-plan ones besides, `genericPoolSize`). */
const REPLICA_POOL_SIZE = 10;

/** The sample history the lag is measured against: the primary's position over the last minute. */
const HISTORY_MS = 60_000;

export function openReplicaSet(
  primary: { pool: pg.Pool; db: Db },
  urls: string[],
  {
    maxLagMs,
    pollMs = 100,
    queryTimeoutMs,
    onConnect,
    genericPlans,
  }: {
    maxLagMs: number;
    pollMs?: number;
    queryTimeoutMs: number;
    /** Set up each new connection as the primary's are (DATABASE_STATEMENTS=unnamed behind a pooler). */
    onConnect?: (client: pg.PoolClient) => void;
    /** The startup options of connections that keep generic plans, when the primary has such connections. */
    genericPlans?: string;
  },
): ReplicaSet {
  const open = (url: string, max: number, options?: string) =>
    openPool({ url, max, options, connectTimeoutMs: 1000, queryTimeoutMs, onConnect });
  const replicas: Replica[] = urls.map((url, i) => {
    const pool = open(url, REPLICA_POOL_SIZE);
    const genericPool = genericPlans
      ? open(url, genericPoolSize(REPLICA_POOL_SIZE), genericPlans)
      : undefined;
    const name = `replica${i + 1}@${new URL(url).host}`;
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
    if (genericPool)
      keepGenericPlansOn(db, drizzlePg(genericPool, { casing: 'snake_case' }) as unknown as Db);
    const replica: Replica = {
      name,
      pool,
      genericPool,
      db,
      replayed: 0n,
      // Unknown until the first look: reads wait on the primary, not on a replica that may be far behind.
      healthy: false,
      lagMs: Number.POSITIVE_INFINITY,
      requests: 0,
    };
    return replica;
  });

  // The primary's position over time: a replica's lag is how long ago the primary was where it is now.
  const history: { at: number; lsn: bigint }[] = [];
  let next = 0;

  async function poll() {
    const at = Date.now();
    try {
      const { rows } = await primary.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      history.push({ at, lsn: parseLsn(rows[0]?.lsn) });
    } catch {
      return; // the primary is away: nothing to compare with, keep the last look
    }
    while (history.length > 2 && history[0]!.at < at - HISTORY_MS) history.shift();
    await Promise.all(
      replicas.map(async (r) => {
        try {
          // A server that is not in recovery is a primary (or the primary itself, named as its own replica):
          // what it has is, by definition, everything it wrote.
          const { rows } = await r.pool.query<{ lsn: string | null }>(
            `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn()
              else pg_current_wal_lsn() end)::text as lsn`,
          );
          r.replayed = parseLsn(rows[0]?.lsn);
          // The oldest sample the replica has not reached: it is that far behind.
          const behind = history.find((h) => h.lsn > r.replayed);
          r.lagMs = behind ? at - behind.at : 0;
          r.healthy = r.lagMs <= maxLagMs;
        } catch {
          r.healthy = false;
          r.lagMs = Number.POSITIVE_INFINITY;
        }
      }),
    );
  }

  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    void poll().finally(() => {
      polling = false;
    });
  }, pollMs);
  timer.unref();

  function choose(ctx: ReadContext): Replica | null {
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(next + i) % replicas.length]!;
      if (r.healthy && r.replayed >= ctx.minLsn) {
        next = (next + i + 1) % replicas.length;
        return r;
      }
    }
    return null;
  }

  /*
   * Every member's write asks the primary where its WAL is, after the write committed. Under a burst of writes
   * that was one more round trip each on a pool already full of them. A position read by a query that started
   * after a write committed covers that write, so the callers arriving while one query runs share the next one:
   * at most one query runs and one waits, however many writes end together.
   */
  let running: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  function launch(): Promise<string> {
    // The insert position, not pg_current_wal_lsn(): with synchronous_commit off a commit returns before its
    // record is written out, so the write position can still be short of it and a replica at that point would
    // be taken as having the member's write (seen in CI on the test primary, which runs that way).
    const query = primary.pool
      .query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')
      .then(({ rows }) => rows[0]!.lsn)
      .finally(() => {
        if (running === query) running = null;
      });
    running = query;
    return query;
  }
  function writePosition(): Promise<string> {
    if (!running) return launch();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return launch();
      });
    return queued;
  }

  return {
    reader() {
      const ctx = readContext.getStore();
      if (!ctx || ctx.primary) return primary.db;
      if (ctx.chosen === undefined) {
        ctx.chosen = choose(ctx);
        if (ctx.chosen) ctx.chosen.requests++;
      }
      return ctx.chosen ? ctx.chosen.db : primary.db;
    },
    writePosition,
    stats: () =>
      replicas.map((r) => ({ name: r.name, healthy: r.healthy, lagMs: r.lagMs, requests: r.requests })),
    poll,
    async close() {
      clearInterval(timer);
      await Promise.all(
        replicas
          .flatMap((r) => [r.pool, ...(r.genericPool ? [r.genericPool] : [])])
          .map((p) => p.end().catch(() => {})),
      );
    },
  };
}

/** The query-builder reads (`select`, `$count`, `with`, relational `query`) that may go to a replica. */
const READS = new Set(['select', 'selectDistinct', 'selectDistinctOn', '$count', '$with', 'with', 'query']);
const ROUTER = Symbol('read router');

/**
 * The primary's Db, with its reads sent where `reader` says (drizzle's `withReplicas`, but chosen per request
 * and not per call, so one request reads one consistent replica). Writes, `execute` and transactions go to the
 * primary. Prepared statements find their target through {@link readTarget}.
 */
export function routeReads(primary: Db, reader: () => Db): Db {
  return new Proxy(primary, {
    get(target, prop, receiver) {
      if (prop === ROUTER) return reader;
      if (typeof prop === 'string' && READS.has(prop)) {
        // Bound to the chosen database: called as `routed.select()`, `this` would be the primary.
        const chosen = reader();
        const value = Reflect.get(chosen, prop);
        return typeof value === 'function' ? value.bind(chosen) : value;
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** The database a read on `db` goes to now: itself, or for a routed Db the one its request reads. */
export function readTarget(db: Db): Db {
  const reader = (db as unknown as Record<symbol, (() => Db) | undefined>)[ROUTER];
  return reader ? reader() : db;
}
