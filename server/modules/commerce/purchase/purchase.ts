import { randomUUID } from 'node:crypto';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import type { OrderDetail } from '../../../../contract/orders.ts';
import type { Db } from '../../../db/client.ts';
import { hasSqlState, isUniqueViolation } from '../../../db/sql.ts';
import { isoTimestamp } from '../../../db/timestamp-text.ts';
import { AppError, orNotFound } from '../../../plugins/errors.ts';
import { enqueue, notificationMailStart } from '../../../plugins/queue.ts';
import type { Viewer } from '../../../plugins/viewer.ts';
import {
  abilities,
  authorize,
  isSelf,
  listing as listingSubject,
  order as orderSubject,
} from '../../../policy.ts';
import { deliverTo } from '../../hooks/service.ts';
import { feeFor } from '../../wallet/service.ts';
import { getOrder } from '../orders/service.ts';
import { warnIfLowStock } from '../stock/service.ts';
import * as q from './queries.ts';

/**
 * A purchase, top to bottom, in one transaction:
 * 1. lock: the buyer's member row, with the listing and the sale terms read (`lockForPurchase`), and the rule
 *    that they may buy it;
 * 2. debit, 3. order, 4. notify: ONE statement (`purchase`, ./queries.ts) sells the listing at the price
 *    the buyer saw, debits the buyer into escrow (wallet's `holdPaymentCtes`), writes the order `held` with
 *    price, fee and the end of the buyer-protection window, makes the buyer a watcher, and notifies the
 *    seller (live after commit, their mail job queued just before); then the seller's sale webhooks.
 * The seller is paid later (../orders/service.ts). An Idempotency-Key is bound to its buyer and listing for
 * 24 h: a replay answers the first order, a reuse by someone else or for another listing 422.
 */
export async function purchaseListing(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { expectedPrice: number; units?: number },
  idempotencyKey?: string,
): Promise<{ order: OrderDetail; replayed: boolean }> {
  const key = idempotencyKey ?? null;
  if (key) {
    const previous = await replayFor(db, viewer, id, key);
    if (previous) return previous;
  }
  const orderId = randomUUID();
  const units = body.units ?? 1;
  let row: q.PurchasedOrder;
  try {
    row = await db.transaction(async (tx) => {
      // 1. Lock: the buyer's member row first (every money path does), with the listing read.
      const listing = orNotFound(await q.lockForPurchase(tx, id, viewer.id), m.notFound);
      authorize(viewer, 'buy', listingSubject(listing));
      if (listing.status === 'active' && listing.price !== body.expectedPrice)
        throw priceChanged(listing.price);
      const { feePercent, protectionHours } = listing.terms;
      // The seller's mail job goes before the sale, which locks the listing's row until the commit.
      const notificationId = randomUUID();
      await enqueue(
        tx,
        'notification-mail',
        { notificationId },
        notificationMailStart(listing.sellerHasPush),
      );
      // 2.–4. Debit, order, notify: the sale is one statement (./queries.ts), all or nothing.
      const bought = await q.purchase(tx, {
        listingId: id,
        buyerId: viewer.id,
        expectedPrice: body.expectedPrice,
        units,
        orderId,
        notificationId,
        buyerName: viewer.username,
        // One fee on the total, as for a single item of that price.
        fee: feeFor(body.expectedPrice * units, feePercent),
        protectionHours,
        idempotencyKey: key,
        keyed: listing.deliveryKind === 'keys',
      });
      if (!bought.order) refuse(bought, body.expectedPrice, units);
      const sold = bought.order;
      // And the seller's sale webhooks, queued in the same transaction.
      await deliverTo(tx, listing.saleHooks, 'sale', {
        title: 'Listing sold',
        text: `${viewer.username} bought ${sold.listing_title}${sold.units > 1 ? ` (${sold.units} units)` : ''} for ${sold.price} credits.`,
        path: '/seller',
      });
      return sold;
    });
  } catch (err) {
    if (key) {
      // A concurrent request with the same key may have won (it sold the listing, or took the key first):
      // answer as a replay would.
      const previous = await replayFor(db, viewer, id, key);
      if (previous) return previous;
    }
    if (err instanceof PurchaseRefused || isUniqueViolation(err))
      throw new AppError('CONFLICT', m.purchaseFailed);
    // The commit re-checked a key listing under its row lock and found it changed: say what changed.
    if (hasSqlState(err, q.STOCK_NOT_TAKEN))
      throw (
        refusal(await q.findActiveTerms(db, id), body.expectedPrice, units) ??
        new AppError('CONFLICT', m.purchaseFailed)
      );
    throw err;
  }
  // After the commit, where a key listing's stock is taken: the warning reads the stock as it now is.
  if (row.low_stock_threshold !== null) await warnIfLowStock(db, id);
  return { order: purchasedOrder(row, viewer), replayed: false };
}

