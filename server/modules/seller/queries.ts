import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../db/cursor.ts';
import {
  listingKeys,
  marketplaceListings as listings,
  marketplaceOrders as orders,
  profiles,
} from '../../db/schema/index.ts';

/** Units sold over a set of orders, refunds aside. */
const unitsSold = sql`coalesce(sum(${orders.units}) filter (where ${orders.status} <> 'refunded'), 0)`;

/**
 * What a set of orders earns its seller, after fees: the payout once settled (a split pays part), the price
 * minus the fee while it waits in escrow, nothing when refunded.
 */
const revenue = sql`coalesce(sum(case when ${orders.status} = 'released' then ${orders.sellerPayout}
  when ${orders.status} in ('held', 'disputed') then ${orders.price} - ${orders.fee} else 0 end), 0)`;

/** The outer listing's id, qualified: drizzle writes a lone table's columns unqualified, and a subquery's own `id` would win. */
const listingRef = sql.raw('"marketplace_listings"."id"');

/** A seller's listings, newest first: listings_seller_idx. */
export const sellerListingKeyset = newestFirst(listings.createdAt, listings.id);

/**
 * One page of the seller's listings with their figures, in one statement: units sold (refunds aside),
 * revenue after fees and open disputes from the listing's orders, and a key listing's key counts.
 */
export async function listSellerListings(
  db: Db,
  sellerId: string,
  after: TimeKey | undefined,
  limit: number,
) {
  return db
    .select({
      row: listings,
      createdAtKey: asKeyText(listings.createdAt),
      sales: sql<{ units: number; revenue: number; disputes: number }>`(
        select jsonb_build_object(
          'units', ${unitsSold},
          'revenue', ${revenue},
          'disputes', count(*) filter (where ${orders.status} = 'disputed'))
        from ${orders} where ${orders.listingId} = ${listingRef})`,
      keys: sql<Record<string, number> | null>`case when ${listings.deliveryKind} = 'keys' then (
        select jsonb_object_agg(k.state, k.n) from (
          select state, count(*) as n from ${listingKeys} where listing_id = ${listingRef} group by state) k)
        end`,
    })
    .from(listings)
    .where(and(eq(listings.userId, sellerId), sellerListingKeyset.after(after)))
    .orderBy(...sellerListingKeyset.orderBy)
    .limit(sellerListingKeyset.limit(limit));
}

/** Units and revenue per UTC day since `since`, and the seller's open disputes (marketplace_orders_seller_idx). */
export async function salesByDay(db: Db, sellerId: string, since: Date) {
  const [days, [disputes]] = await Promise.all([
    db
      .select({
        date: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        units: sql<number>`${unitsSold}::int`,
        revenue: sql<number>`${revenue}::float8`,
      })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), gte(orders.createdAt, since)))
      .groupBy(sql`1`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'disputed'))),
  ]);
  return { days, openDisputes: Number(disputes?.n ?? 0) };
}

/** The seller's sales for the CSV, newest first, a batch at a time: marketplace_orders_seller_idx. */
export const salesKeyset = newestFirst(orders.createdAt, orders.id);

export async function salesBatch(db: Db, sellerId: string, after: TimeKey | undefined, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      createdAtKey: asKeyText(orders.createdAt),
      listingTitle: orders.listingTitle,
      buyer: profiles.username,
      units: orders.units,
      price: orders.price,
      fee: orders.fee,
      status: orders.status,
      sellerPayout: orders.sellerPayout,
      refundedAmount: orders.refundedAmount,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.buyerId))
    .where(and(eq(orders.sellerId, sellerId), salesKeyset.after(after)))
    .orderBy(...salesKeyset.orderBy)
    .limit(limit);
}
