import { reputationMessages as m } from '../../../contract/messages.ts';
import {
  type FlaggedVouchPage,
  type SellerReputation,
  type VouchReviewStatus,
  vouchReviewPageSize,
} from '../../../contract/reputation.ts';
import type { Db } from '../../db/client.ts';
import { rowTimeKey } from '../../db/cursor.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import * as q from './queries.ts';

export { insertVouch } from './queries.ts';

const average = (total: number, count: number) => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);

/** The seller card's figures (one statement), or undefined when there is no such member. */
export async function sellerReputation(db: Db, sellerId: string): Promise<SellerReputation | undefined> {
  const r = await q.findSellerFigures(db, sellerId);
  if (!r) return undefined;
  return {
    averageRating: average(r.rating_total, r.vouches),
    vouches: r.vouches,
    completedOrders: r.completed,
    // Percent of all their sales that were disputed, one decimal.
    disputeRate: r.total === 0 ? 0 : Math.round((r.disputed / r.total) * 1000) / 10,
    memberSince: isoTimestamp(r.member_since),
  };
}

/** Staff's queue of flagged feedback (admin reports), by standing, newest first. */
export async function listFlaggedVouches(
  db: Db,
  viewer: Viewer,
  query: { status: VouchReviewStatus; cursor?: string },
): Promise<FlaggedVouchPage> {
  ensure(canModerate(viewer), m.onlyStaffReview);
  const after = q.flaggedKeyset.decode(query.cursor);
  const found = await q.listFlagged(db, query.status, after, vouchReviewPageSize);
  return q.flaggedKeyset.page(found, vouchReviewPageSize, rowTimeKey, (r) => {
    const v = r.row;
    const { sharedNetwork = false, ...evidence } = v.ringEvidence ?? {
      pairOrders: 0,
      fromOrders: 0,
      toOrders: 0,
    };
    return {
      id: v.id,
      rating: v.rating,
      comment: v.comment,
      listingId: v.listingId,
      listingTitle: v.listingTitle,
      from: v.fromUserId && r.fromUsername ? { id: v.fromUserId, username: r.fromUsername } : null,
      to: { id: v.toUserId, username: r.toUsername },
      ...evidence,
      sharedNetwork,
      review: v.review as VouchReviewStatus,
      reviewedBy:
        v.reviewedBy && r.reviewerUsername ? { id: v.reviewedBy, username: r.reviewerUsername } : null,
      reviewedAt: v.reviewedAt?.toISOString() ?? null,
      createdAt: v.createdAt.toISOString(),
    };
  });
}

/** Staff approve (it counts from now on) or reject (it stays out) a flagged vouch, once; audited. */
export async function reviewVouch(db: Db, viewer: Viewer, id: string, decision: 'approved' | 'rejected') {
  ensure(canModerate(viewer), m.onlyStaffReview);
  const done = await db.transaction(async (tx) => {
    const row = await q.review(tx, id, decision, viewer.id);
    if (!row) return false;
    await audit(tx, viewer, {
      action: decision === 'approved' ? 'vouch.approve' : 'vouch.reject',
      targetType: 'vouch',
      targetId: id,
      before: { review: 'pending' },
      after: { review: decision, sellerId: row.to_user_id, buyerId: row.from_user_id, rating: row.rating },
    });
    return true;
  });
  if (!done) {
    const found = await q.findVouchReview(db, id);
    if (!found || found.review === 'counted') throw new AppError('NOT_FOUND', m.reviewNotFound);
    throw new AppError('CONFLICT', m.alreadyReviewed);
  }
  return { id, review: decision };
}
