import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/**
 * AUTH_SECRET when configured; otherwise one made on first start and kept in the database,
 * so sessions survive restarts and every instance signs cookies alike with no set-up.
 */
export async function loadAuthSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ key: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, 'auth'));
  if (!row) throw new Error('auth secret missing after insert');
  return row.value;
}
