import type { Db } from './client.ts';

/**
 * For a database, the same database through connections that keep every prepared statement's generic plan
 * (decision 078): where statements marked `genericPlan` (prepared.ts) run.
 */
const twins = new WeakMap<Db, Db>();

/** Registers `twin` as `db` through connections that keep generic plans (client.ts, replicas.ts). */
export function keepGenericPlansOn(db: Db, twin: Db) {
  twins.set(db, twin);
}

/** Where a statement marked `genericPlan` runs: `db`'s twin, or `db` itself where there is none. */
export const genericPlansOf = (db: Db) => twins.get(db) ?? db;