/**
 * Why nothing was bought, when the listing's terms say: its price changed, or it has fewer units left than
 * asked. Otherwise it was sold meanwhile, its keys are being claimed, or credits were short (undefined).
 */
function refusal(
  terms: { activePrice: number | null; activeStock: number | null },
  expectedPrice: number,
  units: number,
): AppError | undefined {
  if (terms.activePrice !== null && terms.activePrice !== expectedPrice)
    return priceChanged(terms.activePrice);
  if (terms.activeStock !== null && terms.activeStock < units)
    return new AppError('CONFLICT', st.notEnoughStock(terms.activeStock), {
      units: st.notEnoughStock(terms.activeStock),
    });
  return undefined;
}

/** Nothing was bought: the caller's transaction rolls back with the reason, or as a refused purchase. */
function refuse(
  terms: { activePrice: number | null; activeStock: number | null },
  expectedPrice: number,
  units: number,
): never {
  throw refusal(terms, expectedPrice, units) ?? new PurchaseRefused();
}

const priceChanged = (price: number) =>
  new AppError('CONFLICT', m.priceChanged(price), { expectedPrice: m.priceChanged(price) });

/** The first order of a bound key (same buyer, same listing), a 422 for any other use, or nothing. */
async function replayFor(db: Db, viewer: Viewer, listingId: string, key: string) {
  const previous = await q.findOrderByKey(db, key);
  if (!previous) return undefined;
  if (!previous.fresh) {
    // Expired (the sweep had not pruned it yet): unbind it, and this request is a new purchase.
    await q.expireIdempotencyKeys(db, key);
    return undefined;
  }
  if (!isSelf(viewer, previous.buyerId) || previous.listingId !== listingId)
    throw new AppError('UNPROCESSABLE', m.idempotencyKeyReused);
  return { order: await getOrder(db, viewer, previous.id), replayed: true };
}

/** The response from what the purchase statement returned: no read after the commit. */
function purchasedOrder(r: q.PurchasedOrder, viewer: Viewer): OrderDetail {
  return {
    id: r.id,
    listingId: r.listing_id,
    listingTitle: r.listing_title,
    price: Number(r.price),
    units: Number(r.units),
    fee: Number(r.fee),
    status: 'held',
    role: 'buyer',
    buyer: { id: viewer.id, username: viewer.username },
    seller: { id: r.seller_id, username: r.seller_username },
    releaseAt: isoTimestamp(r.release_at),
    disputeReason: null,
    disputedAt: null,
    ticketId: null,
    settledAt: null,
    refundedAmount: 0,
    sellerPayout: 0,
    settlementNote: null,
    createdAt: isoTimestamp(r.created_at),
    contentLink: r.content_link,
    // A purchase is refused while the seller is banned, so a fresh order never waits for staff.
    abilities: abilities(
      viewer,
      orderSubject({ buyerId: viewer.id, sellerId: r.seller_id, status: 'held', sellerBanned: false }),
      ['settle'],
    ),
  };
}

class PurchaseRefused extends Error {}
