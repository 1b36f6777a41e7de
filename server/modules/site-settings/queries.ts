import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export async function readAll(db: Db) {
  return db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
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
