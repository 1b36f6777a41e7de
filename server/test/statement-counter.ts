import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, keepsGenericPlans } from '../db/client.ts';

export interface Counted<T> {
  result: T;
  /** The SQL text of every statement sent to the database while `fn` ran, in order. */
  statements: string[];
  /** The same statements with their parameters, as sent (e.g. to EXPLAIN exactly what the app ran). */
  calls: { text: string; params: unknown[]; name?: string; genericPlans?: true }[];
}

const ROUTER_BOOKKEEPING = /^select (\(case when pg_is_in_recovery\(\)|pg_current_wal_(insert_)?lsn\(\))/;

/**
 * Records every SQL statement the app sends while `fn` runs, on either driver: PGlite's `query`/`exec`
 * (also inside its transactions) or node-postgres' `Client#query` (which pool queries and transactions
 * both go through). Used to prove a list costs the same number of statements for 1 row or a full page.
 * Not for concurrent use: it observes the whole driver while `fn` runs.
 */
export async function countStatements<T>(database: Database, fn: () => Promise<T>): Promise<Counted<T>> {
  const statements: string[] = [];
  const calls: Counted<T>['calls'] = [];
  const record = (q: unknown, params?: unknown, genericPlans = false) => {
    const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? q);
    // The replica router's bookkeeping (db/replicas.ts: where the WAL is, on a timer and after a write), which
    // reads no table; the API suite on PostgreSQL runs with the router on. replicas.pg.test.ts covers it.
    if (ROUTER_BOOKKEEPING.test(text)) return;
    statements.push(text);
    const values = Array.isArray(params) ? params : (q as { values?: unknown[] })?.values;
    // A named statement is a prepared one, which PostgreSQL may run with a generic plan.
    const name = (q as { name?: string })?.name || undefined;
    calls.push({
      text,
      params: Array.isArray(values) ? values : [],
      ...(name ? { name } : {}),
      // Sent on a connection that keeps generic plans (`genericPlan` in db/prepared.ts).
      ...(genericPlans ? { genericPlans: true as const } : {}),
    });
  };
  const restore = database.kind === 'postgres' ? observePg(record) : observePglite(database, record);
  try {
    return { result: await fn(), statements, calls };
  } finally {
    restore();
  }
}

function observePg(record: (q: unknown, params: unknown, genericPlans: boolean) => void): () => void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    record(args[0], args[1], keepsGenericPlans(this));
    return original.apply(this, args);
  };
  return () => {
    proto.query = original;
  };
}

function observePglite(database: Database, record: (q: unknown, params?: unknown) => void): () => void {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const wrap = <C extends Pick<PGlite, 'query' | 'exec'>>(target: C) => {
    const query = target.query;
    const exec = target.exec;
    target.query = ((...args: Parameters<C['query']>) => {
      record(args[0], args[1]);
      return (query as (...a: unknown[]) => unknown).apply(target, args);
    }) as C['query'];
    target.exec = ((...args: Parameters<C['exec']>) => {
      record(args[0]);
      return (exec as (...a: unknown[]) => unknown).apply(target, args);
    }) as C['exec'];
    return () => {
      target.query = query;
      target.exec = exec;
    };
  };
  const unwrap = wrap(client);
  const transaction = client.transaction;
  client.transaction = (<R>(callback: (tx: Transaction) => Promise<R>) =>
    transaction.call(client, (tx: Transaction) => {
      wrap(tx);
      return callback(tx);
    })) as PGlite['transaction'];
  return () => {
    unwrap();
    client.transaction = transaction;
  };
}
