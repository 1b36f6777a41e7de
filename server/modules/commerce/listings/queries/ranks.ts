import type { Db } from '../../../../db/client.ts';
import { userRanks } from '../../../../db/schema/index.ts';

/* Seller ranks every database starts with. */

export async function ensureDefaultRanks(db: Db) {
  await db
    .insert(userRanks)
    .values([
      { name: 'Newcomer', color: '#9ca3af' },
      { name: 'Trusted Seller', color: '#22c55e' },
      { name: 'Verified Vendor', color: '#3b82f6' },
      { name: 'Elite', color: '#f59e0b' },
    ])
    .onConflictDoNothing();
}
