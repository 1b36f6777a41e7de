import { errorResponse } from '../errors.ts';
import {
  myReviewItems,
  pendingReviewCount,
  rejectBody,
  reviewDecision,
  reviewItemParams,
  reviewPage,
  reviewQuery,
} from '../review.ts';
import type { RouteGroup } from './route.ts';

/** The review queue (issue 36 item 3): staff decide on held posts and flagged messages; authors see theirs. */
export const reviewRoutes = {
  mine: {
    method: 'GET',
    path: '/me/review-items',
    access: 'member',
    tags: ['me'],
    summary: 'My posts waiting for staff review, newest first (at most 20)',
    response: { 200: myReviewItems },
  },
  queue: {
    method: 'GET',
    path: '/admin/review-items',
    access: 'staff',
    summary:
      "The review queue (staff): held posts and flagged messages of one status, newest first, with each author's age, level, address and overlapping accounts",
    query: reviewQuery,
    response: { 200: reviewPage },
  },
  count: {
    method: 'GET',
    path: '/admin/review-items/count',
    access: 'staff',
    summary: 'How many items wait for review (staff; counted up to 100)',
    response: { 200: pendingReviewCount },
  },
  approve: {
    method: 'POST',
    path: '/admin/review-items/:id/approve',
    access: 'staff',
    summary:
      'Approve a held post: published through the normal path, its author notified; or dismiss a flagged message (staff, audited, once)',
    params: reviewItemParams,
    response: { 200: reviewDecision, 409: errorResponse },
  },
  reject: {
    method: 'POST',
    path: '/admin/review-items/:id/reject',
    access: 'staff',
    summary: 'Reject a held post: dropped, and the reason mailed to its author (staff, audited, once)',
    params: reviewItemParams,
    body: rejectBody,
    response: { 200: reviewDecision, 409: errorResponse },
  },
  rejectAndBan: {
    method: 'POST',
    path: '/admin/review-items/:id/reject-and-ban',
    access: 'staff',
    summary:
      "Reject a held post and ban its author, or ban a flagged message's sender (staff who may ban them; audited, once)",
    params: reviewItemParams,
    body: rejectBody,
    response: { 200: reviewDecision, 409: errorResponse },
  },
} as const satisfies RouteGroup;
