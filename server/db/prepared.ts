import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { Keyset } from './cursor.ts';
import { genericPlansOf } from './generic-plans.ts';
import { readPrepared } from './prepared-read.ts';
import { readTarget } from './replicas.ts';
import { compileRowsOf } from './row-mapper.ts';

/**
 * Named prepared statements for a hot read, one per database and shape, built on first use. Drizzle
 * otherwise rebuilds the SQL text on every request (14–17 % of a forum read's CPU in issue 13's profile), and
 * PostgreSQL parses and plans it again. A shape is whatever changes the text (a visitor or a member, a
 * cursor's flags); everything else is a placeholder. `build` makes the query for a shape (from the caller's
 * arguments) and runs once per database and shape; the statement is named `name_shape`.
 *
 * `planEachCall` keeps the cached SQL text but sends it unnamed, so PostgreSQL plans it for each call's
 * values: the searches, whose plan depends on the words (decision 013), save Drizzle's work but never get a
 * generic plan (decision 025).
 *
 * Behind a pooler that loses names between transactions (DATABASE_STATEMENTS=unnamed, decision 040) the
 * driver sends every named statement unnamed (client.ts): the text is still built once here.
 *
 * `genericPlan` runs the statement on connections that always keep its generic plan (decision 078): for a
 * statement whose generic plan is as fast as any custom one, but which PostgreSQL's cost comparison, blind to
 * how many words or names a search matches, would plan again at every call. Where no such connections exist
 * (PGlite, behind a pooler, a transaction's own connection) it runs as any named statement.
 *
 * Their rows are mapped by a mapper compiled once per statement (row-mapper.ts), not field by field, and on
 * PostgreSQL they are read by the app's own reader (prepared-read.ts), which has the result described once.
 */
export function preparedStatements<A extends unknown[], Q extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: Db, ...args: A) => Q,
  {
    planEachCall = false,
    read = false,
    genericPlan = false,
  }: { planEachCall?: boolean; read?: boolean; genericPlan?: boolean } = {},
) {
  type Prepared = ReturnType<Q['prepare']>;
  const cache = new WeakMap<Db, Map<string, Prepared>>();
  return (routed: Db, shape: string, ...args: A): Prepared => {
    // A statement is bound to one database: a read one is kept per replica the request reads from.
    const target = read ? readTarget(routed) : routed;
    const db = genericPlan ? genericPlansOf(target) : target;
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      // The empty name is the protocol's unnamed statement: parsed and planned again at every call.
      const named = shape ? `${name}_${shape}` : name;
      statement = build(db, ...args).prepare(planEachCall ? '' : named) as Prepared;
      compileRowsOf(statement);
      readPrepared(statement);
      byShape.set(shape, statement);
    }
    return statement;
  };
}

/** {@link preparedStatements} for a read that may be a moment stale: sent to a replica when one serves it. */
export function readStatements<A extends unknown[], Q extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: Db, ...args: A) => Q,
  options: { planEachCall?: boolean; genericPlan?: boolean } = {},
) {
  return preparedStatements(name, build, { ...options, read: true });
}

/**
 * A page's LIMIT written into the statement's text, for a statement whose shape names the limit (`limitShape`).
 * PostgreSQL prices a `limit $n` it cannot see at a tenth of the rows, so the generic plan of a page read looked
 * hundreds of times dearer than the custom one (the marketplace's browse page: 2,883 against 11.6) and a named
 * statement was planned again at every call, its planning costing as much as its run (issue 38). With the
 * number in the text the two plans cost the same and PostgreSQL keeps the generic one after five calls. Page
 * sizes are the services' constants, so a statement has one shape per size, never one per request.
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new Error(`A page's limit is a whole number: ${limit}`);
  // Drizzle writes an SQL chunk in place where `.limit()` takes a number or a placeholder.
  return sql.raw(String(limit)) as unknown as number;
}
export const limitShape = (limit: number) => `_l${limit}`;

/** The shape of a page a visitor or a member reads, with its cursor's shape (`Keyset.afterPrepared`). */
export const viewerShape = (viewerId: string | null, cursorShape = '') =>
  `${viewerId ? 'member' : 'visitor'}${cursorShape}`;

/**
 * One page of a prepared read that a visitor or a member makes (`build(db, member, after, limit)` for the
 * statements, the limit written with `literalLimit`): the statement for the viewer, the cursor's shape and the
 * page's limit, run with the viewer, the cursor's values and the caller's own `values`.
 */
export function viewerPage<V extends readonly unknown[], R>(
  db: Db,
  statements: (
    db: Db,
    shape: string,
    member: boolean,
    after: SQL | undefined,
    limit: number,
  ) => { execute(values: Record<string, unknown>): R },
  page: {
    keyset: Pick<Keyset<V>, 'afterPrepared' | 'limit'>;
    viewerId: string | null;
    after: V | undefined;
    limit: number;
  },
  values: Record<string, unknown>,
): R {
  const from = page.keyset.afterPrepared(page.after);
  const limit = page.keyset.limit(page.limit);
  const shape = `${viewerShape(page.viewerId, from.shape)}${limitShape(limit)}`;
  const statement = statements(db, shape, !!page.viewerId, from.condition, limit);
  return statement.execute({ ...values, viewer: page.viewerId, ...from.values });
}
