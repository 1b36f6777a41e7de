import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, type Keyset, keyset, newestFirst, type TimeKey } from '../../db/cursor.ts';
import { readStatements } from '../../db/prepared.ts';
import {
  listingContentReveals,
  listingKeys,
  marketplaceListings as listings,
  listingWords,
  marketplaceOrders as orders,
  profiles,
  searchWords,
  userFollowers,
  userRanks,
  userSettings,
  marketplaceVouches as vouches,
} from '../../db/schema/index.ts';
import { firstMatches, indexedWord, likePattern, MAX_INDEXED_WORDS, matching } from '../../db/search.ts';
import { type Executor, namedRows, rows } from '../../db/sql.ts';
import { sellerHooksWanting } from '../hooks/service.ts';
import { insertNotificationsSql, notifyMany } from '../notifications/service.ts';
import { fanOutAfterCommit } from '../realtime/bus.ts';
import { countedVouch } from '../reputation/queries.ts';
import { watchListingsSql } from '../watches/queries.ts';

export type ListingSortKey = 'newest' | 'price_low' | 'price_high';
/** [pinned, createdAt text | price, id] */
export type ListingCursor = [boolean, string | number, string];

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
 * the status column first, and listing_words_*_idx after the word): pinned first, then the chosen key, then
 * id. The price-high indexes are (is_pinned, price, id) read backwards: every key DESC NULLS FIRST.
 */
function sortKeysets(keys: {
  isPinned: SQLWrapper;
  createdAt: SQLWrapper;
  price: SQLWrapper;
  id: SQLWrapper;
}): Record<ListingSortKey, Keyset<ListingCursor>> {
  return {
    newest: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc' },
      { column: keys.createdAt, kind: 'time', dir: 'desc' },
      { column: keys.id, kind: 'uuid', dir: 'desc' },
    ),
    price_low: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc' },
      { column: keys.price, kind: 'int', dir: 'asc' },
      { column: keys.id, kind: 'uuid', dir: 'asc' },
    ),
    price_high: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc', nulls: 'first' },
      { column: keys.price, kind: 'int', dir: 'desc', nulls: 'first' },
      { column: keys.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
    ),
  };
}

export const listingKeysets = sortKeysets(listings);

/* The same sorts over listing_words' copies of the keys, for the word index's walk. */
const wordKeysets = sortKeysets({
  isPinned: listingWords.isPinned,
  createdAt: listingWords.createdAt,
  price: listingWords.price,
  id: listingWords.listingId,
});

/** Which listings a list shows: `all` is active and sold (a suspended listing, banned seller, is never listed). */
function listed(f: Pick<ListingFilter, 'status' | 'type'>): SQL | undefined {
  return and(
    f.status ? eq(listings.status, f.status) : inArray(listings.status, ['active', 'sold']),
    f.type ? eq(listings.type, f.type) : undefined,
  );
}

/**
 * A page without a search: a prepared statement per database and shape (sort, status, type, cursor), the
 * marketplace's most read list. A search stays a statement planned for its words (docs/decisions/025).
 */
const listingPageStatement = readStatements(
  'listing_page',
  (db: Db, f: Pick<ListingFilter, 'status' | 'type' | 'sort'>, after: SQL | undefined) =>
    selectListings(db)
      .where(and(listed(f), after))
      .orderBy(...listingKeysets[f.sort].orderBy)
      .limit(sql.placeholder('limit')),
);

/**
 * A search page: the SQL is built once per shape like the browse page's, with the words a placeholder, but
 * sent unnamed, so PostgreSQL plans each search for its own words (decision 013: a common word walks the sort
 * index, a rare one reads the trigram indexes).
 */
const listingSearchStatement = readStatements(
  'listing_search',
  (db: Db, f: Pick<ListingFilter, 'status' | 'type' | 'sort'>, after: SQL | undefined) =>
    searchPage(db, f, after),
  { planEachCall: true },
);

/**
 * A search page's query: the text branch from the word index (`words`, with its walk's cursor condition) or
 * from the trigram engine, then the seller branch; the page read by primary key from their ids.
 */
