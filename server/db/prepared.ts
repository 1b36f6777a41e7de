import type { Db } from './client.ts';

/**
 * Named prepared statements for a hot read, one per database and shape, built on first use. Drizzle
 * otherwise rebuilds the SQL text on every request (14–17 % of a forum read's CPU in issue 13's profile), and
 * PostgreSQL parses and plans it again. A shape is whatever changes the text (a visitor or a member, a
 * cursor's flags); everything else is a placeholder. `build` makes the query for a shape (from the caller's
 * arguments) and runs once per database and shape; the statement is named `name_shape`.
 */
export function preparedStatements<A extends unknown[], Q extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: Db, ...args: A) => Q,
) {
  type Prepared = ReturnType<Q['prepare']>;
  const cache = new WeakMap<Db, Map<string, Prepared>>();
  return (db: Db, shape: string, ...args: A): Prepared => {
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      statement = build(db, ...args).prepare(shape ? `${name}_${shape}` : name) as Prepared;
      byShape.set(shape, statement);
    }
    return statement;
  };
}

/** The shape of a page a visitor or a member reads, with its cursor's shape (`Keyset.afterPrepared`). */
export const viewerShape = (viewerId: string | null, cursorShape = '') =>
  `${viewerId ? 'member' : 'visitor'}${cursorShape}`;
