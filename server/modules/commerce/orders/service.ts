import { gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderMessages as m } from '../../../../contract/messages.ts';
import {
  type Order,
  type OrderDetail,
  type OrderPage,
  type OrderStatus,
  orderPageSize,
  type SettleBody,
  type settleBody,
} from '../../../../contract/orders.ts';
import { notices as n } from '../../../../contract/texts/notices.ts';
import { ticketLimits } from '../../../../contract/tickets.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { rowTimeKey, type TimeKey, unlessAll } from '../../../db/cursor.ts';
import { marketplaceOrders } from '../../../db/schema/index.ts';
import { inLocale } from '../../../i18n.ts';
import { AppError, orNotFound } from '../../../plugins/errors.ts';
import type { Viewer } from '../../../plugins/viewer.ts';
import {
  abilities,
  authorize,
  can,
  canModerate,
  ensure,
  type ListingSubject,
  order,
  orderRole,
} from '../../../policy.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import { audit } from '../../audit/service.ts';
import { announce } from '../../hooks/service.ts';
import { type NotifyInput, notify } from '../../notifications/service.ts';
import { closeDisputeTicket, openDisputeTicket } from '../../tickets/queries.ts';
import { refreshTrustLevel } from '../../trust/service.ts';
import { AccountLimitError, settleEscrow } from '../../wallet/service.ts';
import { logReveal } from '../listings/queries/reveals.ts';
import { expireIdempotencyKeys } from '../purchase/queries.ts';
import { settleOrderKeys } from '../stock/queries.ts';
import { revealOrderKeys } from '../stock/service.ts';
import * as q from './queries.ts';

/*
 * Buyer protection. A purchase leaves the price in escrow and the order `held` until the buyer confirms
 * delivery or the window ends (the release job); during the window the buyer may dispute, and staff then
 * refund, release or split. Every change of state is one conditional update (q.transition) in the same
 * transaction as its money movement, so no order is ever paid out twice, whoever races whom.
 */

type SettleInput = z.output<typeof settleBody>;

/** Tells a party of the order, unless their account is gone (the order keeps a null id then). */
async function tellParty(tx: Tx, userId: string | null, notice: Omit<NotifyInput, 'userId'>) {
  if (userId) await notify(tx, { userId, ...notice });
}

function toOrder(r: q.OrderWithPeople, viewer: Viewer | null): Order {
  const o = r.row;
  const role = orderRole(viewer, o);
  return {
    id: o.id,
    listingId: o.listingId,
    listingTitle: o.listingTitle,
    price: o.price,
    units: o.units,
    fee: o.fee,
    status: o.status,
    role,
    buyer: o.buyerId && r.buyerUsername ? { id: o.buyerId, username: r.buyerUsername } : null,
    seller: o.sellerId && r.sellerUsername ? { id: o.sellerId, username: r.sellerUsername } : null,
    releaseAt: o.releaseAt.toISOString(),
    disputeReason: o.disputeReason,
    disputedAt: o.disputedAt?.toISOString() ?? null,
    ticketId: r.ticketId,
    settledAt: o.settledAt?.toISOString() ?? null,
    refundedAmount: o.refundedAmount,
    sellerPayout: o.sellerPayout,
    settlementNote: o.settlementNote,
    createdAt: o.createdAt.toISOString(),
    abilities: abilities(viewer, order({ ...o, sellerBanned: r.sellerBanned }), ['settle']),
  };
}

/** The order for an action of its rule (server/policy/order.ts); a missing one is the rule's own 404. */
async function loadFor(db: Db, viewer: Viewer, id: string, action: 'view' | 'confirm' | 'dispute') {
  const found = orNotFound(await q.findOrder(db, id), m.notFound);
  authorize(viewer, action, order({ ...found.row, sellerBanned: found.sellerBanned }));
  return found;
}

/** The content link goes to the two parties only; staff use revealContentLink on a disputed order. */
export async function getOrder(db: Db, viewer: Viewer, id: string): Promise<OrderDetail> {
  const found = await loadFor(db, viewer, id, 'view');
  const listingId = found.row.listingId;
  const subject = order({ ...found.row, sellerBanned: found.sellerBanned });
  const contentLink =
    listingId && can(viewer, 'seeContent', subject) ? await q.findContentLink(db, listingId) : null;
  // The buyer's first sight of the link is recorded, once per order (disputes can rely on it).
  if (contentLink && listingId && orderRole(viewer, subject) === 'buyer')
    await logReveal(db, { listingId, orderId: id, userId: viewer.id });
  return { ...toOrder(found, viewer), contentLink };
}

