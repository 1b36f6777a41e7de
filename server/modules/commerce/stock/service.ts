import { listingLimits } from '../../../../contract/marketplace.ts';
import {
  marketplaceMessages as m,
  orderMessages as om,
  stockMessages as st,
} from '../../../../contract/messages.ts';
import {
  type ClaimedKey,
  claimedKeysPageSize,
  type KeysChanged,
  type ListingKeysPage,
  type OrderKeys,
} from '../../../../contract/stock.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { inLocale } from '../../../i18n.ts';
import { AppError, orNotFound } from '../../../plugins/errors.ts';
import type { Viewer } from '../../../plugins/viewer.ts';
import { authorize, listing as listingSubject, order } from '../../../policy.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import { auditOthers } from '../../audit/service.ts';
import { announce } from '../../hooks/service.ts';
import { notify } from '../../notifications/service.ts';
import { findListingRow } from '../listings/queries/detail.ts';
import { logKeysReveal } from '../listings/queries/reveals.ts';
import { findOrder } from '../orders/queries.ts';
import * as q from './queries.ts';

/*
 * Stock and license keys (issue 18). A key listing's stock is its available keys, kept in the listing row
 * and moved with the keys under its row lock; the purchase claims keys in its own transaction
 * (marketplace service), and the database takes the stock at its commit (migration 0018). The seller sees
 * counts and who holds each claimed key, never the keys; the buyer sees their order's keys; staff see a
 * disputed order's keys through the logged reveal (orders service).
 */

/** "3, 7, 12" (the first 20, then how many more): the lines a refusal points at. */
function lineList(lines: number[]) {
  const shown = lines.slice(0, 20).join(', ');
  return lines.length > 20 ? `${shown} and ${lines.length - 20} more` : shown;
}

/**
 * Characters a buyer cannot see or that reorder what they see: controls, bidirectional overrides and
 * isolates, zero-width spaces and joiners, the BOM. A key holding one would look like another key (or like
 * nothing) on the buyer's screen while copying differently.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD]/u;

const refuse = (message: string) => new AppError('VALIDATION', message, { keys: message });

/**
 * One key per line. A trailing newline (as files end) is not a blank line; any other empty line, a line
 * over the length limit, or a repeat of an earlier line is refused with its line numbers.
 */
export function parseKeyLines(text: string) {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const keys = lines.map((raw, i) => ({ line: i + 1, text: raw.trim() }));
  if (keys.length === 1 && keys[0]!.text === '') throw refuse(st.keysRequired);
  if (keys.length > listingLimits.keys.max) throw refuse(st.keysTooMany);
  const blank = keys.filter((k) => k.text === '').map((k) => k.line);
  if (blank.length) throw refuse(st.keysBlank(lineList(blank)));
  const long = keys.filter((k) => k.text.length > listingLimits.keys.length).map((k) => k.line);
  if (long.length) throw refuse(st.keysTooLong(lineList(long)));
  const hidden = keys.filter((k) => HIDDEN_CHARACTERS.test(k.text)).map((k) => k.line);
  if (hidden.length) throw refuse(st.keysHiddenCharacters(lineList(hidden)));
  const seen = new Set<string>();
  const repeated: number[] = [];
  for (const k of keys) {
    if (seen.has(k.text)) repeated.push(k.line);
    seen.add(k.text);
  }
  if (repeated.length) throw refuse(st.keysDuplicate(lineList(repeated)));
  return keys;
}

/**
 * Encrypts and adds keys to a locked key listing, refusing any already in it (by their keyed hash, with
 * line numbers) and any upload that would take the stock past 10,000. Answers the new stock.
 */
export async function addKeys(
  tx: Tx,
  cipher: ContentCipher,
  listing: { id: string; stock: number },
  text: string,
) {
  const keys = parseKeyLines(text).map((k) => ({ ...k, hash: cipher.hash(k.text) }));
  if (listing.stock + keys.length > listingLimits.stock.max) throw refuse(st.keysOverCapacity);
  const present = await q.existingHashes(
    tx,
    listing.id,
    keys.map((k) => k.hash),
  );
  const listed = keys.filter((k) => present.has(k.hash)).map((k) => k.line);
  if (listed.length) throw refuse(st.keysAlreadyListed(lineList(listed)));
  return {
    added: keys.length,
    stock: await q.insertKeys(
      tx,
      listing.id,
      keys.map((k) => ({ ciphertext: cipher.encrypt(k.text), hash: k.hash })),
    ),
  };
}

/** The listing, locked, for its seller (or staff); not a suspended one. */
async function lockOwned(tx: Tx, viewer: Viewer, id: string) {
  const row = orNotFound(await q.lockListing(tx, id), m.notFound);
  authorize(viewer, 'manageStock', listingSubject({ sellerId: row.userId, status: row.status }));
  return row;
}

async function lockKeyListing(tx: Tx, viewer: Viewer, id: string) {
  const row = await lockOwned(tx, viewer, id);
  if (row.deliveryKind !== 'keys') throw new AppError('CONFLICT', st.keysOnlyForKeyListings);
  return row;
}

