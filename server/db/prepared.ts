import type { Db } from './client.ts';

/**
 * Named prepared statements for a hot read, one per database and shape, built on first use. Drizzle
 * otherwise rebuilds the SQL text on every request (14–17 % of a forum read's CPU in issue 13's profile), and
 * PostgreSQL parses and plans it again. A shape is whatever changes the text (a visitor or a member, a
 * cursor's flags); everything else is a placeholder. `build` runs once per database and shape, with the
 * statement's name.
 */
export function preparedStatements<Q>(name: string) {
  const cache = new WeakMap<Db, Map<string, Q>>();
  return (db: Db, shape: string, build: (statementName: string) => Q): Q => {
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      statement = build(shape ? `${name}_${shape}` : name);
      byShape.set(shape, statement);
    }
    return statement;
  };
}
