import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { notices as n } from '../../../../contract/texts/notices.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { literalLimit } from '../../../db/prepared.ts';
import {
  listingContentReveals,
  listingKeys,
  marketplaceListings as listings,
  marketplaceOrders as orders,
  profiles,
} from '../../../db/schema/index.ts';
import { type Executor, rows, shapedStatement } from '../../../db/sql.ts';
import { inLocale } from '../../../i18n.ts';
import { sellerHooksWanting } from '../../hooks/service.ts';
import { hasPushSql } from '../../notifications/queries.ts';
import {
  insertNotificationsSql,
  memberLocale,
  textsInMembersLanguage,
  wordingTextsWithArgs,
} from '../../notifications/service.ts';
import { countPublished, fanOutAfterCommit } from '../../realtime/bus.ts';
import { saleTermsOf, saleTermsSql } from '../../site-settings/service.ts';
import { holdPaymentCtes } from '../../wallet/service.ts';
import { watchListingsSql } from '../watches/queries.ts';

/* A purchase: the member lock, the sale in one statement, and the Idempotency-Key bookkeeping. */

/**
 * The purchase's first statement: locks the buyer's profile row (every purchase and payout takes member locks
 * before anything else, so none deadlock) and reads the listing and the sale terms (one round trip fewer than
 * reading the settings on their own); the listing columns are null when there is
 * no such listing. The sale changes no column of the seller's row (escrow holds the credits; the order's
 * foreign key takes a key-share lock), so the seller is not locked: purchases from one seller, such as
 * buyers of one key listing, wait on each other only from the listing's update on, not from here.
 */
export async function lockForPurchase(tx: Tx, listingId: string, buyerId: string) {
  const found = await lockStatement(tx, {}, { listingId, buyerId });
  const listing = found[0]?.seller_id ? found[0] : undefined;
  return listing
    ? {
        sellerId: listing.seller_id!,
        price: Number(listing.price),
        status: listing.status!,
        deliveryKind: listing.delivery_kind!,
        /** The seller's webhooks that take sales (modules/hooks), read with the lock. */
        saleHooks: listing.sale_hooks ?? [],
        /** The fee and the buyer-protection window, as the site's settings stand (modules/site-settings). */
        terms: saleTermsOf(listing.sale_terms),
        /** Whether the seller has a device to push to (their notification's mail job starts at once). */
        sellerHasPush: listing.seller_has_push,
      }
    : undefined;
}

/** lockForPurchase's text, built once (sql.ts shapedStatement). */
const lockStatement = shapedStatement<
  {
    member: string;
    seller_id: string | null;
    price: number | null;
    status: string | null;
    delivery_kind: 'link' | 'keys' | null;
    sale_hooks: string[] | null;
    sale_terms: Record<string, unknown>;
    seller_has_push: boolean;
  },
  Record<string, never>
>(
  'lock_for_purchase',
  () =>
    sql`select p.id as member, l.user_id as seller_id, l.price, l.status, l.delivery_kind,
        ${sellerHooksWanting(sql`l.user_id`, 'sale')} as sale_hooks, ${saleTermsSql()} as sale_terms,
        ${hasPushSql(sql`l.user_id`)} as seller_has_push
      from ${profiles} p left join ${listings} l on l.id = ${sql.placeholder('listingId')}::uuid
      where p.id = ${sql.placeholder('buyerId')}::uuid
      for no key update of p`,
);

export interface PurchasedOrder {
  id: string;
  listing_id: string;
  listing_title: string;
  seller_id: string;
  seller_username: string;
  price: number;
  units: number;
  fee: number;
  release_at: string;
  created_at: string;
  content_link: string;
  delivery_kind: 'link' | 'keys';
  /** The listing's low-stock warning: with one, the sale is followed by the warning's check. */
  low_stock_threshold: number | null;
}

/**
 * The sale in ONE statement, after lockForPurchase: the listing's stock drops by the units only while it is
 * active, someone else's, at the price the buyer saw and has that many left (never oversold, whoever races;
 * no price bait), turning sold at 0; the buyer is debited the total (unit price × units) into escrow only
 * if the credits are there (wallet.holdPaymentCtes); the order is written `held`; the buyer watches the
 * listing; the seller is notified (as `notificationId`), live after commit. Answers the order, or none when
 * the listing was not sold or the debit failed — the caller then rolls back (the listing update must not
 * stand alone).
 *
 * A key listing (`keyed`) sells many times at once, so its row is not written here: the statement claims
 * `units` of its available keys (SKIP LOCKED: racing buyers take different keys, none is given twice) and
 * sells only if it got them all. The database takes the stock at COMMIT, one unit per claimed key, and
 * re-checks the sale under the row lock (the `listing_keys_take_stock` trigger, migration 0018): buyers of
 * one key listing queue on its row only for their commit, and a commit that finds the listing changed fails
 * with `STOCK_NOT_TAKEN` (SQLSTATE CMK01).
 */
