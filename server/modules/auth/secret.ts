import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/**
 * A secret the site makes itself on first start and keeps in app_secrets under `key`: the first instance to
 * start writes `make()`'s value, and every instance reads the one that won.
 */
export async function storedSecret(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`app secret ${key} missing after insert`);
  return row.value;
}

/**
 * AUTH_SECRET when configured; otherwise one made on first start and kept in the database,
 * so sessions survive restarts and every instance signs cookies alike with no set-up.
 */
export async function loadAuthSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  return storedSecret(db, 'auth', () => randomBytes(32).toString('base64url'));
}
