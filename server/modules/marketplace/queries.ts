import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { type Keyset, keyset } from '../../db/cursor.ts';
import {
  listingContentReveals,
  marketplaceListings as listings,
  notifications,
  marketplaceOrders as orders,
  profiles,
  userFollowers,
  userRanks,
  userSettings,
  marketplaceVouches as vouches,
} from '../../db/schema/index.ts';
import { containing, firstMatches } from '../../db/search.ts';
import { fanOutAfterCommit } from '../realtime/bus.ts';

type Executor = Db | Tx;
export type ListingRow = typeof listings.$inferSelect;
export type ListingSortKey = 'newest' | 'price_low' | 'price_high';
/** [pinned, createdAt text | price, id] */
export type ListingCursor = [boolean, string | number, string];

const buyers = alias(profiles, 'buyer');

/** A listing with its seller (rank, vouch counters) and buyer, as one row. */
const listingColumns = {
  row: listings,
  createdAtKey: sql<string>`${listings.createdAt}::text`,
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

function selectListings(db: Db) {
  return db
    .select(listingColumns)
    .from(listings)
    .innerJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(userRanks, eq(userRanks.id, profiles.rankId))
    .leftJoin(buyers, eq(buyers.id, listings.soldTo));
}

export interface ListingFilter {
  status?: 'active' | 'sold';
  type?: 'cheat' | 'account' | 'item';
  q?: string;
  sort: ListingSortKey;
  after?: ListingCursor;
  limit: number;
}

/*
 * Each sort as its index orders rows, NULLS placement included (the listings_*_idx indexes, with or without
 * the status column first): pinned first, then the chosen key, then id.
 */
export const listingKeysets: Record<ListingSortKey, Keyset<ListingCursor>> = {
  newest: keyset(
    { column: listings.isPinned, kind: 'bool', dir: 'desc' },
    { column: listings.createdAt, kind: 'time', dir: 'desc' },
    { column: listings.id, kind: 'uuid', dir: 'desc' },
  ),
  price_low: keyset(
    { column: listings.isPinned, kind: 'bool', dir: 'desc' },
    { column: listings.price, kind: 'int', dir: 'asc' },
    { column: listings.id, kind: 'uuid', dir: 'asc' },
  ),
  // listings_(status_)price_high_idx (is_pinned, price, id) read backwards: every key DESC NULLS FIRST.
  price_high: keyset(
    { column: listings.isPinned, kind: 'bool', dir: 'desc', nulls: 'first' },
    { column: listings.price, kind: 'int', dir: 'desc', nulls: 'first' },
    { column: listings.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
  ),
};

/**
 * One page: pinned first, then the chosen sort; one statement whatever the page size. The search is the
 * shared engine's (server/db/search.ts): title, description or seller, as conditions on the listing row.
 */
export async function listListings(db: Db, f: ListingFilter) {
  const order = listingKeysets[f.sort];
  const where = and(
    f.status ? eq(listings.status, f.status) : undefined,
    f.type ? eq(listings.type, f.type) : undefined,
    order.after(f.after),
  );
  const search = f.q
    ? firstMatches({
        table: listings,
        id: listings.id,
        where,
        text: containing(f.q, listings.title, listings.description),
        q: f.q,
        memberColumn: listings.userId,
        orderBy: order.orderBy,
        limit: order.limit(f.limit),
      })
    : undefined;
  return selectListings(db)
    .where(and(where, search))
    .orderBy(...order.orderBy)
    .limit(order.limit(f.limit));
}

export type ListingWithPeople = Awaited<ReturnType<typeof listListings>>[number];

export async function findListing(db: Db, id: string): Promise<ListingWithPeople | undefined> {
  const [row] = await selectListings(db).where(eq(listings.id, id));
  return row;
}

export async function findListingRow(db: Executor, id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}

export async function insertListing(db: Executor, values: typeof listings.$inferInsert) {
  const [row] = await db.insert(listings).values(values).returning();
  return row!;
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

export async function setPinned(db: Executor, id: string, isPinned: boolean) {
  const [row] = await db
    .update(listings)
    .set({ isPinned })
    .where(eq(listings.id, id))
    .returning({ id: listings.id });
  return row;
}

export async function deleteListing(db: Executor, id: string, activeOnly: boolean) {
  const rows = await db
    .delete(listings)
    .where(activeOnly ? and(eq(listings.id, id), eq(listings.status, 'active')) : eq(listings.id, id))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/** The sale itself: only an active listing of someone else turns sold, so one buyer wins a race. */
export async function markSold(tx: Tx, id: string, buyerId: string) {
  const [row] = await tx
    .update(listings)
    .set({ status: 'sold', soldTo: buyerId, soldAt: sql`now()` })
    .where(and(eq(listings.id, id), eq(listings.status, 'active'), sql`${listings.userId} <> ${buyerId}`))
    .returning();
  return row;
}

export async function insertOrder(tx: Tx, values: PgInsertValue<typeof orders>) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function findOrderByKey(db: Executor, buyerId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findOrderForListing(db: Executor, listingId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.listingId, listingId));
  return row;
}

export async function hasFeedback(db: Executor, orderId: string) {
  const [row] = await db.select({ id: vouches.id }).from(vouches).where(eq(vouches.orderId, orderId));
  return Boolean(row);
}

export async function logReveal(db: Executor, listingId: string, userId: string) {
  await db.insert(listingContentReveals).values({ listingId, userId });
}

/** Inserts the vouch once per order and moves the seller's counters in the same transaction. */
export async function insertVouch(tx: Tx, values: typeof vouches.$inferInsert) {
  const [row] = await tx.insert(vouches).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  await tx
    .update(profiles)
    .set({
      vouches: sql`${profiles.vouches} + 1`,
      ratingTotal: sql`${profiles.ratingTotal} + ${values.rating}`,
    })
    .where(eq(profiles.id, values.toUserId));
  return row;
}

/** My orders as buyer or seller, newest first, with the other party's name: one statement. */
export async function listOrders(db: Db, userId: string, after: [string, string] | undefined, limit: number) {
  const other = alias(profiles, 'other');
  const where: SQL[] = [or(eq(orders.buyerId, userId), eq(orders.sellerId, userId))!];
  if (after)
    where.push(sql`(${orders.createdAt}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  return db
    .select({
      row: orders,
      createdAtKey: sql<string>`${orders.createdAt}::text`,
      otherId: other.id,
      otherUsername: other.username,
    })
    .from(orders)
    .leftJoin(
      other,
      sql`${other.id} = case when ${orders.buyerId} = ${userId} then ${orders.sellerId} else ${orders.buyerId} end`,
    )
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

/** A member's feedback, newest first: marketplace_vouches_to_user_idx. */
export const feedbackKeyset = keyset(
  { column: vouches.createdAt, kind: 'time', dir: 'desc' },
  { column: vouches.id, kind: 'uuid', dir: 'desc' },
);

export async function listFeedback(
  db: Db,
  userId: string,
  after: [string, string] | undefined,
  limit: number,
) {
  return db
    .select({
      row: vouches,
      createdAtKey: sql<string>`${vouches.createdAt}::text`,
      authorUsername: profiles.username,
    })
    .from(vouches)
    .leftJoin(profiles, eq(profiles.id, vouches.fromUserId))
    .where(and(eq(vouches.toUserId, userId), feedbackKeyset.after(after)))
    .orderBy(...feedbackKeyset.orderBy)
    .limit(feedbackKeyset.limit(limit));
}

export async function findProfileCounters(db: Db, userId: string) {
  const [row] = await db
    .select({ vouches: profiles.vouches, ratingTotal: profiles.ratingTotal })
    .from(profiles)
    .where(eq(profiles.id, userId));
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
  const inserted = tx
    .insert(notifications)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          userId: userFollowers.followerId,
          type: sql`'marketplace_new'`.as('type'),
          title: sql`'New listing'`.as('title'),
          content: sql`${`${sellerName} listed ${listing.title}`}`.as('content'),
          data: sql`${JSON.stringify({ listingId: listing.id })}::jsonb`.as('data'),
          read: sql`false`.as('read'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(userFollowers)
        .leftJoin(userSettings, eq(userSettings.userId, userFollowers.followerId))
        .where(
          and(
            eq(userFollowers.followingId, sellerId),
            sql`coalesce(${userSettings.marketplaceUpdates}, true)`,
          ),
        ),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await tx.execute(
    sql`with inserted as (${inserted.getSQL()}) ${fanOutAfterCommit(sql`inserted`, 'notification')}`,
  );
}

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
