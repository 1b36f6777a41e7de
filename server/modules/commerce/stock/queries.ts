import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../../db/cursor.ts';
import {
  listingKeys,
  marketplaceListings as listings,
  marketplaceOrders as orders,
  profiles,
} from '../../../db/schema/index.ts';
import { type Executor, rows } from '../../../db/sql.ts';

export type KeyState = (typeof listingKeys.$inferSelect)['state'];

/** The listing row, locked for the rest of the transaction: key uploads and withdrawals take turns per listing. */
export async function lockListing(tx: Tx, id: string) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  return row;
}

/** Which of these key hashes the listing already holds (withdrawn keys aside). */
export async function existingHashes(tx: Tx, listingId: string, hashes: string[]) {
  if (hashes.length === 0) return new Set<string>();
  const found = await rows<{ hash: string }>(
    tx,
    sql`select k.hash from ${listingKeys} k
      join jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb) h(hash) on h.hash = k.hash
      where k.listing_id = ${listingId}::uuid and k.state <> 'withdrawn'`,
  );
  return new Set(found.map((r) => r.hash));
}

/**
 * Adds encrypted keys to a listing and its stock in one statement: stock grows by the keys added, and a
 * sold-out listing is on sale again. Answers the new stock.
 */
export async function insertKeys(tx: Tx, listingId: string, keys: { ciphertext: string; hash: string }[]) {
  const [row] = await rows<{ stock: number }>(
    tx,
    sql`with added as (
        insert into ${listingKeys} (listing_id, ciphertext, hash)
        select ${listingId}::uuid, k.ciphertext, k.hash
        from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) k(ciphertext text, hash text)
        returning 1)
      update ${listings} set stock = stock + (select count(*) from added)::int, low_stock_warned = false,
        status = case when status = 'sold' then 'active' else status end,
        sold_to = case when status = 'sold' then null else sold_to end,
        sold_at = case when status = 'sold' then null else sold_at end
      where id = ${listingId}::uuid
      returning stock`,
  );
  return row!.stock;
}

/**
 * Withdraws every unsold key, under the listing's row lock. A key a purchase is claiming right now is
 * skipped (SKIP LOCKED): that purchase holds it and waits for this lock to take its stock, so waiting for
 * the key would deadlock. The stock keeps those keys (the purchase takes them, or they come back with its
 * rollback); with none, the listing is sold out. Answers how many were withdrawn and the stock left.
 */
export async function withdrawKeys(tx: Tx, listingId: string) {
  const [row] = await rows<{ withdrawn: number; stock: number }>(
    tx,
    sql`with gone as (
        update ${listingKeys} set state = 'withdrawn'
        where id in (
          select id from ${listingKeys}
          where listing_id = ${listingId}::uuid and state = 'available'
          for update skip locked)
        returning 1),
      counted as (select count(*)::int as n from gone),
      emptied as (
        update ${listings} set stock = greatest(stock - c.n, 0),
          status = case when status = 'active' and stock - c.n <= 0 then 'sold' else status end
        from counted c
        where id = ${listingId}::uuid
        returning stock)
      select (select n from counted) as withdrawn, coalesce((select stock from emptied), 0) as stock`,
  );
  return { withdrawn: row!.withdrawn, stock: row!.stock };
}

/** The escrow of an order was paid out: its reserved keys are sold (released) or burned (refunded). */
export async function settleOrderKeys(tx: Executor, orderId: string, state: 'sold' | 'burned') {
  await tx
    .update(listingKeys)
    .set({ state })
    .where(and(eq(listingKeys.orderId, orderId), eq(listingKeys.state, 'reserved')));
}

export async function keyCounts(db: Executor, listingId: string) {
  const found = await db
    .select({ state: listingKeys.state, n: sql<number>`count(*)::int` })
    .from(listingKeys)
    .where(eq(listingKeys.listingId, listingId))
    .groupBy(listingKeys.state);
  const counts = { available: 0, reserved: 0, sold: 0, burned: 0, withdrawn: 0 };
  for (const r of found) counts[r.state] = Number(r.n);
  return counts;
}

