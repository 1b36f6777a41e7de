import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

export async function readAll(db: Db) {
  return db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
}

/**
 * Some keys' stored values as one jsonb object (key → value; `{}` when none is stored), as an expression another
 * module's statement reads along with its own rows (a purchase reads the sale terms with its lock).
 */
export const storedValuesSql = (keys: readonly string[]) =>
  sql`(select coalesce(jsonb_object_agg(${siteSettings.key}, ${siteSettings.value}), '{}'::jsonb) from ${siteSettings}
    where ${inArray(siteSettings.key, [...keys])})`;

/** Several keys in one statement (the money terms read the top-ups' and the withdrawals' together). */
export async function readSome(db: Db | Tx, keys: readonly string[]) {
  const [row] = await rows<{ stored: Record<string, unknown> }>(
    db,
    sql`select ${storedValuesSql(keys)} as stored`,
  );
  return new Map(Object.entries(row?.stored ?? {}));
}

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
