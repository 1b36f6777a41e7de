import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The database or a transaction: every query helper takes either. */
export type Executor = Db | Tx;

/** The rows of a raw statement, typed by the caller; both drivers (pg and PGlite) answer with `rows`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The database answered `code` (a SQLSTATE), whether or not a driver wrapped the error. */
export function hasSqlState(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === code) return true;
  return e?.cause ? hasSqlState(e.cause, code) : false;
}

/** A unique constraint refused the write (PostgreSQL 23505). */
export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
