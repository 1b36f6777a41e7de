/**
 * A listing's page, its actions, keys, detection status and feedback, the create and edit forms, and the staff's
 * marketplace table (issue 41).
 */
import { defineMessages } from '../i18n/define.ts';

export const listingUi = /* @__PURE__ */ defineMessages('listingUi', {
  loading: 'Loading listing…',
  contentLinkRegion: 'Content link',
  contentLink: 'Content Link',
  leaveFeedback: 'Leave Feedback',
  report: 'Report',
  confirmPurchase: 'Confirm purchase',
  /** The purchase confirmation's button: "Buy for 50 Credits". */
  buyFor: (total: number) => `Buy for ${total} Credits`,
  deleteListing: 'Delete listing',
  deleteConfirm: 'Are you sure you want to delete this listing? This action cannot be undone.',
  buyer: 'Buyer',
  listed: 'Listed',
  licenseKeys: 'License keys',
  keysLeft: 'Left',
  keysReserved: 'Reserved',
  claimedKeys: 'Claimed keys',
  order: 'Order',
  addKeys: 'Add keys',
  withdrawUnsold: 'Withdraw unsold keys',
  withdrawKeys: 'Withdraw keys',
  detectionStatus: 'Detection status',
  detectionHint: 'Watchers and buyers are alerted when you change it.',
  updateStatus: 'Update status',
  rating: 'Rating',
  /** A rating choice's accessible name: "4 stars". */
  stars: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
  comment: 'Comment',
  submitFeedback: 'Submit Feedback',
  createIntro: 'Sell a cheat, account or item for credits.',
  detectionStatusField: 'Detection Status',
  contentLinkHint: 'Shown only to you, the buyer and staff once it sells.',
  priceField: 'Price (Credits)',
  backToListing: 'Back to Listing',
  editTitle: 'Edit Listing',
  editIntro: 'Game, type, features, requirements and content link cannot be changed.',
  adminTitle: 'Manage Marketplace',
  adminIntro: 'Every member listing: view, pin and remove.',
  adminSearchPlaceholder: 'Search title, description or seller...',
  pinned: 'Listing pinned',
  unpinned: 'Listing unpinned',
  /** The staff's delete confirmation, naming the listing. */
  deleteNamedConfirm: (title: string) =>
    `Are you sure you want to delete "${title}"? This action cannot be undone.`,
} as const);
