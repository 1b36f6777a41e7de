import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { detectionStatuses } from '../../../contract/detection.ts';
import { deliveryKinds, listingStatusValues, listingTypes } from '../../../contract/marketplace.ts';
import { orderStatuses } from '../../../contract/orders.ts';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId, timestamps, trigramIndex } from './columns.ts';
import { memberOrGone, memberRow } from './member-rows.ts';

/**
 * available → reserved (claimed by a purchase, escrow held) → sold (released) | burned (refunded, never
 * resold); an unsold key may be withdrawn by its seller.
 */
export const keyStates = ['available', 'reserved', 'sold', 'burned', 'withdrawn'] as const;
/**
 * A vouch's standing (decision 022): `counted` from the start, or `pending` when buyer and seller trade mostly
 * with each other (a possible vouch ring) until staff approve (`approved`, counted) or reject it (`rejected`).
 */
export const vouchReviews = ['counted', 'pending', 'approved', 'rejected'] as const;

/**
 * Members' listings (spec §3 marketplace_listings); the content link goes to seller, buyer and staff only.
 *
 * Triggers (SQL in server/db/migrations/0020_listing_words.sql, not in this file): `listing_words_on_insert`,
 * `listing_words_on_update` and `listing_words_on_delete` keep `listing_words` and `search_words` in step
 * with each listing's title, description and sort keys. They live in the database so that every write path
 * (the API, seeding, an operator's SQL) keeps the search index right in the same transaction, and a sale or
 * a status change, which leaves the words alone, never pays for them (decision 031).
 */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    ...memberRow(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    imageUrl: text('image_url'),
    game: text('game').notNull(),
    type: text('type', { enum: listingTypes }).notNull().default('cheat'),
    features: text('features').notNull(),
    requirements: text('requirements').notNull(),
    detectionStatus: text('detection_status', { enum: detectionStatuses }).notNull().default('unknown'),
    contentLink: text('content_link').notNull(),
    status: text('status', { enum: listingStatusValues }).notNull().default('active'),
    deliveryKind: text('delivery_kind', { enum: deliveryKinds }).notNull().default('link'),
    /** Units left; `sold` at 0, `active` again when restocked. A key listing's stock is its available keys. */
    stock: integer('stock').notNull().default(1),
    /** The seller is told (bell) when a purchase takes the stock under this; null: never. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** The seller was told the stock is under the warning; a restock or a new warning clears it. */
    lowStockWarned: boolean('low_stock_warned').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    soldTo: memberOrGone('sold_to'),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check('marketplace_listings_price_check', sql`${t.price} between 1 and 100000`),
    check('marketplace_listings_stock_check', sql`${t.stock} between 0 and 10000`),
    check(
      'marketplace_listings_low_stock_check',
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} between 1 and 10000`,
    ),
    // One index per sort, with the status filter first (the default view is active only) ...
    index('listings_status_newest_idx').on(t.status, t.isPinned.desc(), t.createdAt.desc(), t.id.desc()),
    index('listings_status_price_low_idx').on(t.status, t.isPinned.desc(), t.price, t.id),
    // ... read backwards this is pinned desc, price desc, id desc (price high to low).
    index('listings_status_price_high_idx').on(t.status, t.isPinned, t.price, t.id),
    // The type filter narrows further; newest within a type.
    index('listings_type_status_newest_idx').on(
      t.type,
      t.status,
      t.isPinned.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Every status (staff, "all"): the same three sorts without the status column.
    index('listings_newest_idx').on(t.isPinned.desc(), t.createdAt.desc(), t.id.desc()),
    index('listings_price_low_idx').on(t.isPinned.desc(), t.price, t.id),
    index('listings_price_high_idx').on(t.isPinned, t.price, t.id),
    index('listings_seller_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('listings_buyer_idx').on(t.soldTo),
    trigramIndex('listings_title_trgm_idx', t.title),
    trigramIndex('listings_description_trgm_idx', t.description, { pendingList: true }),
    // Global search's exact and prefix candidates among active listings (server/db/search.ts).
    index('listings_active_title_lower_idx')
      .using('btree', sql`lower(${t.title}) text_pattern_ops`)
      .where(sql`${t.status} = 'active'`),
  ],
);

/*
 * Marketplace search's word index (docs/decisions/031): one row per distinct word of a listing's title and
 * description (lower case, runs of a-z and 0-9; a word over 64 characters as 64-character windows 32 apart),
 * carrying the listing's sort keys, so a search walks one word's listings in the list's own order and stops
 * at a page. Written only by the database's triggers on marketplace_listings
 * (server/db/migrations/0020_listing_words.sql; see `marketplaceListings`): no module writes it.
 */
export const listingWords = pgTable(
  'listing_words',
  {
    word: text('word').notNull(),
    listingId: uuid('listing_id').notNull(),
    isPinned: boolean('is_pinned').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    // The listing sorts of listings_newest_idx, _price_low_idx and _price_high_idx, within a word.
    index('listing_words_newest_idx').on(t.word, t.isPinned.desc(), t.createdAt.desc(), t.listingId.desc()),
    index('listing_words_price_low_idx').on(t.word, t.isPinned.desc(), t.price, t.listingId),
    index('listing_words_price_high_idx').on(t.word, t.isPinned, t.price, t.listingId),
  ],
);

/**
 * Every word listing_words has held: a search finds the words containing its text here (trigram index).
 * Filled by the listing_words triggers (server/db/migrations/0020_listing_words.sql), never by a module.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  trigramIndex('search_words_trgm_idx', t.word),
]);

/** One purchase: price and fee captured when it happened, so a later fee change never rewrites history. */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: primaryId(),
    listingId: uuid('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    buyerId: memberOrGone('buyer_id'),
    sellerId: memberOrGone('seller_id'),
    /** The total: unit price × units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    units: integer('units').notNull().default(1),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('held'),
    /** The buyer's Idempotency-Key, bound to this buyer and listing; cleared after 24 h (a reuse is then new). */
    idempotencyKey: text('idempotency_key'),
    /** End of the buyer-protection window: the release job pays the seller from then on. */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull().defaultNow(),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** When the escrow was paid out (released, refunded or split) and how it was divided. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    sellerPayout: bigint('seller_payout', { mode: 'number' }).notNull().default(0),
    settledBy: memberOrGone('settled_by'),
    settlementNote: text('settlement_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('marketplace_orders_fee_check', sql`${t.fee} >= 0 and ${t.fee} <= ${t.price}`),
    check('marketplace_orders_units_check', sql`${t.units} between 1 and 10`),
    check(
      'marketplace_orders_settlement_check',
      sql`${t.refundedAmount} >= 0 and ${t.sellerPayout} >= 0 and ${t.refundedAmount} + ${t.sellerPayout} <= ${t.price}`,
    ),
    // The release job's scan: only orders still held, by the end of their window.
    index('marketplace_orders_release_idx').on(t.releaseAt).where(sql`${t.status} = 'held'`),
    // A listing sells as many times as its stock allows (the stock update decides); its orders, newest first.
    index('marketplace_orders_listing_idx').on(t.listingId, t.createdAt.desc(), t.id.desc()),
    // One order per key whoever sends it: a key reused by another member or for another listing is refused.
    uniqueIndex('marketplace_orders_idempotency_key').on(t.idempotencyKey),
    // The sweep that unbinds keys older than 24 h reads only orders still holding one.
    index('marketplace_orders_key_age_idx').on(t.createdAt).where(sql`${t.idempotencyKey} is not null`),
    index('marketplace_orders_buyer_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('marketplace_orders_seller_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    // Staff's list of every order, and by status.
    index('marketplace_orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('marketplace_orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Feedback a buyer leaves the seller, once per order (spec §3 marketplace_vouches). */
export const marketplaceVouches = pgTable(
  'marketplace_vouches',
  {
    id: primaryId(),
    orderId: uuid('order_id').references(() => marketplaceOrders.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    fromUserId: memberOrGone('from_user_id'),
    toUserId: belongsTo('to_user_id', () => profiles.id),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    /** Only `counted` and `approved` vouches are in the seller's counters and public feedback. */
    review: text('review', { enum: vouchReviews }).notNull().default('counted'),
    /** Why it was flagged, as counted when it was given: orders between the two, and each one's in all. */
    ringEvidence: jsonb('ring_evidence').$type<{
      pairOrders: number;
      fromOrders: number;
      toOrders: number;
      /** The two signed in from the same address, or the same device and network (issue 36). */
      sharedNetwork?: boolean;
    }>(),
    reviewedBy: memberOrGone('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('marketplace_vouches_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('marketplace_vouches_order_key').on(t.orderId),
    index('marketplace_vouches_to_user_idx').on(t.toUserId, t.createdAt.desc(), t.id.desc()),
    // Staff's review queue (admin reports): flagged vouches by standing, newest first.
    index('marketplace_vouches_review_idx')
      .on(t.review, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.review} <> 'counted'`),
  ],
);

