import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export async function readAll(db: Db) {
  return db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
}

/** Several keys in one statement (a purchase needs the fee and the protection window together). */
export async function readSome(db: Db | Tx, keys: string[]) {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * Some keys' stored values as one jsonb object (key → value; `{}` when none is stored), as an expression another
 * module's statement reads along with its own rows (a purchase reads the sale terms with its lock).
 */
export const storedValuesSql = (keys: readonly string[]) =>
  sql`(select coalesce(jsonb_object_agg(${siteSettings.key}, ${siteSettings.value}), '{}'::jsonb) from ${siteSettings}
    where ${inArray(siteSettings.key, [...keys])})`;

export async function readOne(db: Db | Tx, key: string) {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key));
  return row?.value;
}

export async function upsert(tx: Tx, key: string, value: unknown, updatedBy: string) {
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}
