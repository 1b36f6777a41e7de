import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VouchReviewStatus } from '../../../contract/reputation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, newestFirst, type TimeKey } from '../../db/cursor.ts';
import { readStatements } from '../../db/prepared.ts';
import {
  knownDevices,
  loginEvents,
  marketplaceOrders as orders,
  profiles,
  marketplaceVouches as vouches,
} from '../../db/schema/index.ts';
import { type Executor, rows } from '../../db/sql.ts';

/** Vouches that count in a seller's figures and public feedback. */
export const countedVouch = sql`${vouches.review} in ('counted', 'approved')`;

/**
 * A seller's figures in ONE statement: the rating counters kept in the profile row, and their sales counted
 * through marketplace_orders_seller_idx (completed = released to them, disputed = ever disputed).
 */
const sellerFigures = (db: Db) => {
  const sales = db
    .select({
      completed: sql<number>`count(*) filter (where ${orders.status} = 'released')::int`.as('completed'),
      disputed: sql<number>`count(*) filter (where ${orders.disputedAt} is not null)::int`.as('disputed'),
      total: sql<number>`count(*)::int`.as('total'),
    })
    .from(orders)
    .where(eq(orders.sellerId, profiles.id))
    .as('s');
  return db
    .select({
      vouches: profiles.vouches,
      rating_total: profiles.ratingTotal,
      member_since: sql<string>`to_json(${profiles.createdAt}) #>> '{}'`,
      completed: sales.completed,
      disputed: sales.disputed,
      total: sales.total,
    })
    .from(profiles)
    .crossJoinLateral(sales)
    .where(eq(profiles.id, sql.placeholder('sellerId')));
};
/** Prepared once per database: every listing detail and seller profile reads it. */
const sellerFiguresStatement = readStatements('seller_figures', sellerFigures);

export async function findSellerFigures(db: Db, sellerId: string) {
  const [row] = await sellerFiguresStatement(db, '').execute({ sellerId });
  return row;
}

/**
 * The buyer's vouch for an order, in ONE statement with its standing. It is `pending` (a possible vouch ring,
 * for staff) and stays out of the seller's counters when neither account is `trusted` and either
 * - the two trade mostly with each other, repeatedly: at least two orders between them (either way round)
 *   and more than half of the buyer's orders AND of the seller's; or
 * - the two accounts signed in from the same address, or the same device on the same network.
 * Otherwise it is `counted` and the counters move with it: a new seller's first sale to a new buyer, with
 * nothing else linking them, counts (issue 36: before, every first trade looked like a ring). Once per order
 * (the unique key); nothing when already given.
 */
