import {
  type FeedbackPage,
  type Listing,
  type ListingDetail,
  type ListingSort,
  type ListingStatus,
  listingPageSize,
} from '../../../../contract/marketplace.ts';
import {
  marketplaceMessages as m,
  messages,
  socialMessages,
  stockMessages as st,
} from '../../../../contract/messages.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { rowTimeKey, unlessAll } from '../../../db/cursor.ts';
import { AppError, orNotFound } from '../../../plugins/errors.ts';
import type { Viewer } from '../../../plugins/viewer.ts';
import {
  abilities,
  actsOnOwn,
  authorize,
  can,
  canAdminister,
  canModerate,
  ensure,
  listing as listingSubject,
  order as orderSubject,
} from '../../../policy.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import { audit, auditOthers } from '../../audit/service.ts';
import { insertVouch, sellerReputation } from '../../reputation/service.ts';
import { refuseListingContacts } from '../../trust/off-platform.ts';
import { limitListingPrice, limitNewListing } from '../../trust/service.ts';
import { markReferenced } from '../../uploads/service.ts';
import { orderForListing } from '../orders/service.ts';
import { deleteUnsoldKeys } from '../stock/queries.ts';
import { addKeys } from '../stock/service.ts';
import { isWatching } from '../watches/service.ts';
import * as q from './queries/index.ts';

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
    deliveryKind: l.deliveryKind,
    stock: l.stock,
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
    status: unlessAll(query.status),
    type: unlessAll(query.type),
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

/**
 * The detail; the content link only for the two parties, seller and buyer (staff reveal it on a disputed
 * order, audited: orders service). The buyer's first sight of it is recorded, once per order. A suspended
 * listing (banned seller) is gone for everyone but its seller and staff.
 */
export async function getListing(db: Db, viewer: Viewer | null, id: string): Promise<ListingDetail> {
  const found = orNotFound(await q.findListing(db, id), m.notFound);
  const l = found.row;
  const subject = listingSubject({ sellerId: l.userId, status: l.status, type: l.type });
  authorize(viewer, 'view', subject);
  const isSeller = actsOnOwn(viewer, l.userId);
  let feedbackGiven = false;
  // A listing with stock sells many times: the buyer is whoever has an order of it (their latest is shown).
  const order = await orderForListing(db, viewer, l.id, subject);
  const isBuyer = order?.role === 'buyer';
  if (isBuyer && viewer && order) {
    await q.logReveal(db, { listingId: l.id, orderId: order.id, userId: viewer.id });
    feedbackGiven = await q.hasFeedback(db, order.id);
  }
  const allowed = abilities(viewer, subject, ['buy', 'edit', 'delete', 'report', 'watch', 'setDetection']);
  return {
    ...toListing(found),
    contentLink: isSeller || isBuyer ? l.contentLink : null,
    feedbackGiven,
    order,
    abilities: {
      ...allowed,
      feedback:
        !!order &&
        can(
          viewer,
          'feedback',
          orderSubject({ buyerId: order.buyer?.id ?? null, sellerId: null, status: order.status }),
        ) &&
        !feedbackGiven,
    },
    watching: allowed.watch && viewer ? await isWatching(db, 'listing', l.id, viewer.id) : false,
    // The seller row exists (the listing's foreign key), so the figures do too.
    sellerReputation: (await sellerReputation(db, l.userId))!,
  };
}

export async function createListing(
  db: Db,
  cipher: ContentCipher,
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
    deliveryKind: 'link' | 'keys';
    stock: number;
    keys?: string;
    lowStockThreshold: number | null;
  },
) {
  const { keys, ...fields } = body;
  // What anyone may read: no Discord, Telegram, email or phone (the content link reaches only the buyer).
  refuseListingContacts({
    title: fields.title,
    game: fields.game,
    features: fields.features,
    requirements: fields.requirements,
    description: fields.description,
  });
  if (fields.deliveryKind === 'keys' && !keys?.trim())
    throw new AppError('VALIDATION', st.keysRequired, { keys: st.keysRequired });
  const created = await db.transaction(async (tx) => {
    await limitNewListing(tx, viewer, fields.price);
    const row = await q.insertListing(tx, {
      ...fields,
      // Detection status is asked only for cheats.
      detectionStatus: body.type === 'cheat' ? body.detectionStatus : 'unknown',
      // A key listing's stock is its keys, added below.
      stock: fields.deliveryKind === 'keys' ? 0 : fields.stock,
      userId: viewer.id,
    });
    await markReferenced(tx, fields.imageUrl);
    if (fields.deliveryKind === 'keys') await addKeys(tx, cipher, { id: row.id, stock: 0 }, keys ?? '');
    await q.notifyFollowersOfListing(tx, viewer.id, row, viewer.username);
    return row;
  });
  return getListing(db, viewer, created.id);
}

async function loadForChange(db: Db, viewer: Viewer, id: string, action: 'edit' | 'delete') {
  const row = orNotFound(await q.findListingRow(db, id), m.notFound);
  authorize(viewer, action, listingSubject({ sellerId: row.userId, status: row.status, type: row.type }));
  return row;
}