export async function purchase(
  tx: Tx,
  input: {
    orderId: string;
    notificationId: string;
    listingId: string;
    buyerId: string;
    buyerName: string;
    expectedPrice: number;
    units: number;
    fee: number;
    protectionHours: number;
    idempotencyKey: string | null;
    keyed: boolean;
  },
) {
  const content = wordingTextsWithArgs((l, title) => inLocale(l, n).listingSold(input.buyerName, title), 1);
  const [row] = await saleStatement(
    tx,
    // A key listing's LIMIT is in the text: one text for a single-item listing, one per number of units (1 to
    // 10) for a key listing.
    { keyUnits: input.keyed ? input.units : false, sameContent: content.same },
    {
      listingId: input.listingId,
      buyerId: input.buyerId,
      expectedPrice: input.expectedPrice,
      units: input.units,
      orderId: input.orderId,
      transferId: randomUUID(),
      notificationId: input.notificationId,
      fee: input.fee,
      protectionHours: input.protectionHours,
      idempotencyKey: input.idempotencyKey,
      content: content.texts,
    },
  );
  countPublished();
  // When nothing was bought: the price of the listing if it is still on sale (an edit committed between the
  // two statements shows here), so the caller can tell a changed price from a sold listing or no credits.
  return { order: row?.id ? (row as PurchasedOrder) : undefined, ...activeTerms(row) };
}

/**
 * The sale's text, built once per shape (sql.ts shapedStatement): building it with Drizzle at every purchase
 * was 160 µs of the app's CPU (issue 38). Named: planning this statement cost a quarter of its run (issue 13).
 * A key listing's limit is in the text, or PostgreSQL prices the generic plan for a tenth of the listing's keys
 * and plans every sale again (issue 38).
 */
const saleStatement = shapedStatement<
  PurchasedOrder & { sold: boolean; active_price: number | null; active_stock: number | null },
  { keyUnits: number | false; sameContent: boolean }