function searchPage(
  db: Db,
  f: Pick<ListingFilter, 'status' | 'type' | 'sort'>,
  after: SQL | undefined,
  words?: { after: SQL | undefined },
) {
  const order = listingKeysets[f.sort];
  const where = and(listed(f), after);
  const pattern = sql.placeholder('pattern');
  const limit = sql.placeholder('limit');
  const text = matching(pattern, listings.title, listings.description);
  const textIds =
    words &&
    listingWordIds({
      words: sql.placeholder('words'),
      sort: f.sort,
      after: words.after,
      check: and(listed(f), text),
      limit,
    });
  return selectListings(db)
    .where(
      and(
        where,
        firstMatches({
          table: listings,
          id: listings.id,
          where,
          text,
          textIds,
          pattern,
          memberColumn: listings.userId,
          orderBy: order.orderBy,
          limit,
        }),
      ),
    )
    .orderBy(...order.orderBy)
    .limit(limit);
}

/**
 * The indexed words containing a search's word (`%word%`), one more than a search reads through. Planned for
 * its words: a generic plan, knowing neither the pattern nor that the limit is small, scanned every word.
 */
const wordsContaining = readStatements(
  'listing_words_containing',
  (db: Db) =>
    db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} like ${sql.placeholder('pattern')}`)
      .limit(MAX_INDEXED_WORDS + 1),
  { planEachCall: true },
);

/**
 * The indexed words a search of `q` walks (decision 031), or undefined when the word index cannot answer
 * it: `q` is not 3 to 32 letters and digits, or more words than a search walks contain it.
 */
export async function listingWordsContaining(db: Db, q: string): Promise<string[] | undefined> {
  const word = indexedWord(q);
  if (!word) return undefined;
  const found = await wordsContaining(db, '').execute({ pattern: `%${word}%` });
  return found.length > MAX_INDEXED_WORDS ? undefined : found.map((w) => w.word);
}

/**
 * The ids of listings holding one of `words` (a text[] placeholder): each word's listings walked in `sort`'s
 * order (listing_words_*_idx) from `after`, each checked by `check` (a condition on the listing row) until
 * `limit` pass. The check is a scalar subquery so that it stays a per-row filter on the ordered walk: as a
 * join the planner may read every listing of the word before sorting.
 */
export function listingWordIds(opts: {
  words: SQLWrapper;
  sort: ListingSortKey;
  after: SQL | undefined;
  check: SQL | undefined;
  limit: SQLWrapper | number;
}): SQL {
  const checked = sql`(select ${opts.check} from ${listings} where ${listings.id} = ${listingWords.listingId})`;
  return sql`select ${listingWords.listingId}
    from unnest(${opts.words}::text[]) as found(word) cross join lateral (
      select ${listingWords.listingId} from ${listingWords}
      where ${and(sql`${listingWords.word} = found.word`, opts.after, checked)}
      order by ${sql.join(wordKeysets[opts.sort].orderBy, sql`, `)} limit ${opts.limit}
    ) as ${listingWords}`;
}

/**
 * A search page through the word index (decision 031): for each word containing the search's word, that
 * word's listings in the list's order, each checked on its own row (shown in this list, title or description
 * containing the text) until a page is found; then the seller branch as in any search. Its cost follows the
 * page and the words, never how many listings match, so it keeps a generic plan.
 */
const listingWordSearchStatement = readStatements(
  'listing_word_search',
  (
    db: Db,
    f: Pick<ListingFilter, 'status' | 'type' | 'sort'>,
    after: SQL | undefined,
    wordAfter: SQL | undefined,
  ) => searchPage(db, f, after, { after: wordAfter }),
);

/**
 * One page: pinned first, then the chosen sort; one statement whatever the page size. The search is the
 * shared engine's (server/db/search.ts): title, description or seller, as conditions on the listing row.
 */
export async function listListings(db: Db, f: ListingFilter) {
  const order = listingKeysets[f.sort];
  const from = order.afterPrepared(f.after);
  const shape = `${f.sort}_${f.status ?? 'all'}_${f.type ?? 'any'}${from.shape ? `_${from.shape}` : ''}`;
  const values = { limit: order.limit(f.limit), ...from.values };
  if (!f.q) return listingPageStatement(db, shape, f, from.condition).execute(values);
  const words = await listingWordsContaining(db, f.q);
  if (words) {
    // The same cursor over the word rows' copies of the keys: its placeholders are named as the listing's
    // (after0…), with the same values, so one shape names both conditions.
    const wordFrom = wordKeysets[f.sort].afterPrepared(f.after);
    return listingWordSearchStatement(db, shape, f, from.condition, wordFrom.condition).execute({
      ...values,
      ...wordFrom.values,
      pattern: likePattern(f.q),
      words,
    });
  }
  return listingSearchStatement(db, shape, f, from.condition).execute({
    ...values,
    pattern: likePattern(f.q),
  });
}

export type ListingWithPeople = Awaited<ReturnType<typeof listListings>>[number];

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
 * The purchase's first statement: locks the buyer's profile row (every purchase and payout takes member locks
 * before anything else, so none deadlock) and reads the listing; the listing columns are null when there is
 * no such listing. The sale changes no column of the seller's row (escrow holds the credits; the order's
 * foreign key takes a key-share lock), so the seller is not locked: purchases from one seller, such as
 * buyers of one key listing, wait on each other only from the listing's update on, not from here.
 */
export async function lockForPurchase(tx: Tx, listingId: string, buyerId: string) {
  const found = await namedRows<{
    member: string;
    seller_id: string | null;
    price: number | null;
    status: string | null;
    delivery_kind: 'link' | 'keys' | null;
    sale_hooks: string[] | null;
  }>(
    tx,
    'lock_for_purchase',
    sql`select p.id as member, l.user_id as seller_id, l.price, l.status, l.delivery_kind,
        ${sellerHooksWanting(sql`l.user_id`, 'sale')} as sale_hooks
      from ${profiles} p left join ${listings} l on l.id = ${listingId}
      where p.id = ${buyerId}
      for no key update of p`,
  );
  const listing = found[0]?.seller_id ? found[0] : undefined;
  return listing
    ? {
        sellerId: listing.seller_id!,
        price: Number(listing.price),
        status: listing.status!,
        deliveryKind: listing.delivery_kind!,
        /** The seller's webhooks that take sales (modules/hooks), read with the lock. */
        saleHooks: listing.sale_hooks ?? [],
      }
    : undefined;
}

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
    hold: SQL;
    keyed: boolean;
  },
) {
  const picked = input.keyed
    ? sql`picked as (
        select k.id from ${listingKeys} k
        where k.listing_id = ${input.listingId}::uuid and k.state = 'available'
        order by k.created_at, k.id
        for update skip locked
        limit ${input.units}::int),`
    : sql``;
  // Named: planning this statement cost a quarter of its run (issue 13); its text is one of two (keyed or not).
  const [row] = await namedRows<
    PurchasedOrder & { sold: boolean; active_price: number | null; active_stock: number | null }
  >(
    tx,
    'purchase',
    sql`with ${picked} sold as (${
      input.keyed
        ? sql`select id, user_id, price * ${input.units}::int as price, title, content_link, delivery_kind,
            stock - ${input.units}::int as stock, low_stock_threshold, ${description(input.units)} as description
          from ${listings}
          where id = ${input.listingId}::uuid and status = 'active' and user_id <> ${input.buyerId}::uuid
            and price = ${input.expectedPrice}::int and (select count(*) from picked) = ${input.units}::int`
        : sql`update ${listings} set stock = stock - ${input.units}::int,
            status = case when stock = ${input.units}::int then 'sold' else status end,
            sold_to = case when stock = ${input.units}::int then ${input.buyerId}::uuid else sold_to end,
            sold_at = case when stock = ${input.units}::int then now() else sold_at end
          where id = ${input.listingId}::uuid and status = 'active' and user_id <> ${input.buyerId}::uuid
            and price = ${input.expectedPrice}::int and stock >= ${input.units}::int
          returning id, user_id, price * ${input.units}::int as price, title, content_link, delivery_kind,
            low_stock_threshold, ${description(input.units)} as description`
    }),
      ${input.hold},
      ord as (
        insert into ${orders} (id, listing_id, listing_title, buyer_id, seller_id, price, units, fee, status, release_at, idempotency_key)
        select ${input.orderId}::uuid, s.id, s.title, ${input.buyerId}::uuid, s.user_id, s.price, ${input.units}::int, ${input.fee}::bigint,
          'held', now() + make_interval(hours => ${input.protectionHours}::int), ${input.idempotencyKey}::text
        from sold s join debit on true
        returning id, listing_id, listing_title, seller_id, price, units, fee, release_at, created_at),
      claimed as (${
        input.keyed
          ? sql`update ${listingKeys} set state = 'reserved', order_id = o.id, claimed_at = now()
              from ord o where ${listingKeys.id} in (select id from picked) returning 1`
          : sql`select 1 where false`
      }),
      note as (${insertNotificationsSql(
        sql`select o.seller_id as user_id,
          ${input.buyerName}::text || ' bought ' || o.listing_title || '. The credits are held in escrow until the buyer confirms delivery.' as content,
          jsonb_build_object('listingId', o.listing_id, 'orderId', o.id) as data
        from ord o`,
        'order_new',
        'Listing sold',
        input.notificationId,
      )}),
      live as (${fanOutAfterCommit(sql`note`, 'notification')}),
      -- A buyer watches what they bought: detection alerts, and the dispute offer inside the window.
      watched as (${watchListingsSql(sql`select o.listing_id, ${input.buyerId}::uuid as user_id from ord o`)}),
      -- The answer hands the buyer the content link: their first reveal, recorded for disputes.
      revealed as (
        insert into ${listingContentReveals} (listing_id, order_id, user_id)
        select o.listing_id, o.id, ${input.buyerId}::uuid from ord o
        returning id)
    select exists (select 1 from sold) as sold, o.id, o.listing_id, o.listing_title, o.seller_id,
      seller.username as seller_username, o.price::float8 as price, o.units, o.fee::float8 as fee,
      s.delivery_kind, s.low_stock_threshold,
      to_json(o.release_at) #>> '{}' as release_at, to_json(o.created_at) #>> '{}' as created_at,
      s.content_link, (select count(*) from hold_legs) + (select count(*) from live) + (select count(*) from revealed) + (select count(*) from claimed) + (select count(*) from watched) as written,
      (select l.price from ${listings} l where l.id = ${input.listingId}::uuid and l.status = 'active') as active_price,
      (select l.stock from ${listings} l where l.id = ${input.listingId}::uuid and l.status = 'active') as active_stock
    from (select 1) one
      left join ord o on true
      left join sold s on true
      left join ${profiles} seller on seller.id = o.seller_id`,
  );
  // When nothing was bought: the price of the listing if it is still on sale (an edit committed between the
  // two statements shows here), so the caller can tell a changed price from a sold listing or no credits.
  return { order: row?.id ? (row as PurchasedOrder) : undefined, ...activeTerms(row) };
}

const description = (units: number) =>
  sql`'Purchase of "' || title || '"' || case when ${units}::int > 1 then ' (' || ${units}::int || ' units)' else '' end`;

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

/** A buyer's latest order of a listing (a listing with stock sells many times). */
export async function findBuyerOrder(db: Executor, listingId: string, buyerId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.listingId, listingId), eq(orders.buyerId, buyerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export async function hasFeedback(db: Executor, orderId: string) {
  const [row] = await db.select({ id: vouches.id }).from(vouches).where(eq(vouches.orderId, orderId));
  return Boolean(row);
}

/** Records the first reveal of an order's content link to a person; true only that first time. */
export async function logReveal(
  db: Executor,
  values: { listingId: string; orderId: string; userId: string },
) {
  const rows = await db
    .insert(listingContentReveals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: listingContentReveals.id });
  return rows.length > 0;
}

/**
 * Records the buyer's first fetch of an order's license keys on their reveal row (made now if the content
 * link was never shown to them), as a content link's first reveal is: the time stays the first fetch's.
 */
export async function logKeysReveal(
  db: Executor,
  values: { listingId: string; orderId: string; userId: string },
) {
  await db
    .insert(listingContentReveals)
    .values({ ...values, keysRevealedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [listingContentReveals.orderId, listingContentReveals.userId],
      set: { keysRevealedAt: sql`now()` },
      setWhere: sql`${listingContentReveals.keysRevealedAt} is null`,
    });
}

/** A member's feedback, newest first: marketplace_vouches_to_user_idx. */
export const feedbackKeyset = newestFirst(vouches.createdAt, vouches.id);

/** A seller's counted feedback, and the viewer's own vouch while it awaits review (shown to them only). */
export async function listFeedback(
  db: Db,
  userId: string,
  viewerId: string | null,
  after: TimeKey | undefined,
  limit: number,
) {
  const shown = viewerId
    ? or(countedVouch, and(eq(vouches.fromUserId, viewerId), eq(vouches.review, 'pending')))
    : countedVouch;
  return db
    .select({
      row: vouches,
      createdAtKey: asKeyText(vouches.createdAt),
      authorUsername: profiles.username,
    })
    .from(vouches)
    .leftJoin(profiles, eq(profiles.id, vouches.fromUserId))
    .where(and(eq(vouches.toUserId, userId), shown, feedbackKeyset.after(after)))
    .orderBy(...feedbackKeyset.orderBy)
    .limit(feedbackKeyset.limit(limit));
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
    sql`select f.follower_id as user_id, ${`${sellerName} listed ${listing.title}`}::text as content,
        ${JSON.stringify({ listingId: listing.id })}::jsonb as data
      from ${userFollowers} f left join ${userSettings} s on s.user_id = f.follower_id
      where f.following_id = ${sellerId}::uuid and coalesce(s.marketplace_updates, true)`,
    'marketplace_new',
    'New listing',
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