/**
 * The first time each person was shown a sold listing's content link, per order: the buyer on reading it,
 * staff through "Reveal content link" on a disputed order (also audited). Disputes can rely on it.
 * `keysRevealedAt`: the first time the buyer fetched the order's license keys (issue 36), on the same row.
 */
export const listingContentReveals = pgTable(
  'listing_content_reveals',
  {
    id: primaryId(),
    listingId: belongsTo('listing_id', () => marketplaceListings.id),
    orderId: belongsTo('order_id', () => marketplaceOrders.id),
    userId: belongsTo('user_id', () => profiles.id),
    createdAt: createdAt(),
    keysRevealedAt: timestamp('keys_revealed_at', { withTimezone: true }),
  },
  (t) => [
    index('listing_content_reveals_listing_idx').on(t.listingId, t.createdAt),
    uniqueIndex('listing_content_reveals_order_user_key').on(t.orderId, t.userId),
  ],
);

/**
 * Trigger (SQL in server/db/migrations/0018_listing_stock_taken_at_commit.sql): `listing_keys_take_stock`, a
 * deferred constraint trigger, takes the listing's stock at COMMIT, one unit per key a purchase reserved, and
 * fails the commit (SQLSTATE CMK01, `STOCK_NOT_TAKEN`) when the listing no longer sells on the order's terms.
 * Done at commit so that buyers of one key listing queue on its row only for their commit, never across a
 * round trip to the app (decision 021); the purchase statement itself never writes a key listing's row.
 *
 * License keys of a `keys` listing, encrypted at rest (AES-256-GCM, server/security/content-cipher.ts):
 * `ciphertext` is iv.tag.data in base64url; `hash` is a keyed HMAC of the key text, so duplicates are found
 * without decrypting anything. A claimed key keeps its order when its listing is deleted.
 */
