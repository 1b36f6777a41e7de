import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { messages } from '../../contract/messages.ts';
import { AppError } from '../plugins/errors.ts';
import type { Executor } from './sql.ts';

/*
 * Keyset pagination, one way for every list: a cursor is the last row's sort key and id, as opaque base64url
 * JSON. Timestamps travel as PostgreSQL's own text (microseconds kept), so a page never skips or repeats a row.
 *
 * A list declares its key once (`keyset(...)`): each part's column, kind and direction. The declaration gives
 * the cursor's schema (every value checked, so a well-formed cursor carrying a bad value is a 400 and never
 * reaches PostgreSQL as a failing cast), the "after this row" condition, the ORDER BY spelled exactly as its
 * index (NULLS placement included: an ORDER BY differing from the index only in NULLS FIRST/LAST makes
 * PostgreSQL read and sort every matching row), the LIMIT and the page slicing.
 */

const PG_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

/** A `timestamptz::text` value as PostgreSQL writes it, with a real date and time in it. */
function isPgTime(text: string): boolean {
  const m = PG_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , , offH, offM] = m.slice(1).map((v) => Number(v ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offH! <= 15 &&
    offM! < 60
  );
}

const valueSchemas = {
  time: z.string().max(40).refine(isPgTime),
  uuid: z.uuid(),
  bool: z.boolean(),
  int: z.number().int().min(-2_147_483_648).max(2_147_483_647),
} as const;

type Kind = keyof typeof valueSchemas;
type ValueOf<K extends Kind> = z.output<(typeof valueSchemas)[K]>;

export interface KeyPart<K extends Kind = Kind> {
  column: SQLWrapper;
  kind: K;
  dir: 'asc' | 'desc';
  /** Where the index puts NULLs for this column as read: drizzle's default index is NULLS LAST both ways;
   * an ascending index read backwards (or a `.nullsFirst()` one) gives `first`. */
  nulls?: 'first' | 'last';
}

type ValuesOf<P extends readonly KeyPart[]> = { -readonly [I in keyof P]: ValueOf<P[I]['kind']> };

const casts: Record<Kind, SQL> = {
  time: sql.raw('timestamptz'),
  uuid: sql.raw('uuid'),
  bool: sql.raw('boolean'),
  int: sql.raw('int'),
};

export interface Keyset<V extends readonly unknown[]> {
  /** The decoded key, undefined without a cursor, or a 400 when the cursor is not one of this list's. */
  decode(cursor: string | undefined): V | undefined;
  /** Rows strictly after `key` in this order, as one index-range condition; undefined without a key. */
  after(key: V | undefined): SQL | undefined;
  /**
   * `after` for a prepared statement: the key's values are placeholders (`after0`, `after1`…) that `values`
   * fills. A flag (pinned, read) stays in the text, so each combination of flags is a statement of its own,
   * named by `shape` ('' without a key).
   */
  afterPrepared(key: V | undefined): {
    shape: string;
    condition: SQL | undefined;
    values: Record<string, unknown>;
  };
  /** The ORDER BY terms, NULLS placement matching the index. */
  orderBy: SQL[];
  /** How many rows to ask for: a page and one more, which says whether there is a next page. */
  limit(size: number): number;
  /** The first `size` rows mapped, and the cursor of the last one when more rows were found. */
  page<T, R>(
    rows: T[],
    size: number,
    keyOf: (row: T) => V,
    map: (row: T) => R,
  ): { items: R[]; nextCursor: string | null };
}

