import { createHash } from 'node:crypto';
import {
  eq,
  fillPlaceholders,
  getTableColumns,
  is,
  type Placeholder,
  type Query,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgDialect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client.ts';
import { isPgTarget, runPrepared } from './prepared-read.ts';

/** The database or a transaction: every query helper takes either. */
export type Executor = Db | Tx;

/**
 * Serializes the rest of the transaction with every other transaction holding the same `key` (a member's
 * count-then-write, such as a quota or a daily limit): a transaction-scoped advisory lock, freed at commit.
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select ${lockKeyCall(key)}`);
}

/**
 * Runs one `work` at a time per `key` in this process, the rest waiting in memory. For work that takes the same
 * lockKey: without it, a member's burst of such requests each held a pool connection while waiting on their
 * own lock, and fourteen at once took all ten of an instance's connections from everyone else (503s after the
 * pool's 3 s). The lock still orders instances; this only keeps the waiting off the pool.
 */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work);
  const settled = run.then(
    () => {},
    () => {},
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
const queues = new Map<string, Promise<void>>();

/** lockKey's call, for a statement that takes the lock itself, for the rows it names (a CTE's). */
export const lockKeyCall = (key: string | Placeholder) =>
  sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/** The row of `table` with this id: the given columns, or undefined when there is no such row. */
export async function rowById<S extends SelectedFields>(
  db: Executor,
  table: PgTable & { id: PgColumn },
  columns: S,
  id: string,
): Promise<SelectResultFields<S> | undefined> {
  const found = await db.select(columns).from(table).where(eq(table.id, id));
  return (found as SelectResultFields<S>[])[0];
}

/** Inserts one row into `table` and answers it as stored (its id and defaults filled in). */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values)
    .returning();
  return row as T['$inferSelect'];
}

/**
 * The row of `table` with this id, locked until the transaction ends (SELECT … FOR UPDATE): the given
 * columns, or undefined when there is no such row. Changes to one row made this way run one at a time.
 * `key share` only holds the row against its deletion (and a change of its key), for a write that refers to it.
 */
export async function lockedRow<S extends SelectedFields>(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  columns: S,
  id: string,
  strength: 'update' | 'key share' = 'update',
): Promise<SelectResultFields<S> | undefined> {
  const found = await tx.select(columns).from(table).where(eq(table.id, id)).for(strength);
  return (found as SelectResultFields<S>[])[0];
}

/**
 * Deletes a member's row that its parent counts (a thread's reply, a post's comment, a category's thread) and
 * counts it down in the parent's row (`counter`), in the same transaction and never below zero. `parent` is
 * the row's reference to it. The deleted row's author and text, or undefined when it was already gone.
 */
export async function deleteCounted(
  tx: Tx,
  id: string,
  row: { text: PgColumn; parent: PgColumn; counter: PgColumn },
): Promise<{ userId: string; text: string } | undefined> {
  const { text, parent, counter } = row;
  const table = text.table;
  const { id: rowId, userId } = getTableColumns(table);
  const returning = { userId: userId!, text, parentId: parent };
  const [deleted] = await tx.delete(table).where(eq(rowId!, id)).returning(returning);
  if (!deleted) return undefined;
  const counts = counter.table;
  const [key] = Object.entries(getTableColumns(counts)).find(([, column]) => column === counter)!;
  await tx
    .update(counts)
    .set({ [key]: sql`greatest(${counter} - 1, 0)` })
    .where(eq(getTableColumns(counts).id!, deleted.parentId));
  return { userId: deleted.userId as string, text: deleted.text as string };
}

/** Text PostgreSQL reads as a uuid (any version, either case), checked before a cast that would fail on it. */
export const isUuid = (text: string) => uuidText.test(text);

/** Ids as one uuid[] parameter (an array literal), for `= any(…)` and `unnest(…)`. */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rows of a raw statement, typed by the caller; both drivers (pg and PGlite) answer with `rows`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The rows of a hot raw statement sent as a named statement: PostgreSQL parses and plans it once per
 * connection and keeps the plan, where an unnamed statement is planned at every call (a purchase's sale
 * statement took 0.87 ms to plan for 3.4 ms to run, issue 13). The name is `label` and a hash of the text,
 * so a statement whose text differs is another statement, never a clash. For statements of a fixed set of
 * texts only (every value a parameter): a connection keeps each statement it was sent until it closes.
 * PGlite ignores the name; DATABASE_STATEMENTS=unnamed drops it (a pooler in transaction mode, decision 040).
 */
