import { and, desc, eq, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../../db/cursor.ts';
import {
  marketplaceListings as listings,
  marketplaceOrders as orders,
  profiles,
  tickets,
} from '../../../db/schema/index.ts';
import { type Executor, rowById } from '../../../db/sql.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = OrderRow['status'];

const buyers = alias(profiles, 'buyer');
const sellers = alias(profiles, 'seller');

/** An order with both parties' names and its dispute ticket, as one row. */
function selectOrders(db: Executor) {
  return db
    .select({
      row: orders,
      createdAtKey: asKeyText(orders.createdAt),
      buyerUsername: buyers.username,
      sellerUsername: sellers.username,
      sellerBanned: sellers.banned,
      ticketId: tickets.id,
    })
    .from(orders)
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(tickets, eq(tickets.orderId, orders.id));
}
export type OrderWithPeople = Awaited<ReturnType<ReturnType<typeof selectOrders>['where']>>[number];

export async function findOrder(db: Executor, id: string) {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row;
}

/** A listing's latest order, or `buyerId`'s latest order of it (a listing with stock sells many times). */
export async function findOrderForListing(db: Executor, listingId: string, buyerId?: string) {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.listingId, listingId), buyerId ? eq(orders.buyerId, buyerId) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export async function findContentLink(db: Executor, listingId: string) {
  const row = await rowById(db, listings, { contentLink: listings.contentLink }, listingId);
  return row?.contentLink ?? null;
}

/** Newest first: marketplace_orders_buyer/seller/created/status_created indexes. */
export const orderKeyset = newestFirst(orders.createdAt, orders.id);

/** My orders as buyer, seller or both, newest first: one statement (the two indexes serve each side). */
export async function listMyOrders(
  db: Db,
  userId: string,
  role: 'all' | 'buyer' | 'seller',
  after: TimeKey | undefined,
  limit: number,
) {
  const side =
    role === 'buyer'
      ? eq(orders.buyerId, userId)
      : role === 'seller'
        ? eq(orders.sellerId, userId)
        : or(eq(orders.buyerId, userId), eq(orders.sellerId, userId))!;
  return selectOrders(db)
    .where(and(side, orderKeyset.after(after)))
    .orderBy(...orderKeyset.orderBy)
    .limit(orderKeyset.limit(limit));
}

export async function listAllOrders(
  db: Db,
  status: OrderStatus | undefined,
  after: TimeKey | undefined,
  limit: number,
) {
  return selectOrders(db)
    .where(and(status ? eq(orders.status, status) : undefined, orderKeyset.after(after)))
    .orderBy(...orderKeyset.orderBy)
    .limit(orderKeyset.limit(limit));
}

/**
 * The one way an order changes state: a conditional update from `from`, so of two racing transitions
 * (confirm and the release job, a dispute and the release job, two staff settling) exactly one matches.
 */
export async function transition(
  tx: Tx,
  id: string,
  from: OrderStatus,
  set: PgUpdateSetSource<typeof orders>,
  extra: SQL[] = [],
) {
  const [row] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, from), ...extra))
    .returning();
  return row;
}

/** The seller may be paid: not banned (a banned seller's escrow waits for staff). No seller: the fees keep it. */
export const sellerNotBanned = sql`not exists (select 1 from ${profiles} sb where sb.id = ${orders.sellerId} and sb.banned)`;
export const sellerIsBanned = sql`exists (select 1 from ${profiles} sb where sb.id = ${orders.sellerId} and sb.banned)`;

/**
 * Orders whose window has ended, still held, and whose seller may be paid: the release job's batch, after
 * `after` ([release_at text, id]) so an order that cannot be paid now never stalls the ones behind it.
 */
export async function dueForRelease(db: Db, limit: number, after?: TimeKey) {
  return db
    .select({ id: orders.id, key: asKeyText(orders.releaseAt) })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'held'),
        lte(orders.releaseAt, sql`now()`),
        sellerNotBanned,
        ...(after
          ? [sql`(${orders.releaseAt}, ${orders.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`]
          : []),
      ),
    )
    .orderBy(orders.releaseAt, orders.id)
    .limit(limit);
}
