import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../db/client.ts';
import { asKeyText } from '../../../../db/cursor.ts';
import { marketplaceListings as listings, profiles, userRanks } from '../../../../db/schema/index.ts';

/* The listing row with its seller (rank, vouch counters) and buyer, shared by the list and the detail page. */

const buyers = alias(profiles, 'buyer');

/** A listing with its seller (rank, vouch counters) and buyer, as one row. */
const listingColumns = {
  row: listings,
  createdAtKey: asKeyText(listings.createdAt),
  seller: {
    id: profiles.id,
    username: profiles.username,
    avatarUrl: profiles.avatarUrl,
    vouches: profiles.vouches,
    ratingTotal: profiles.ratingTotal,
  },
  rankName: userRanks.name,
  rankColor: userRanks.color,
  buyerId: buyers.id,
  buyerUsername: buyers.username,
  buyerAvatarUrl: buyers.avatarUrl,
};

/** The listings with their people, for the browse and detail statements. */
export function selectListings(db: Db) {
  return db
    .select(listingColumns)
    .from(listings)
    .innerJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(userRanks, eq(userRanks.id, profiles.rankId))
    .leftJoin(buyers, eq(buyers.id, listings.soldTo));
}

/** A listing with its seller (rank, vouch counters) and buyer. */
export type ListingWithPeople = Awaited<ReturnType<typeof selectListings>>[number];
