import { and, eq, sql } from 'drizzle-orm';
import { notices as n } from '../../../../../contract/texts/notices.ts';
import type { Tx } from '../../../../db/client.ts';
import { marketplaceListings as listings, userFollowers, userSettings } from '../../../../db/schema/index.ts';
import { type Executor, insertRow } from '../../../../db/sql.ts';
import { inLocale } from '../../../../i18n.ts';
import { inMembersLanguage, notifyMany } from '../../../notifications/service.ts';

/* A seller's listings: create, edit, pin, suspend with a ban, delete, and tell the followers. */

export function insertListing(db: Executor, values: typeof listings.$inferInsert) {
  return insertRow(db, listings, values);
}

/** Edits only an active listing: a sale in between wins, and the edit reports nothing changed. */
export async function updateActiveListing(
  db: Executor,
  id: string,
  patch: Partial<typeof listings.$inferInsert>,
) {
  const [row] = await db
    .update(listings)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(listings.id, id), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  return row;
}

/** A ban hides the seller's active listings (`suspended`); lifting it brings exactly those back. */
export async function setSellerSuspended(tx: Tx, userId: string, suspended: boolean) {
  const rows = await tx
    .update(listings)
    .set({ status: suspended ? 'suspended' : 'active' })
    .where(and(eq(listings.userId, userId), eq(listings.status, suspended ? 'active' : 'suspended')))
    .returning({ id: listings.id });
  return rows.length;
}

export async function setPinned(db: Executor, id: string, isPinned: boolean) {
  const [row] = await db
    .update(listings)
    .set({ isPinned })
    .where(eq(listings.id, id))
    .returning({ id: listings.id });
  return row;
}

/** Deletes a listing (only while active, when asked); its seller and title, or undefined when not deleted. */
export async function deleteListing(db: Executor, id: string, activeOnly: boolean) {
  const [row] = await db
    .delete(listings)
    .where(activeOnly ? and(eq(listings.id, id), eq(listings.status, 'active')) : eq(listings.id, id))
    .returning({ userId: listings.userId, text: listings.title });
  return row;
}

/**
 * Tells the seller's followers (who keep marketplace updates on) about a new listing, live too: one statement
 * inserts the rows and queues their 'notification' events (a pg_notify per ~80 followers, after commit).
 */
export async function notifyFollowersOfListing(
  tx: Tx,
  sellerId: string,
  listing: { id: string; title: string },
  sellerName: string,
) {
  await notifyMany(
    tx,
    sql`select f.follower_id as user_id, s.locale,
        ${inMembersLanguage(sql`s.locale`, (l) => inLocale(l, n).newListing(sellerName, listing.title))} as content,
        ${JSON.stringify({ listingId: listing.id })}::jsonb as data
      from ${userFollowers} f left join ${userSettings} s on s.user_id = f.follower_id
      where f.following_id = ${sellerId}::uuid and coalesce(s.marketplace_updates, true)`,
    'marketplace_new',
    (l) => inLocale(l, n).newListingTitle,
  );
}
