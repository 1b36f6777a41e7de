import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isStaff } from '../../../contract/limits.ts';
import {
  type FeedbackPage,
  type Listing,
  type ListingDetail,
  type ListingSort,
  type ListingStatus,
  listingPageSize,
} from '../../../contract/marketplace.ts';
import { marketplaceMessages as m, messages, socialMessages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { notify } from '../notifications/service.ts';
import { getOrder, orderForListing } from '../orders/service.ts';
import { getSaleTerms } from '../site-settings/service.ts';
import { feeFor, holdPayment, lockUsers } from '../wallet/service.ts';
import * as q from './queries.ts';

type Row = q.ListingWithPeople;

function toListing(r: Row): Listing {
  const l = r.row;
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    price: l.price,
    imageUrl: l.imageUrl,
    game: l.game,
    type: l.type,
    features: l.features,
    requirements: l.requirements,
    detectionStatus: l.detectionStatus,
    status: l.status,
    isPinned: l.isPinned,
    soldAt: l.soldAt?.toISOString() ?? null,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    seller: {
      id: r.seller.id,
      username: r.seller.username,
      avatarUrl: r.seller.avatarUrl,
      vouches: r.seller.vouches,
      averageRating: average(r.seller.ratingTotal, r.seller.vouches),
      rank: r.rankName && r.rankColor ? { name: r.rankName, color: r.rankColor } : null,
    },
    buyer:
      r.buyerId && r.buyerUsername
        ? { id: r.buyerId, username: r.buyerUsername, avatarUrl: r.buyerAvatarUrl ?? null }
        : null,
  };
}

const average = (total: number, count: number) => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);

export async function listListings(
  db: Db,
  query: {
    status: 'all' | ListingStatus;
    type: 'all' | 'cheat' | 'account' | 'item';
    sort: ListingSort;
    q?: string;
    cursor?: string;
  },
) {
  const order = q.listingKeysets[query.sort];
  const after = order.decode(query.cursor);
  const found = await q.listListings(db, {
    status: query.status === 'all' ? undefined : query.status,
    type: query.type === 'all' ? undefined : query.type,
    q: query.q || undefined,
    sort: query.sort,
    after,
    limit: listingPageSize,
  });
  return order.page(
    found,
    listingPageSize,
    (r) => [r.row.isPinned, query.sort === 'newest' ? r.createdAtKey : r.row.price, r.row.id],
    toListing,
  );
}

/** The detail; the content link only for the seller, the buyer (each reveal logged) and staff. */
export async function getListing(db: Db, viewer: Viewer | null, id: string): Promise<ListingDetail> {
  const found = await q.findListing(db, id);
  if (!found) throw new AppError('NOT_FOUND', m.notFound);
  const l = found.row;
  const isSeller = viewer?.id === l.userId;
  const isBuyer = Boolean(viewer && l.soldTo === viewer.id);
  const canSee = isSeller || isBuyer || isStaff(viewer?.role);
  let feedbackGiven = false;
  const order = l.status === 'sold' ? await orderForListing(db, viewer, l.id) : null;
  if (isBuyer && viewer) {
    await q.logReveal(db, l.id, viewer.id);
    feedbackGiven = order ? await q.hasFeedback(db, order.id) : false;
  }
  return { ...toListing(found), contentLink: canSee ? l.contentLink : null, feedbackGiven, order };
}

export async function createListing(
  db: Db,
  viewer: Viewer,
  body: {
    title: string;
    game: string;
    type: 'cheat' | 'account' | 'item' | 'other';
    detectionStatus: 'unknown' | 'undetected' | 'detected';
    features: string;
    requirements: string;
    description: string;
    contentLink: string;
    price: number;
    imageUrl: string | null;
  },
) {
  const created = await db.transaction(async (tx) => {
    const row = await q.insertListing(tx, {
      ...body,
      // Detection status is asked only for cheats.
      detectionStatus: body.type === 'cheat' ? body.detectionStatus : 'unknown',
      userId: viewer.id,
    });
    await q.notifyFollowersOfListing(tx, viewer.id, row, viewer.username);
    return row;
  });
  return getListing(db, viewer, created.id);
}

async function loadForChange(db: Db, viewer: Viewer, id: string, deny: string) {
  const row = await q.findListingRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  if (row.userId !== viewer.id && !isStaff(viewer.role)) throw new AppError('FORBIDDEN', deny);
  if (row.status !== 'active') throw new AppError('CONFLICT', m.alreadySold);
  return row;
}

export async function editListing(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { title: string; description: string; price: number; imageUrl: string | null },
) {
  await loadForChange(db, viewer, id, m.noPermissionEdit);
  const done = await q.updateActiveListing(db, id, body);
  if (!done) throw new AppError('CONFLICT', m.alreadySold);
  return getListing(db, viewer, id);
}

export async function removeListing(db: Db, viewer: Viewer, id: string) {
  await loadForChange(db, viewer, id, m.noPermissionDelete);
  if (!(await q.deleteListing(db, id, true))) throw new AppError('CONFLICT', m.alreadySold);
}

/**
 * One transaction: listing active → sold, buyer debited into escrow (conditional), the order written
 * `held` with price, fee and the end of the buyer-protection window, the seller notified. The seller is
 * paid later (orders service: confirmation, the release job or a settlement). A replayed
 * Idempotency-Key answers with the order it made the first time.
 */