export async function insertVouch(
  tx: Tx,
  v: {
    orderId: string;
    listingId: string;
    listingTitle: string;
    fromUserId: string;
    toUserId: string;
    rating: number;
    comment: string;
  },
) {
  const [row] = await rows<{ id: string; review: string }>(
    tx,
    sql`with trades as (
        select
          count(*) filter (where (o.buyer_id = ${v.fromUserId}::uuid and o.seller_id = ${v.toUserId}::uuid)
            or (o.buyer_id = ${v.toUserId}::uuid and o.seller_id = ${v.fromUserId}::uuid))::int as pair,
          count(*) filter (where ${v.fromUserId}::uuid in (o.buyer_id, o.seller_id))::int as from_total,
          count(*) filter (where ${v.toUserId}::uuid in (o.buyer_id, o.seller_id))::int as to_total
        from ${orders} o
        where o.buyer_id in (${v.fromUserId}::uuid, ${v.toUserId}::uuid)
          or o.seller_id in (${v.fromUserId}::uuid, ${v.toUserId}::uuid)),
      standing as (
        select
          exists (select 1 from ${profiles} p
            where p.id in (${v.fromUserId}::uuid, ${v.toUserId}::uuid) and p.trust_level = 'trusted') as vouched_for,
          (exists (select 1 from ${knownDevices} a join ${knownDevices} b
              on b.user_id = ${v.toUserId}::uuid and b.device = a.device and b.network = a.network
            where a.user_id = ${v.fromUserId}::uuid)
            or exists (select 1 from ${loginEvents} a join ${loginEvents} b
              on b.user_id = ${v.toUserId}::uuid and b.ip_address = a.ip_address
            where a.user_id = ${v.fromUserId}::uuid)) as shared_network),
      judged as (
        select t.*, s.shared_network,
          not s.vouched_for and (s.shared_network
            or (t.pair >= 2 and t.pair * 2 > t.from_total and t.pair * 2 > t.to_total)) as ring
        from trades t, standing s),
      ins as (
        insert into ${vouches} (order_id, listing_id, listing_title, from_user_id, to_user_id, rating, comment, review, ring_evidence)
        select ${v.orderId}::uuid, ${v.listingId}::uuid, ${v.listingTitle}, ${v.fromUserId}::uuid, ${v.toUserId}::uuid,
          ${v.rating}::int, ${v.comment}, case when j.ring then 'pending' else 'counted' end,
          case when j.ring then jsonb_build_object('pairOrders', j.pair, 'fromOrders', j.from_total,
            'toOrders', j.to_total, 'sharedNetwork', j.shared_network) end
        from judged j
        on conflict do nothing
        returning id, review),
      moved as (
        update ${profiles} set vouches = vouches + 1, rating_total = rating_total + ${v.rating}::int
        where id = ${v.toUserId}::uuid and exists (select 1 from ins where review = 'counted')
        returning id)
    select i.id, i.review from ins i left join (select count(*) from moved) m on true`,
  );
  return row;
}

/** Flagged vouches by standing, newest first: marketplace_vouches_review_idx. */
export const flaggedKeyset = newestFirst(vouches.createdAt, vouches.id);

const authors = alias(profiles, 'author');
const sellers = alias(profiles, 'seller');
const reviewers = alias(profiles, 'reviewer');

/** One page of flagged vouches with the three people's names: one statement. */
export async function listFlagged(
  db: Db,
  review: VouchReviewStatus,
  after: TimeKey | undefined,
  limit: number,
) {
  return db
    .select({
      row: vouches,
      createdAtKey: asKeyText(vouches.createdAt),
      fromUsername: authors.username,
      toUsername: sellers.username,
      reviewerUsername: reviewers.username,
    })
    .from(vouches)
    .leftJoin(authors, eq(authors.id, vouches.fromUserId))
    .innerJoin(sellers, eq(sellers.id, vouches.toUserId))
    .leftJoin(reviewers, eq(reviewers.id, vouches.reviewedBy))
    .where(and(sql`${vouches.review} <> 'counted'`, eq(vouches.review, review), flaggedKeyset.after(after)))
    .orderBy(...flaggedKeyset.orderBy)
    .limit(flaggedKeyset.limit(limit));
}

/**
 * Staff's decision on a pending vouch, once: the conditional update matches only while it is pending, so two
 * staff deciding at once make one decision. Approving moves the seller's counters in the same statement.
 */
export async function review(tx: Tx, id: string, decision: 'approved' | 'rejected', staffId: string) {
  const [row] = await rows<{ id: string; to_user_id: string; from_user_id: string | null; rating: number }>(
    tx,
    sql`with decided as (
        update ${vouches} set review = ${decision}, reviewed_by = ${staffId}::uuid, reviewed_at = now()
        where id = ${id}::uuid and review = 'pending'
        returning id, to_user_id, from_user_id, rating),
      moved as (
        update ${profiles} p set vouches = p.vouches + 1, rating_total = p.rating_total + d.rating
        from decided d where p.id = d.to_user_id and ${decision}::text = 'approved'
        returning p.id)
    select d.* from decided d left join (select count(*) from moved) m on true`,
  );
  return row;
}

export async function findVouchReview(db: Executor, id: string) {
  const [row] = await db.select({ review: vouches.review }).from(vouches).where(eq(vouches.id, id));
  return row;
}