export async function editListing(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { title: string; description: string; price: number; imageUrl: string | null },
) {
  const row = await loadForChange(db, viewer, id, 'edit');
  refuseListingContacts({ title: body.title, description: body.description });
  // The seller's own price change is held to their level's cap (staff editing a listing are not limited).
  if (body.price !== row.price && actsOnOwn(viewer, row.userId))
    await limitListingPrice(db, viewer, body.price);
  const done = await db.transaction(async (tx) => {
    if (!(await q.updateActiveListing(tx, id, body))) return false;
    await markReferenced(tx, body.imageUrl);
    await auditOthers(tx, viewer, row.userId, {
      action: 'listing.edit',
      targetType: 'listing',
      targetId: id,
      before: { title: row.title, description: row.description, price: row.price, imageUrl: row.imageUrl },
      after: body,
    });
    return true;
  });
  if (!done) throw new AppError('CONFLICT', m.alreadySold);
  return getListing(db, viewer, id);
}

export async function removeListing(db: Db, viewer: Viewer, id: string) {
  const row = await loadForChange(db, viewer, id, 'delete');
  const deleted = await db.transaction(async (tx) => {
    await deleteUnsoldKeys(tx, id);
    if (!(await q.deleteListing(tx, id, true))) return false;
    await auditOthers(tx, viewer, row.userId, {
      action: 'listing.delete',
      targetType: 'listing',
      targetId: id,
      before: { title: row.title, price: row.price, sellerId: row.userId },
    });
    return true;
  });
  if (!deleted) throw new AppError('CONFLICT', m.alreadySold);
}

/**
 * Feedback: the buyer of the sold listing once the order is complete (released), once per order. It counts
 * in the seller's figures at once, unless the two trade mostly with each other (a possible vouch ring): then
 * it waits for staff (reputation module).
 */
export async function leaveFeedback(
  db: Db,
  viewer: Viewer,
  id: string,
  body: { rating: number; comment: string },
) {
  const listing = orNotFound(await q.findListingRow(db, id), m.notFound);
  const order = await q.findBuyerOrder(db, id, viewer.id);
  // Only the caller's own orders are read: none is the rule's 403 as well.
  if (!order) throw new AppError('FORBIDDEN', m.onlyBuyerFeedback);
  authorize(viewer, 'feedback', orderSubject(order));
  const vouch = await db.transaction((tx) =>
    insertVouch(tx, {
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
  const counted = vouch.review === 'counted';
  return { id: vouch.id, counted, message: counted ? m.vouchSubmitted : m.vouchAwaitingReview };
}

export async function listFeedback(
  db: Db,
  viewer: Viewer | null,
  userId: string,
  query: { cursor?: string },
): Promise<FeedbackPage> {
  const reputation = orNotFound(await sellerReputation(db, userId), socialMessages.profileNotFound);
  const after = q.feedbackKeyset.decode(query.cursor);
  const found = await q.listFeedback(db, userId, viewer?.id ?? null, after, listingPageSize);
  return {
    ...reputation,
    ...q.feedbackKeyset.page(found, listingPageSize, rowTimeKey, (r) => ({
      id: r.row.id,
      rating: r.row.rating,
      comment: r.row.comment,
      listingId: r.row.listingId,
      listingTitle: r.row.listingTitle,
      author:
        r.row.fromUserId && r.authorUsername ? { id: r.row.fromUserId, username: r.authorUsername } : null,
      awaitingReview: r.row.review === 'pending',
      createdAt: r.row.createdAt.toISOString(),
    })),
  };
}

/* Admin */

/**
 * In the ban's (or unban's) transaction: a banned seller's active listings leave browse and search and
 * cannot be bought (a status, so those queries need no join on the seller); unbanning restores them.
 */
export async function suspendSellerListings(tx: Tx, sellerId: string, banned: boolean) {
  return q.setSellerSuspended(tx, sellerId, banned);
}

export async function listListingsForStaff(
  db: Db,
  viewer: Viewer,
  query: Parameters<typeof listListings>[1],
) {
  ensure(canModerate(viewer), messages.forbidden);
  return listListings(db, query);
}

export async function setListingPinned(db: Db, viewer: Viewer, id: string, isPinned: boolean) {
  ensure(canAdminister(viewer), m.onlyAdminsPin);
  const done = await db.transaction(async (tx) => {
    if (!(await q.setPinned(tx, id, isPinned))) return false;
    await audit(tx, viewer, {
      action: isPinned ? 'listing.pin' : 'listing.unpin',
      targetType: 'listing',
      targetId: id,
    });
    return true;
  });
  if (!done) throw new AppError('NOT_FOUND', m.notFound);
  return getListing(db, viewer, id);
}

export async function adminDeleteListing(db: Db, viewer: Viewer, id: string) {
  ensure(canAdminister(viewer), m.onlyAdminsDelete);
  const row = await q.findListingRow(db, id);
  const deleted = await db.transaction(async (tx) => {
    await deleteUnsoldKeys(tx, id);
    if (!(await q.deleteListing(tx, id, false))) return false;
    await audit(tx, viewer, {
      action: 'listing.admin_delete',
      targetType: 'listing',
      targetId: id,
      before: row ? { title: row.title, price: row.price, status: row.status, sellerId: row.userId } : null,
    });
    return true;
  });
  if (!deleted) throw new AppError('NOT_FOUND', m.notFound);
}
