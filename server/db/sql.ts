import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The database or a transaction: every query helper takes either. */
export type Executor = Db | Tx;

/** The rows of a raw statement, typed by the caller; both drivers (pg and PGlite) answer with `rows`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A unique constraint refused the write (PostgreSQL 23505), whether or not a driver wrapped the error. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === '23505') return true;
  return e?.cause ? isUniqueViolation(e.cause) : false;
}
