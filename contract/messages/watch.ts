import { defineMessages } from '../i18n/define.ts';

/** Detection alerts (issue 18 item 4): watching cheats and cheat listings, and the buyer's dispute offer. */
export const watchMessages = /* @__PURE__ */ defineMessages('watchMessages', {
  loginToWatch: 'You must be logged in to watch',
  onlyCheatListings: 'Only cheat listings have a detection status',
  ownListing: 'You cannot watch your own listing',
  detectionRequired: 'Choose a detection status',
  watching: 'You will be alerted when its status changes',
  unwatched: 'You will no longer be alerted',
  watchFailed: 'Failed to update watch',
  detectionSaved: 'Detection status updated',
  detectionFailed: 'Failed to update detection status',
  /** The reason a one-click dispute from a detection alert is opened with (at least 20 characters). */
  detectedDisputeReason:
    'Listing marked detected: the seller marked this listing as detected during my buyer protection window.',
  disputeOfferGone: 'This order can no longer be disputed',
} as const);