/**
 * Staff see what was sold only when a dispute needs it: on a disputed order, through this explicit action.
 * The first reveal to each staff member is recorded and audited (who, when, which order) in one
 * transaction; a repeat answers the link again without a second entry.
 */
export async function revealContentLink(db: Db, cipher: ContentCipher, viewer: Viewer, id: string) {
  ensure(canModerate(viewer), m.onlyStaffReveal);
  const found = orNotFound(await q.findOrder(db, id), m.notFound);
  const o = found.row;
  if (o.status !== 'disputed') throw new AppError('CONFLICT', m.revealOnlyDisputed);
  const contentLink = o.listingId ? await q.findContentLink(db, o.listingId) : null;
  if (!contentLink || !o.listingId) throw new AppError('NOT_FOUND', m.contentGone);
  const listingId = o.listingId;
  await db.transaction(async (tx) => {
    if (!(await logReveal(tx, { listingId, orderId: o.id, userId: viewer.id }))) return;
    await audit(tx, viewer, {
      action: 'order.reveal_content',
      targetType: 'order',
      targetId: o.id,
      after: { listingId, listingTitle: o.listingTitle },
    });
  });
  return { contentLink, keys: await revealOrderKeys(db, cipher, o.id) };
}

/**
 * For the listing page: the caller's own latest order of the listing as its buyer; for its seller and staff,
 * the latest order; for anyone else null.
 */
export async function orderForListing(
  db: Db,
  viewer: Viewer | null,
  listingId: string,
  listing: ListingSubject,
) {
  if (!viewer) return null;
  const own = await q.findOrderForListing(db, listingId, viewer.id);
  if (own) return toOrder(own, viewer);
  if (!can(viewer, 'seeOrders', listing)) return null;
  const latest = await q.findOrderForListing(db, listingId);
  return latest ? toOrder(latest, viewer) : null;
}

function toPage(found: q.OrderWithPeople[], viewer: Viewer): OrderPage {
  return q.orderKeyset.page(found, orderPageSize, rowTimeKey, (r) => toOrder(r, viewer));
}

export async function listMyOrders(
  db: Db,
  viewer: Viewer,
  query: { role: 'all' | 'buyer' | 'seller'; cursor?: string },
) {
  const after = q.orderKeyset.decode(query.cursor);
  return toPage(await q.listMyOrders(db, viewer.id, query.role, after, orderPageSize), viewer);
}

export async function listOrdersForStaff(
  db: Db,
  viewer: Viewer,
  query: { status: 'all' | OrderStatus; cursor?: string },
) {
  ensure(canModerate(viewer), m.onlyStaffSettle);
  const after = q.orderKeyset.decode(query.cursor);
  const status = unlessAll(query.status);
  return toPage(await q.listAllOrders(db, status, after, orderPageSize), viewer);
}

/** Why a buyer's transition matched nothing: not theirs to see (404), not the buyer (403), or too late. */
async function refusal(
  db: Db,
  viewer: Viewer,
  id: string,
  action: 'confirm' | 'dispute',
  late: (o: q.OrderRow, sellerBanned: boolean) => string,
) {
  const found = await loadFor(db, viewer, id, action);
  return new AppError('CONFLICT', late(found.row, Boolean(found.sellerBanned)));
}

/** The seller's share once the escrow is released in full: the price minus the fee captured at purchase. */
async function payOutRelease(tx: Tx, o: q.OrderRow, description: string) {
  await settleOrderKeys(tx, o.id, 'sold');
  await settleEscrow(tx, {
    orderId: o.id,
    amount: o.price,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    refund: 0,
    payout: o.price - o.fee,
    fee: o.fee,
    kind: 'purchase_release',
    description,
  });
}

/** A released order may earn either party `trusted` (trust levels, issue 36). */
async function refreshPartiesTrust(tx: Tx, o: { sellerId: string | null; buyerId: string | null }) {
  for (const id of [o.sellerId, o.buyerId]) if (id) await refreshTrustLevel(tx, id);
}

const releaseFields = () => ({
  status: 'released' as const,
  settledAt: sql<Date>`now()`,
  sellerPayout: sql<number>`${marketplaceOrders.price} - ${marketplaceOrders.fee}`,
});