/** An order's keys (encrypted), oldest first; `states` narrows them (the buyer never sees burned keys). */
export async function orderKeys(db: Executor, orderId: string, states: KeyState[]) {
  return db
    .select({ id: listingKeys.id, ciphertext: listingKeys.ciphertext })
    .from(listingKeys)
    .where(and(eq(listingKeys.orderId, orderId), inArray(listingKeys.state, states)))
    .orderBy(listingKeys.createdAt, listingKeys.id);
}

/** The seller's "sold to …" list: claimed keys, newest claim first (listing_keys_claimed_idx). */
export const claimedKeyset = newestFirst(listingKeys.claimedAt, listingKeys.id);

export async function listClaimedKeys(db: Db, listingId: string, after: TimeKey | undefined, limit: number) {
  return db
    .select({
      id: listingKeys.id,
      state: listingKeys.state,
      orderId: listingKeys.orderId,
      claimedAt: listingKeys.claimedAt,
      claimedAtKey: asKeyText(listingKeys.claimedAt),
      buyerId: profiles.id,
      buyerUsername: profiles.username,
    })
    .from(listingKeys)
    .leftJoin(orders, eq(orders.id, listingKeys.orderId))
    .leftJoin(profiles, eq(profiles.id, orders.buyerId))
    .where(
      and(
        eq(listingKeys.listingId, listingId),
        sql`${listingKeys.claimedAt} is not null`,
        claimedKeyset.after(after),
      ),
    )
    .orderBy(...claimedKeyset.orderBy)
    .limit(claimedKeyset.limit(limit));
}

/** A link listing's stock or the low-stock warning; restocking a sold-out listing puts it on sale again. */
export async function updateStock(
  tx: Tx,
  listingId: string,
  patch: { stock?: number; lowStockThreshold?: number | null },
) {
  const [row] = await tx
    .update(listings)
    .set({
      // A restock or a new warning: the next sale under it tells the seller again.
      lowStockWarned: false,
      ...(patch.lowStockThreshold !== undefined ? { lowStockThreshold: patch.lowStockThreshold } : {}),
      ...(patch.stock !== undefined
        ? {
            stock: patch.stock,
            status: sql`case when ${listings.status} = 'sold' then 'active' else ${listings.status} end`,
            soldTo: sql`case when ${listings.status} = 'sold' then null else ${listings.soldTo} end`,
            soldAt: sql`case when ${listings.status} = 'sold' then null else ${listings.soldAt} end`,
          }
        : {}),
    })
    .where(eq(listings.id, listingId))
    .returning({ stock: listings.stock, lowStockThreshold: listings.lowStockThreshold });
  return row!;
}

/** Under its warning, and the seller not yet told. */
const warningDue = (listingId: string) =>
  and(
    eq(listings.id, listingId),
    eq(listings.lowStockWarned, false),
    sql`${listings.stock} < ${listings.lowStockThreshold}`,
  );

/** Whether the listing is under its warning and the seller has not been told: one read, no lock. */
export async function isUnwarnedLowStock(db: Db, listingId: string) {
  const [row] = await db.select({ id: listings.id }).from(listings).where(warningDue(listingId));
  return Boolean(row);
}

/** Marks the warning given, if it is still due (one of racing buyers wins); answers what to tell. */
export async function markLowStockWarned(tx: Tx, listingId: string) {
  const [row] = await tx
    .update(listings)
    .set({ lowStockWarned: true })
    .where(warningDue(listingId))
    .returning({ userId: listings.userId, title: listings.title, stock: listings.stock });
  return row;
}

/** Unsold keys go with their listing; claimed ones stay with their orders (the buyer keeps the key). */
export async function deleteUnsoldKeys(tx: Tx, listingId: string) {
  await tx
    .delete(listingKeys)
    .where(and(eq(listingKeys.listingId, listingId), sql`${listingKeys.orderId} is null`));
}
