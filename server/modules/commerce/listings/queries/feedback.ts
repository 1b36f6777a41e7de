import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../../../db/cursor.ts';
import {
  marketplaceOrders as orders,
  profiles,
  marketplaceVouches as vouches,
} from '../../../../db/schema/index.ts';
import type { Executor } from '../../../../db/sql.ts';
import { countedVouch } from '../../../reputation/queries.ts';

/* After a sale: the buyer's order and the seller's feedback page. */

/** A buyer's latest order of a listing (a listing with stock sells many times). */
export async function findBuyerOrder(db: Executor, listingId: string, buyerId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.listingId, listingId), eq(orders.buyerId, buyerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export async function hasFeedback(db: Executor, orderId: string) {
  const [row] = await db.select({ id: vouches.id }).from(vouches).where(eq(vouches.orderId, orderId));
  return Boolean(row);
}

/** A member's feedback, newest first: marketplace_vouches_to_user_idx. */
export const feedbackKeyset = newestFirst(vouches.createdAt, vouches.id);

/** A seller's counted feedback, and the viewer's own vouch while it awaits review (shown to them only). */
export async function listFeedback(
  db: Db,
  userId: string,
  viewerId: string | null,
  after: TimeKey | undefined,
  limit: number,
) {
  const shown = viewerId
    ? or(countedVouch, and(eq(vouches.fromUserId, viewerId), eq(vouches.review, 'pending')))
    : countedVouch;
  return db
    .select({
      row: vouches,
      createdAtKey: asKeyText(vouches.createdAt),
      authorUsername: profiles.username,
    })
    .from(vouches)
    .leftJoin(profiles, eq(profiles.id, vouches.fromUserId))
    .where(and(eq(vouches.toUserId, userId), shown, feedbackKeyset.after(after)))
    .orderBy(...feedbackKeyset.orderBy)
    .limit(feedbackKeyset.limit(limit));
}
