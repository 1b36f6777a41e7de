import { defineMessages } from '../i18n/define.ts';

/** Reputation you can trust (issue 18 item 5): feedback after release, the vouch-ring review. */
export const reputationMessages = /* @__PURE__ */ defineMessages('reputationMessages', {
  feedbackAfterRelease: 'You can leave feedback once the order is complete',
  reviewNotFound: 'Flagged feedback not found',
  alreadyReviewed: 'This feedback was already reviewed',
  onlyStaffReview: 'Only staff can review flagged feedback',
  approved: 'Feedback approved: it now counts',
  rejected: 'Feedback rejected: it stays out of the rating',
  reviewFailed: 'Failed to review feedback',
  loadFailed: 'Failed to load flagged feedback',
  empty: 'No flagged feedback',
} as const);