export const listingKeys = pgTable(
  'listing_keys',
  {
    id: primaryId(),
    listingId: uuid('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    ciphertext: text('ciphertext').notNull(),
    hash: text('hash').notNull(),
    state: text('state', { enum: keyStates }).notNull().default('available'),
    orderId: uuid('order_id').references(() => marketplaceOrders.id, { onDelete: 'set null' }),
    /** When a purchase claimed it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('listing_keys_state_check', sql.raw(`state in (${keyStates.map((s) => `'${s}'`).join(', ')})`)),
    // A key is never in a listing twice (a withdrawn one may come back).
    uniqueIndex('listing_keys_listing_hash_key')
      .on(t.listingId, t.hash)
      .where(sql`${t.state} <> 'withdrawn'`),
    // The purchase's claim (the listing's available keys, oldest first) and the counts per state. One index
    // for both: with a second one on (listing, state) the planner, short of statistics on a new listing's
    // keys, read every available key through it and sorted them for each claim (32 ms at 8,000 keys).
    index('listing_keys_listing_state_idx').on(t.listingId, t.state, t.createdAt, t.id),
    // The seller's "sold to …" list, newest claim first.
    index('listing_keys_claimed_idx')
      .on(t.listingId, t.claimedAt.desc(), t.id.desc())
      .where(sql`${t.claimedAt} is not null`),
    index('listing_keys_order_idx').on(t.orderId),
  ],
);
