import pg from 'pg';

/**
 * A pool of connections to one server, as every pool of the app opens them (the primary's, its generic-plan
 * connections', a replica's). `connectTimeoutMs`: a server that is away fails fast instead of queueing requests
 * forever. `queryTimeoutMs`: a server that stops answering (frozen, network cut) must not hold a request
 * forever; the query fails (503) and the pool drops that connection (migrations use a client without it).
 */
export function openPool(o: {
  url: string;
  max: number;
  /** Startup options (`-c setting=value`). */
  options?: string;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  /** Sets up each new connection (timeout counting, unnamed statements behind a pooler). */
  onConnect?: (client: pg.PoolClient) => void;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.max,
    ...(o.options ? { options: o.options } : {}),
    connectionTimeoutMillis: o.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    query_timeout: o.queryTimeoutMs,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A client checked out of the pool has no 'error' listener (pg-pool removes its idle one), so a connection
    // lost mid-transaction (the database stopping) was an uncaught error that killed the process. Its queries
    // fail anyway, and the pool drops a client that is no longer queryable on release.
    client.on('error', () => {});
    o.onConnect?.(client);
  });
  return pool;
}

/**
 * The size of a server's connections that keep generic plans (decision 078), beside its main pool of `max`:
 * half as many, since only the word searches use them, each for well under a millisecond.
 */
export const genericPoolSize = (max: number) => Math.max(1, Math.ceil(max / 2));
