import { z } from 'zod';
import { idParams } from './id-params.ts';
import { reputationMessages as m } from './messages/reputation.ts';
import { pageOf, statusPageQuery } from './pages.ts';
import { person } from './people.ts';

/**
 * A seller's figures beside the average rating, computed by the server in one statement: orders completed
 * (released to the seller), the share of all their sales that were disputed (percent, one decimal) and when
 * they joined.
 */
export const sellerReputation = z.object({
  averageRating: z.number(),
  vouches: z.number().int(),
  completedOrders: z.number().int(),
  disputeRate: z.number(),
  memberSince: z.string(),
});
export type SellerReputation = z.infer<typeof sellerReputation>;

/** Flagged feedback (a possible vouch ring) by standing; pending is staff's queue. */
export const vouchReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type VouchReviewStatus = (typeof vouchReviewStatuses)[number];
export const vouchReviewPageSize = 20;

export const vouchReviewQuery = statusPageQuery(vouchReviewStatuses, 'pending');
export const vouchReviewParams = idParams(m.reviewNotFound);

/** A vouch as each list of them shows it: its rating and comment, and the listing it was left on. */
export const vouch = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
});

export const flaggedVouch = vouch.extend({
  from: person.nullable(),
  to: person,
  /** Orders between the two accounts (either way), and each account's orders in all. */
  pairOrders: z.number().int(),
  fromOrders: z.number().int(),
  toOrders: z.number().int(),
  /** The two accounts signed in from the same address, or the same device and network. */
  sharedNetwork: z.boolean(),
  review: z.enum(vouchReviewStatuses),
  reviewedBy: person.nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FlaggedVouch = z.infer<typeof flaggedVouch>;
export const flaggedVouchPage = pageOf(flaggedVouch);
export type FlaggedVouchPage = z.infer<typeof flaggedVouchPage>;

/** A decision on flagged feedback: its id and the review it now has. */
export const vouchReviewed = z.object({ id: z.string(), review: z.enum(vouchReviewStatuses) });