export function keyset<const P extends readonly KeyPart[]>(...parts: P): Keyset<ValuesOf<P>> {
  type V = ValuesOf<P>;
  const shape = z.tuple(parts.map((p) => valueSchemas[p.kind]) as unknown as [z.ZodType, ...z.ZodType[]]);
  type Value = (i: number, key: V) => SQL;
  const bound: Value = (i, key) => sql`${(key as unknown[])[i]}::${casts[parts[i]!.kind]}`;
  const placeheld: Value = (i) => sql`${sql.placeholder(`after${i}`)}::${casts[parts[i]!.kind]}`;
  const prepared = new Map<string, SQL>();

  /* Leading parts that share a direction compare as one row value, which PostgreSQL turns into an index
   * range; a change of direction splits the condition: (a, b) < (x, y) or ((a, b) = (x, y) and c > z).
   * A flag (pinned, read) is spelled out as an equality instead: PostgreSQL estimates a row comparison by
   * its first column alone, and "pinned < false" matches nothing, so past the first page it believed the
   * rest of the list was one row and walked the whole index for a rare search word. */
  function from(start: number, key: V, value: Value): SQL {
    const part = parts[start]!;
    if (part.kind === 'bool') {
      const flag = (key as unknown[])[start] as boolean;
      const same = sql`${part.column} = ${flag}`;
      const rest = start + 1 < parts.length ? sql`(${same} and ${from(start + 1, key, value)})` : undefined;
      // Rows with the other flag come after these ones when the order puts that flag second.
      const otherAfter = part.dir === 'desc' ? flag : !flag;
      const other = sql`${part.column} = ${!flag}`;
      if (!rest) return otherAfter ? other : sql`false`;
      return otherAfter ? sql`(${rest} or ${other})` : rest;
    }
    let end = start + 1;
    while (end < parts.length && parts[end]!.dir === part.dir && parts[end]!.kind !== 'bool') end++;
    const columns = sql.join(
      parts.slice(start, end).map((p) => sql`${p.column}`),
      sql`, `,
    );
    const values = sql.join(
      parts.slice(start, end).map((_, j) => value(start + j, key)),
      sql`, `,
    );
    const op = part.dir === 'desc' ? sql`<` : sql`>`;
    const strictly = sql`(${columns}) ${op} (${values})`;
    if (end === parts.length) return strictly;
    return sql`(${strictly} or ((${columns}) = (${values}) and ${from(end, key, value)}))`;
  }

  return {
    decode(cursor) {
      if (!cursor) return undefined;
      try {
        const parsed = shape.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
        if (parsed.success) return parsed.data as V;
      } catch {
        // falls through to the 400 below
      }
      throw new AppError('VALIDATION', messages.invalidCursor, { cursor: messages.invalidCursor });
    },
    after: (key) => (key ? from(0, key, bound) : undefined),
    afterPrepared(key) {
      if (!key) return { shape: '', condition: undefined, values: {} };
      const values: Record<string, unknown> = {};
      let shape = 'after';
      parts.forEach((p, i) => {
        const v = (key as unknown[])[i];
        if (p.kind === 'bool') shape += v ? '_t' : '_f';
        else values[`after${i}`] = v;
      });
      // The condition's text depends on the flags alone, which the shape names: built once per shape (a page
      // past the first built it on every request, 1 % of a thread page's CPU, for a statement already prepared).
      let condition = prepared.get(shape);
      if (!condition) {
        condition = from(0, key, placeheld);
        prepared.set(shape, condition);
      }
      return { shape, condition, values };
    },
    orderBy: parts.map((p) => sql`${p.column} ${sql.raw(p.dir)} nulls ${sql.raw(p.nulls ?? 'last')}`),
    limit: (size) => size + 1,
    page(rows, size, keyOf, map) {
      const items = rows.slice(0, size);
      const last = rows.length > size ? items.at(-1) : undefined;
      return { items: items.map(map), nextCursor: last ? encodeCursor(keyOf(last)) : null };
    },
  };
}

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A newest-first list's key: the time as PostgreSQL writes it (see `asKeyText`), then the id. */
export type TimeKey = [time: string, id: string];

/** A time column as the text a cursor carries: PostgreSQL's own, microseconds kept. */
export const asKeyText = (time: SQLWrapper) => sql<string>`${time}::text`;

/** Newest first by a time column, the id breaking ties: most lists' order, read from a `(…, time desc, id desc)` index. */
export function newestFirst(time: SQLWrapper, id: SQLWrapper) {
  return keyset({ column: time, kind: 'time', dir: 'desc' }, { column: id, kind: 'uuid', dir: 'desc' });
}

/** A newest-first result's cursor key, for `page` and `csvInBatches`: a flat row's, or a `keyedRows` one's. */
export const timeKey = (r: { createdAtKey: string; id: string }): TimeKey => [r.createdAtKey, r.id];
export const rowTimeKey = (r: { createdAtKey: string; row: { id: string } }): TimeKey => [
  r.createdAtKey,
  r.row.id,
];

/** A list filter as a query takes it: 'all' (the lists' default choice) is no filter. */
export function unlessAll<T extends string>(choice: T | 'all'): Exclude<T, 'all'> | undefined {
  return choice === 'all' ? undefined : (choice as Exclude<T, 'all'>);
}

/**
 * A page of one table's rows that match `where`, in the keyset's order after `after`: each as `{ row,
 * createdAtKey }`, the row and its creation time as a cursor carries it.
 */
export function keyedRows<T extends PgTable & { createdAt: PgColumn }, V extends readonly unknown[]>(
  db: Executor,
  table: T,
  keys: Keyset<V>,
  where: (SQL | undefined)[],
  after: V | undefined,
  limit: number,
): Promise<{ row: T['$inferSelect']; createdAtKey: string }[]> {
  // Drizzle's select cannot take a table of a generic type; the result's shape is spelled out above instead.
  const any = table as PgTable;
  return db
    .select({ row: any, createdAtKey: asKeyText(table.createdAt) })
    .from(any)
    .where(and(...where, keys.after(after)))
    .orderBy(...keys.orderBy)
    .limit(keys.limit(limit));
}
