import { defineMessages } from '../i18n/define.ts';

/** The review queue (issue 36 item 3): held posts, staff decisions, the author's notice. */
export const reviewMessages = /* @__PURE__ */ defineMessages('reviewMessages', {
  /** What the author sees once a post is held (the forms' notice and the pending cards). */
  awaitingReview: 'Your post is awaiting review by staff',
  awaitingReviewDetail: 'Only you can see it until a moderator approves it.',
  notFound: 'Review item not found',
  alreadyDecided: 'This item was already reviewed',
  onlyStaff: 'Only staff can review held posts',
  messageDecisions: 'A flagged message is dismissed, or its sender banned',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason must be 500 characters or fewer',
  approved: 'Approved: the post is published',
  dismissed: 'Dismissed',
  rejected: 'Rejected: the author was told why',
  rejectedAndBanned: 'Rejected, and the author is banned',
  decideFailed: 'Failed to review the item',
  loadFailed: 'Failed to load the review queue',
  empty: 'Nothing waits for review',
  approvedTitle: 'Your post was approved',
  rejectedTitle: 'Your post was not approved',
} as const);