export async function namedRows<T>(db: Executor, label: string, query: SQL | Query): Promise<T[]> {
  const { dialect } = internals(db);
  const q = is(query, SQL) ? dialect.sqlToQuery(query) : query;
  return runNamed<T>(db, q, statementName(label, q.sql), {});
}

/**
 * A named statement's rows as objects: on PostgreSQL through the app's reader (prepared-read.ts), which has
 * the result described once per text; on PGlite through Drizzle's session, which ignores the name.
 */
async function runNamed<T>(
  db: Executor,
  q: Query,
  name: string,
  values: Record<string, unknown>,
): Promise<T[]> {
  const { session } = internals(db);
  const client = (session as unknown as { client?: unknown }).client;
  if (isPgTarget(client))
    return (await runPrepared(client, q.sql, name, fillPlaceholders(q.params, values), false)).rows as T[];
  const result = await session.prepareQuery(q, undefined, name, false).execute(values);
  return (result as { rows: T[] }).rows;
}

/**
 * A hot write's named statement whose text is built once per shape, every value a placeholder
 * (`sql.placeholder(name)`, filled from `values` at each run): Drizzle building a direct message's statement at
 * every send was 9.9 % of the app's CPU with 32 senders, and a purchase's sale 160 µs of each purchase (issue
 * 38). A shape is what changes the text: flags such as "the message names a contact", or a small number
 * written into it (a key purchase's LIMIT); `build` gets only the shape, never a call's values, so none can
 * be frozen into the cached text. A placeholder left without a value fails the run (Drizzle checks each).
 */
export function shapedStatement<T, S extends Record<string, boolean | number>>(
  label: string,
  build: (shape: S) => SQL,
) {
  const built = new WeakMap<PgDialect, Map<string, { query: Query; name: string }>>();
  return async (db: Executor, shape: S, values: Record<string, unknown>): Promise<T[]> => {
    const { dialect } = internals(db);
    let byShape = built.get(dialect);
    if (!byShape) {
      byShape = new Map();
      built.set(dialect, byShape);
    }
    // The flags that hold and the numbers, by name: the same shape whatever order its object was written in.
    const key = Object.keys(shape)
      .filter((flag) => shape[flag] !== false)
      .sort()
      .map((flag) => (shape[flag] === true ? flag : `${flag}=${shape[flag]}`))
      .join();
    let statement = byShape.get(key);
    if (!statement) {
      const query = dialect.sqlToQuery(build(shape));
      statement = { query, name: statementName(label, query.sql) };
      byShape.set(key, statement);
    }
    return runNamed<T>(db, statement.query, statement.name, values);
  };
}

/**
 * Each text's hash, kept: the texts are a fixed set, and hashing a direct message's 3 kB statement at every send
 * was 2.8 % of the app's CPU with 32 senders (bench:realtime). Bounded all the same: past the bound it starts
 * over, which costs hashes, never a wrong name.
 */
const hashes = new Map<string, string>();
const MAX_HASHES = 2000;
function statementName(label: string, text: string) {
  let hash = hashes.get(text);
  if (!hash) {
    if (hashes.size >= MAX_HASHES) hashes.clear();
    hash = createHash('sha1').update(text).digest('base64url').slice(0, 16);
    hashes.set(text, hash);
  }
  return `${label}_${hash}`;
}

/** Drizzle's session and dialect behind a database or transaction (its own `execute` takes no name). */
const internals = (db: Executor) => ({
  session: db._.session,
  dialect: (db as unknown as { dialect: PgDialect }).dialect,
});

/** The database answered `code` (a SQLSTATE), whether or not a driver wrapped the error. */
export function hasSqlState(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === code) return true;
  return e?.cause ? hasSqlState(e.cause, code) : false;
}

/** A unique constraint refused the write (PostgreSQL 23505). */
export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