export async function uploadKeys(
  db: Db,
  cipher: ContentCipher,
  viewer: Viewer,
  id: string,
  text: string,
): Promise<KeysChanged> {
  // The listing's row lock orders concurrent uploads, so the hash check sees every key already in it.
  return db.transaction(async (tx) => {
    const listing = await lockKeyListing(tx, viewer, id);
    // Keys are what a buyer pays for: only the seller adds them, never staff on the seller's behalf.
    authorize(viewer, 'uploadKeys', listingSubject({ sellerId: listing.userId, status: listing.status }));
    const { added, stock } = await addKeys(tx, cipher, listing, text);
    return { changed: added, stock, counts: await q.keyCounts(tx, id) };
  });
}

export async function withdrawKeys(db: Db, viewer: Viewer, id: string): Promise<KeysChanged> {
  return db.transaction(async (tx) => {
    const listing = await lockKeyListing(tx, viewer, id);
    const { withdrawn, stock } = await q.withdrawKeys(tx, id);
    await auditOthers(tx, viewer, listing.userId, {
      action: 'listing.keys_withdraw',
      targetType: 'listing',
      targetId: id,
      after: { withdrawn, stock },
    });
    return { changed: withdrawn, stock, counts: await q.keyCounts(tx, id) };
  });
}

/** A link listing's stock (restock) and either kind's low-stock warning. */
export async function setStock(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { stock?: number; lowStockThreshold?: number | null },
) {
  return db.transaction(async (tx) => {
    const listing = await lockOwned(tx, viewer, id);
    if (body.stock !== undefined && listing.deliveryKind === 'keys')
      throw new AppError('CONFLICT', st.stockOfKeys, { stock: st.stockOfKeys });
    const after = await q.updateStock(tx, id, body);
    await auditOthers(tx, viewer, listing.userId, {
      action: 'listing.stock',
      targetType: 'listing',
      targetId: id,
      before: { stock: listing.stock, lowStockThreshold: listing.lowStockThreshold },
      after: body,
    });
    return after;
  });
}

/** Counts and "sold to …" per claimed key, for the seller and staff; never a key's text. */
export async function listingKeys(
  db: Db,
  viewer: Viewer,
  id: string,
  query: { cursor?: string },
): Promise<ListingKeysPage> {
  const after = q.claimedKeyset.decode(query.cursor);
  const listing = orNotFound(await findListingRow(db, id), m.notFound);
  authorize(viewer, 'seeKeys', listingSubject({ sellerId: listing.userId, status: listing.status }));
  const [counts, found] = await Promise.all([
    q.keyCounts(db, id),
    q.listClaimedKeys(db, id, after, claimedKeysPageSize),
  ]);
  return {
    counts,
    stock: listing.stock,
    lowStockThreshold: listing.lowStockThreshold,
    ...q.claimedKeyset.page(
      found,
      claimedKeysPageSize,
      (r) => [r.claimedAtKey, r.id],
      (r): ClaimedKey => ({
        id: r.id,
        state: r.state as ClaimedKey['state'],
        orderId: r.orderId,
        buyer: r.buyerId && r.buyerUsername ? { id: r.buyerId, username: r.buyerUsername } : null,
        claimedAt: r.claimedAt!.toISOString(),
      }),
    ),
  };
}

/** The buyer's keys of their order; its seller and staff are refused (staff reveal a disputed order's). */
export async function orderKeysForBuyer(
  db: Db,
  cipher: ContentCipher,
  viewer: Viewer,
  orderId: string,
): Promise<OrderKeys> {
  const found = await findOrder(db, orderId);
  const o = found?.row;
  if (!o) throw new AppError('NOT_FOUND', om.notFound);
  authorize(viewer, 'readKeys', order({ ...o, sellerBanned: found.sellerBanned }));
  const keys = await q.orderKeys(db, orderId, ['reserved', 'sold']);
  // The buyer's first sight of the keys is recorded like a content link's reveal (disputes rely on it).
  if (keys.length && o.listingId)
    await logKeysReveal(db, { listingId: o.listingId, orderId, userId: viewer.id });
  return { keys: keys.map((k) => ({ id: k.id, key: cipher.decrypt(k.ciphertext) })) };
}

/** Every key an order was given, whatever became of it: for staff's logged reveal of a disputed order. */
export async function revealOrderKeys(db: Db, cipher: ContentCipher, orderId: string) {
  const keys = await q.orderKeys(db, orderId, ['reserved', 'sold', 'burned']);
  return keys.map((k) => cipher.decrypt(k.ciphertext));
}

/**
 * After a sale: the seller hears once that the stock is under their warning, until a restock or a new
 * warning clears the mark. Read from the stock as committed (a key listing's is taken at the commit), so
 * buyers racing each other warn once between them; the common case, above the warning, is one read.
 */
export async function warnIfLowStock(db: Db, listingId: string) {
  if (!(await q.isUnwarnedLowStock(db, listingId))) return;
  await db.transaction(async (tx) => {
    const low = await q.markLowStockWarned(tx, listingId);
    if (!low) return;
    await notify(tx, {
      userId: low.userId,
      type: 'stock_low',
      title: st.lowStockTitle,
      content: (l) => inLocale(l, st).lowStock(low.title, low.stock),
      data: { listingId },
    });
    await announce(tx, { sellerId: low.userId }, 'low_stock', {
      title: st.lowStockTitle,
      text: st.lowStock(low.title, low.stock),
      path: '/seller',
    });
  });
}
