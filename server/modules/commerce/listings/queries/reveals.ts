import { sql } from 'drizzle-orm';
import { listingContentReveals } from '../../../../db/schema/index.ts';
import type { Executor } from '../../../../db/sql.ts';

/* Who saw an order's content link or keys, and when first (disputes read it). */

/** Records the first reveal of an order's content link to a person; true only that first time. */
export async function logReveal(
  db: Executor,
  values: { listingId: string; orderId: string; userId: string },
) {
  const rows = await db
    .insert(listingContentReveals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: listingContentReveals.id });
  return rows.length > 0;
}

/**
 * Records the buyer's first fetch of an order's license keys on their reveal row (made now if the content
 * link was never shown to them), as a content link's first reveal is: the time stays the first fetch's.
 */
export async function logKeysReveal(
  db: Executor,
  values: { listingId: string; orderId: string; userId: string },
) {
  await db
    .insert(listingContentReveals)
    .values({ ...values, keysRevealedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [listingContentReveals.orderId, listingContentReveals.userId],
      set: { keysRevealedAt: sql`now()` },
      setWhere: sql`${listingContentReveals.keysRevealedAt} is null`,
    });
}