export async function purchaseListing(db: Db, viewer: Viewer, id: string, idempotencyKey?: string) {
  if (idempotencyKey) {
    const previous = await q.findOrderByKey(db, viewer.id, idempotencyKey);
    if (previous) return { order: await getOrder(db, viewer, previous.id), replayed: true };
  }
  const listing = await q.findListingRow(db, id);
  if (!listing) throw new AppError('NOT_FOUND', m.notFound);
  if (listing.userId === viewer.id) throw new AppError('FORBIDDEN', m.ownListing);
  const { feePercent: percent, protectionHours: hours } = await getSaleTerms(db);
  try {
    const order = await db.transaction(async (tx) => {
      // Members first (id order), then the listing: every purchase takes its locks in the same order.
      await lockUsers(tx, [viewer.id, listing.userId]);
      const sold = await q.markSold(tx, id, viewer.id);
      if (!sold) throw new PurchaseRefused();
      const orderId = randomUUID();
      const fee = feeFor(sold.price, percent);
      const description = `Purchase of "${sold.title}"`;
      if (!(await holdPayment(tx, { buyerId: viewer.id, amount: sold.price, orderId, description }))) {
        throw new PurchaseRefused();
      }
      const row = await q.insertOrder(tx, {
        id: orderId,
        listingId: sold.id,
        listingTitle: sold.title,
        buyerId: viewer.id,
        sellerId: sold.userId,
        price: sold.price,
        fee,
        status: 'held',
        releaseAt: sql<Date>`now() + make_interval(hours => ${hours})`,
        idempotencyKey: idempotencyKey ?? null,
      });
      await notify(tx, {
        userId: sold.userId,
        type: 'order_new',
        title: 'Listing sold',
        content: `${viewer.username} bought ${sold.title}. The credits are held in escrow until the buyer confirms delivery.`,
        data: { listingId: sold.id, orderId },
      });
      return row;
    });
    return { order: await getOrder(db, viewer, order.id), replayed: false };
  } catch (err) {
    if (idempotencyKey) {
      // A concurrent request with the same key may have won: answer with its order.
      const previous = await q.findOrderByKey(db, viewer.id, idempotencyKey);
      if (previous) return { order: await getOrder(db, viewer, previous.id), replayed: true };
    }
    if (err instanceof PurchaseRefused || isUniqueViolation(err))
      throw new AppError('CONFLICT', m.purchaseFailed);
    throw err;
  }
}

class PurchaseRefused extends Error {}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === '23505') return true;
  return e?.cause ? isUniqueViolation(e.cause) : false;
}

/** Feedback: the buyer of the sold listing, once per order; the seller's counters move with it. */
export async function leaveFeedback(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { rating: number; comment: string },
) {
  const listing = await q.findListingRow(db, id);
  if (!listing) throw new AppError('NOT_FOUND', m.notFound);
  const order = listing.soldTo === viewer.id ? await q.findOrderForListing(db, id) : undefined;
  if (!order || order.buyerId !== viewer.id) throw new AppError('FORBIDDEN', m.onlyBuyerFeedback);
  const vouch = await db.transaction((tx) =>
    q.insertVouch(tx, {
      orderId: order.id,
      listingId: listing.id,
      listingTitle: listing.title,
      fromUserId: viewer.id,
      toUserId: listing.userId,
      rating: body.rating,
      comment: body.comment,
    }),
  );
  if (!vouch) throw new AppError('CONFLICT', m.feedbackGiven);
  return { id: vouch.id };
}

export async function listFeedback(
  db: Db,
  userId: string,
  query: { cursor?: string },
): Promise<FeedbackPage> {
  const counters = await q.findProfileCounters(db, userId);
  if (!counters) throw new AppError('NOT_FOUND', socialMessages.profileNotFound);
  const after = q.feedbackKeyset.decode(query.cursor);
  const found = await q.listFeedback(db, userId, after, listingPageSize);
  return {
    averageRating: average(counters.ratingTotal, counters.vouches),
    vouches: counters.vouches,
    ...q.feedbackKeyset.page(
      found,
      listingPageSize,
      (r) => [r.createdAtKey, r.row.id],
      (r) => ({
        id: r.row.id,
        rating: r.row.rating,
        comment: r.row.comment,
        listingId: r.row.listingId,
        listingTitle: r.row.listingTitle,
        author:
          r.row.fromUserId && r.authorUsername ? { id: r.row.fromUserId, username: r.authorUsername } : null,
        createdAt: r.row.createdAt.toISOString(),
      }),
    ),
  };
}

/* Admin */

export async function listListingsForStaff(
  db: Db,
  viewer: Viewer,
  query: Parameters<typeof listListings>[1],
) {
  if (!isStaff(viewer.role)) throw new AppError('FORBIDDEN', messages.forbidden);
  return listListings(db, query);
}

export async function setListingPinned(db: Db, viewer: Viewer, id: string, isPinned: boolean) {
  if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', m.onlyAdminsPin);
  if (!(await q.setPinned(db, id, isPinned))) throw new AppError('NOT_FOUND', m.notFound);
  return getListing(db, viewer, id);
}

export async function adminDeleteListing(db: Db, viewer: Viewer, id: string) {
  if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', m.onlyAdminsDelete);
  if (!(await q.deleteListing(db, id, false))) throw new AppError('NOT_FOUND', m.notFound);
}