/** The buyer confirms delivery: the seller is paid at once (unless banned: staff then decide). */
export async function confirmDelivery(db: Db, viewer: Viewer, id: string) {
  const done = await db.transaction(async (tx) => {
    const o = await q.transition(tx, id, 'held', releaseFields(), [
      sql`${marketplaceOrders.buyerId} = ${viewer.id}`,
      q.sellerNotBanned,
    ]);
    if (!o) return false;
    await payOutRelease(tx, o, `Sale of "${o.listingTitle}" (delivery confirmed)`);
    await refreshPartiesTrust(tx, o);
    await tellParty(tx, o.sellerId, {
      type: 'order_completed',
      title: n.paymentReleasedTitle,
      content: (l) => inLocale(l, n).deliveryConfirmed(viewer.username, o.listingTitle, o.price - o.fee),
      data: { orderId: o.id },
    });
    return true;
  });
  if (!done)
    throw await refusal(db, viewer, id, 'confirm', (o, sellerBanned) =>
      o.status === 'held' && sellerBanned ? m.sellerBanned : m.notHeld,
    );
  return getOrder(db, viewer, id);
}

/**
 * The release job's step for one order: only if it is still held, its window has ended and its seller is
 * not banned. A payout past the seller's account limit leaves the order held (false), for staff to settle.
 */
export async function releaseIfDue(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const o = await q.transition(tx, id, 'held', releaseFields(), [
      lte(marketplaceOrders.releaseAt, sql`now()`),
      q.sellerNotBanned,
    ]);
    if (!o) return false;
    await payOutRelease(tx, o, `Sale of "${o.listingTitle}" (protection window ended)`);
    await refreshPartiesTrust(tx, o);
    await tellParty(tx, o.sellerId, {
      type: 'order_completed',
      title: n.paymentReleasedTitle,
      content: (l) => inLocale(l, n).windowEndedSeller(o.listingTitle, o.price - o.fee),
      data: { orderId: o.id },
    });
    await tellParty(tx, o.buyerId, {
      type: 'order_completed',
      title: n.orderCompletedTitle,
      content: (l) => inLocale(l, n).windowEndedBuyer(o.listingTitle),
      data: { orderId: o.id },
    });
    return true;
  });
}

/**
 * Releases every order whose window has ended, a batch at a time, and unbinds Idempotency-Keys older than
 * 24 h; returns how many orders this call released. One order that cannot be paid (its seller's account is
 * full) stays held and the sweep goes on past it.
 */
export async function releaseDueOrders(db: Db, batch = 100) {
  await expireIdempotencyKeys(db);
  let released = 0;
  let after: TimeKey | undefined;
  for (;;) {
    const due = await q.dueForRelease(db, batch, after);
    for (const { id } of due) {
      try {
        if (await releaseIfDue(db, id)) released += 1;
      } catch (err) {
        if (!(err instanceof AccountLimitError)) throw err;
      }
    }
    const last = due.at(-1);
    if (!last || due.length < batch) return released;
    after = [last.key, last.id];
  }
}

/**
 * The buyer disputes within the window: the order freezes, a support ticket for both parties and staff
 * opens with the reason as its first message, and the seller is told.
 */
export async function openDispute(db: Db, viewer: Viewer, id: string, reason: string) {
  const done = await db.transaction(async (tx) => {
    const o = await q.transition(
      tx,
      id,
      'held',
      { status: 'disputed', disputeReason: reason, disputedAt: sql<Date>`now()` },
      [sql`${marketplaceOrders.buyerId} = ${viewer.id}`, gt(marketplaceOrders.releaseAt, sql`now()`)],
    );
    if (!o) return false;
    const title = `Dispute: ${o.listingTitle}`.slice(0, ticketLimits.title.max);
    const ticketId = await openDisputeTicket(tx, {
      buyerId: viewer.id,
      sellerId: o.sellerId,
      orderId: o.id,
      title,
      reason,
    });
    if (o.sellerId) {
      await notify(tx, {
        userId: o.sellerId,
        type: 'order_update',
        title: n.disputedTitle,
        content: (l) => inLocale(l, n).disputed(viewer.username, o.listingTitle),
        data: { orderId: o.id, ticketId },
      });
      await announce(tx, { sellerId: o.sellerId }, 'dispute', {
        title: 'Order disputed',
        text: `${viewer.username} opened a dispute about ${o.listingTitle}: ${reason}`,
        path: `/tickets/${ticketId}`,
      });
    }
    await announce(tx, 'staff', 'dispute', {
      title: 'New dispute',
      text: `${viewer.username} disputed ${o.listingTitle} (${o.price} credits): ${reason}`,
      path: `/tickets/${ticketId}`,
    });
    return true;
  });
  if (!done) {
    throw await refusal(db, viewer, id, 'dispute', (o) => (o.status === 'held' ? m.windowEnded : m.notHeld));
  }
  return getOrder(db, viewer, id);
}