>('purchase', ({ keyUnits, sameContent }) => {
  const listingId = sql`${sql.placeholder('listingId')}::uuid`;
  const buyerId = sql`${sql.placeholder('buyerId')}::uuid`;
  const units = sql`${sql.placeholder('units')}::int`;
  const price = sql`${sql.placeholder('expectedPrice')}::int`;
  const description = sql`'Purchase of "' || title || '"' || case when ${units} > 1 then ' (' || ${units} || ' units)' else '' end`;
  const picked =
    keyUnits !== false
      ? sql`picked as (
        select k.id from ${listingKeys} k
        where k.listing_id = ${listingId} and k.state = 'available'
        order by k.created_at, k.id
        for update skip locked
        limit ${literalLimit(keyUnits)}),`
      : sql``;
  const hold = holdPaymentCtes({
    buyerId: sql.placeholder('buyerId'),
    orderId: sql.placeholder('orderId'),
    transferId: sql.placeholder('transferId'),
    source: 'sold',
  });
  const sold =
    keyUnits !== false
      ? sql`select id, user_id, price * ${units} as price, title, content_link, delivery_kind,
            stock - ${units} as stock, low_stock_threshold, ${description} as description
          from ${listings}
          where id = ${listingId} and status = 'active' and user_id <> ${buyerId}
            and price = ${price} and (select count(*) from picked) = ${units}`
      : sql`update ${listings} set stock = stock - ${units},
            status = case when stock = ${units} then 'sold' else status end,
            sold_to = case when stock = ${units} then ${buyerId} else sold_to end,
            sold_at = case when stock = ${units} then now() else sold_at end
          where id = ${listingId} and status = 'active' and user_id <> ${buyerId}
            and price = ${price} and stock >= ${units}
          returning id, user_id, price * ${units} as price, title, content_link, delivery_kind,
            low_stock_threshold, ${description} as description`;
  const content = textsInMembersLanguage(sql`ml.locale`, sameContent, sql`${sql.placeholder('content')}`, [
    sql`o.listing_title`,
  ]);
  return sql`with ${picked} sold as (${sold}),
      ${hold},
      ord as (
        insert into ${orders} (id, listing_id, listing_title, buyer_id, seller_id, price, units, fee, status, release_at, idempotency_key)
        select ${sql.placeholder('orderId')}::uuid, s.id, s.title, ${buyerId}, s.user_id, s.price, ${units}, ${sql.placeholder('fee')}::bigint,
          'held', now() + make_interval(hours => ${sql.placeholder('protectionHours')}::int), ${sql.placeholder('idempotencyKey')}::text
        from sold s join debit on true
        returning id, listing_id, listing_title, seller_id, price, units, fee, release_at, created_at),
      claimed as (${
        keyUnits !== false
          ? sql`update ${listingKeys} set state = 'reserved', order_id = o.id, claimed_at = now()
              from ord o where ${listingKeys.id} in (select id from picked) returning 1`
          : sql`select 1 where false`
      }),
      note as (${insertNotificationsSql(
        sql`select o.seller_id as user_id, ml.locale, ${content} as content,
          jsonb_build_object('listingId', o.listing_id, 'orderId', o.id) as data
        from ord o, lateral (select ${memberLocale(sql`o.seller_id`)} as locale) ml`,
        'order_new',
        (l) => inLocale(l, n).listingSoldTitle,
        sql.placeholder('notificationId'),
      )}),
      live as (${fanOutAfterCommit(sql`note`, 'notification')}),
      -- A buyer watches what they bought: detection alerts, and the dispute offer inside the window.
      watched as (${watchListingsSql(sql`select o.listing_id, ${buyerId} as user_id from ord o`)}),
      -- The answer hands the buyer the content link: their first reveal, recorded for disputes.
      revealed as (
        insert into ${listingContentReveals} (listing_id, order_id, user_id)
        select o.listing_id, o.id, ${buyerId} from ord o
        returning id)
    select exists (select 1 from sold) as sold, o.id, o.listing_id, o.listing_title, o.seller_id,
      seller.username as seller_username, o.price::float8 as price, o.units, o.fee::float8 as fee,
      s.delivery_kind, s.low_stock_threshold,
      to_json(o.release_at) #>> '{}' as release_at, to_json(o.created_at) #>> '{}' as created_at,
      s.content_link, (select count(*) from hold_legs) + (select count(*) from live) + (select count(*) from revealed) + (select count(*) from claimed) + (select count(*) from watched) as written,
      (select l.price from ${listings} l where l.id = ${listingId} and l.status = 'active') as active_price,
      (select l.stock from ${listings} l where l.id = ${listingId} and l.status = 'active') as active_stock
    from (select 1) one
      left join ord o on true
      left join sold s on true
      left join ${profiles} seller on seller.id = o.seller_id`;
});

const activeTerms = (row: { active_price: number | null; active_stock: number | null } | undefined) => ({
  activePrice: row?.active_price == null ? null : Number(row.active_price),
  activeStock: row?.active_stock == null ? null : Number(row.active_stock),
});

/** The commit that takes a key listing's stock refused the sale (the trigger of migration 0018). */
export const STOCK_NOT_TAKEN = 'CMK01';

/** The listing's price and stock while it is on sale, read after a refused commit to say why. */
export async function findActiveTerms(db: Db, listingId: string) {
  const [row] = await rows<{ active_price: number | null; active_stock: number | null }>(
    db,
    sql`select price as active_price, stock as active_stock from ${listings}
      where id = ${listingId}::uuid and status = 'active'`,
  );
  return activeTerms(row);
}

/** A key's order, whoever sent it; `fresh` while the key is bound (24 h), after which it may be reused. */
export async function findOrderByKey(db: Executor, key: string) {
  const [row] = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      listingId: orders.listingId,
      fresh: sql<boolean>`${orders.createdAt} > now() - interval '24 hours'`,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

/** Unbinds Idempotency-Keys older than 24 h (all, or one key), so a later use of the key is a new purchase. */
export async function expireIdempotencyKeys(db: Executor, key?: string) {
  const rows = await db
    .update(orders)
    .set({ idempotencyKey: null })
    .where(
      and(
        key ? eq(orders.idempotencyKey, key) : sql`${orders.idempotencyKey} is not null`,
        sql`${orders.createdAt} <= now() - interval '24 hours'`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}
