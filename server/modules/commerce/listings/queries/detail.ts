import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { readStatements } from '../../../../db/prepared.ts';
import { marketplaceListings as listings } from '../../../../db/schema/index.ts';
import type { Executor } from '../../../../db/sql.ts';
import { type ListingWithPeople, selectListings } from './listing-select.ts';

/* One listing: the detail page's read, and the bare row the services check before a change. */

/** The detail page's listing with its people: one prepared statement per database (every detail read). */
const listingStatement = readStatements('listing_by_id', (db: Db) =>
  selectListings(db).where(eq(listings.id, sql.placeholder('id'))),
);

export async function findListing(db: Db, id: string): Promise<ListingWithPeople | undefined> {
  const [row] = await listingStatement(db, '').execute({ id });
  return row;
}

export async function findListingRow(db: Executor, id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}