/** How a settlement divides the escrow; the fee shrinks with the seller's share (whole credits, down). */
export function divide(o: { price: number; fee: number }, outcome: SettleBody['outcome'], buyerRefund = 0) {
  const refund = outcome === 'refund' ? o.price : outcome === 'release' ? 0 : buyerRefund;
  const sellerPart = o.price - refund;
  const fee = Math.floor((o.fee * sellerPart) / o.price);
  return { refund, payout: sellerPart - fee, fee };
}

const outcomeWords = { refund: 'refunded to the buyer', release: 'released to the seller', split: 'split' };

/** Staff settle a dispute: refund, release or split, with a note; audited; the ticket gets the note and closes. */
export async function settleDispute(db: Db, viewer: Viewer, id: string, body: SettleInput) {
  ensure(canModerate(viewer), m.onlyStaffSettle);
  const found = orNotFound(await q.findOrder(db, id), m.notFound);
  const price = found.row.price;
  if (body.outcome === 'split' && (body.buyerRefund === undefined || body.buyerRefund >= price)) {
    throw new AppError('VALIDATION', m.splitAmountInvalid, { buyerRefund: m.splitAmountInvalid });
  }
  // A banned seller's held order waits for staff too, and is settled the same way.
  const from = found.row.status === 'held' && found.sellerBanned ? 'held' : 'disputed';
  const done = await db.transaction(async (tx) => {
    const share = divide(found.row, body.outcome, body.buyerRefund);
    const o = await q.transition(
      tx,
      id,
      from,
      {
        status: body.outcome === 'refund' ? 'refunded' : 'released',
        settledAt: sql<Date>`now()`,
        refundedAmount: share.refund,
        sellerPayout: share.payout,
        settledBy: viewer.id,
        settlementNote: body.note,
      },
      from === 'held' ? [q.sellerIsBanned] : [],
    );
    if (!o) return false;
    await settleEscrow(tx, {
      orderId: o.id,
      amount: o.price,
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      ...share,
      kind:
        body.outcome === 'refund'
          ? 'purchase_refund'
          : body.outcome === 'release'
            ? 'purchase_release'
            : 'purchase_split',
      description: `Dispute over "${o.listingTitle}" ${outcomeWords[body.outcome]}`,
      createdBy: viewer.id,
    });
    // A refunded order's keys are burned, never resold; a release or split leaves them with the buyer.
    await settleOrderKeys(tx, o.id, body.outcome === 'refund' ? 'burned' : 'sold');
    if (o.status === 'released') await refreshPartiesTrust(tx, o);
    const ticketId = found.ticketId;
    if (ticketId) {
      await closeDisputeTicket(tx, {
        ticketId,
        staffId: viewer.id,
        message: `Dispute settled (${outcomeWords[body.outcome]}: ${share.refund} credits to the buyer, ${share.payout} to the seller). ${body.note}`,
      });
    }
    await audit(tx, viewer, {
      action: 'order.settle',
      targetType: 'order',
      targetId: o.id,
      before: { status: from },
      after: { status: o.status, outcome: body.outcome, ...share, note: body.note },
    });
    const data = { orderId: o.id, ...(ticketId ? { ticketId } : {}) };
    await tellParty(tx, o.buyerId, {
      type: share.refund > 0 ? 'order_cancelled' : 'order_update',
      title: m.settled,
      content: (l) => inLocale(l, n).settledBuyer(o.listingTitle, share.refund),
      data,
    });
    await tellParty(tx, o.sellerId, {
      type: 'order_update',
      title: m.settled,
      content: (l) => inLocale(l, n).settledSeller(o.listingTitle, share.payout),
      data,
    });
    return true;
  });
  if (!done) throw new AppError('CONFLICT', m.notDisputed);
  return getOrder(db, viewer, id);
}
