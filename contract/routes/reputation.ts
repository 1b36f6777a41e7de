import { errorResponse } from '../errors.ts';
import { flaggedVouchPage, vouchReviewed, vouchReviewParams, vouchReviewQuery } from '../reputation.ts';
import type { RouteGroup } from './route.ts';

/** Staff review feedback flagged as a possible vouch ring (decision 022), from the admin reports page. */
export const reputationRoutes = {
  flagged: {
    method: 'GET',
    path: '/admin/vouch-reviews',
    access: 'staff',
    summary:
      'Feedback flagged as a possible vouch ring: pending (default), approved or rejected, newest first',
    query: vouchReviewQuery,
    response: { 200: flaggedVouchPage, 409: errorResponse },
  },
  approve: {
    method: 'POST',
    path: '/admin/vouch-reviews/:id/approve',
    access: 'staff',
    summary: "Approve flagged feedback: it counts in the seller's rating from now on (audited)",
    params: vouchReviewParams,
    response: { 200: vouchReviewed, 409: errorResponse },
  },
  reject: {
    method: 'POST',
    path: '/admin/vouch-reviews/:id/reject',
    access: 'staff',
    summary: "Reject flagged feedback: it stays out of the seller's rating (audited)",
    params: vouchReviewParams,
    response: { 200: vouchReviewed, 409: errorResponse },
  },
} as const satisfies RouteGroup;
