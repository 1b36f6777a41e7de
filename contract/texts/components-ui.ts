/**
 * The shared components' words (issue 41): access denied, pins, image upload, the report dialog, watch, code
 * copy, the password toggle, seller figures, held posts, outside image links. The generic loading, paging and
 * Cancel words are the shell's (shell-ui.ts): they are on every first screen anyway.
 */
import { defineMessages } from '../i18n/define.ts';

export const componentsUi = /* @__PURE__ */ defineMessages('componentsUi', {
  accessDenied: 'Access Denied',
  noPermission: 'You do not have permission to view this page.',
  staffOnly: 'The admin area is for moderators and admins only.',
  returnHome: 'Return to Home',
  pinNamed: (title: string) => `Pin ${title}`,
  unpinNamed: (title: string) => `Unpin ${title}`,
  imageUrlOptional: 'Image URL (optional)',
  imageUrlPlaceholder: 'https://… or upload an image',
  uploadImage: 'Upload image',
  uploadedImage: 'Uploaded image',
  removeImage: 'Remove image',
  report: 'Report',
  /** `what` is one of the reportTypeNouns. */
  reportThis: (what: string) => `Report this ${what}`,
  reportContent: 'Report content',
  whyReporting: 'Why are you reporting this?',
  leaveEmptyToCancel: 'Leave empty to cancel.',
  submitReport: 'Submit Report',
  watch: 'Watch',
  unwatch: 'Unwatch',
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  sellerFigures: 'Seller figures',
  completedOrders: 'Completed orders',
  disputeRate: 'Dispute rate',
  memberSince: 'Member since',
  awaitingReview: 'Awaiting review',
  imageLink: (address: string) => `Image: ${address}`,
} as const);

/** What the Report button reports, inside "Report this …". */
export const reportTypeNouns = /* @__PURE__ */ defineMessages('reportTypeNouns', {
  post: 'post',
  comment: 'comment',
  thread: 'thread',
  reply: 'reply',
  cheat: 'cheat',
  listing: 'listing',
} as const);

/** Staff settling an order (a dispute's ticket, a banned seller's held order). */
export const settleUi = /* @__PURE__ */ defineMessages('settleUi', {
  settleDispute: 'Settle dispute',
  settleOrder: 'Settle order',
  disputeNoteHint: 'Posted on this ticket and sent to both parties; kept in the audit log.',
  heldNoteHint: 'The seller is banned, so the escrow waits for staff. The note is kept in the audit log.',
  outcome: 'Outcome',
  refund: 'Refund buyer in full',
  refundText: (price: number) => `${price} credits go back to the buyer.`,
  release: 'Release to seller',
  releaseText: (payout: number, fee: number) =>
    `The seller receives ${payout} credits (after the ${fee} credits fee).`,
  split: 'Split',
  splitText: 'Choose how many credits the buyer gets back; the seller gets the rest, less its fee share.',
  buyerRefund: 'Buyer refund (credits)',
  between: (max: number) => `Between 1 and ${max}.`,
  note: 'Note',
  theBuyer: 'the buyer',
  theSeller: 'the seller',
  confirm: (refund: number, buyer: string, payout: number, seller: string) =>
    `${refund} credits will be refunded to ${buyer} and ${payout} credits paid to ${seller}. This cannot be undone.`,
  confirmCloses: (refund: number, buyer: string, payout: number, seller: string) =>
    `${refund} credits will be refunded to ${buyer} and ${payout} credits paid to ${seller}. The ticket will be closed. This cannot be undone.`,
} as const);

/** A seller's or the staff's Discord and Telegram webhooks. */
export const webhooksUi = /* @__PURE__ */ defineMessages('webhooksUi', {
  title: 'Discord & Telegram',
  addForm: 'Add a webhook',
  url: 'Webhook URL',
  botToken: 'Bot token',
  chatId: 'Chat id',
  chatIdPlaceholder: '-1001234567890 or @channel',
  sendMe: 'Send me',
  add: 'Add webhook',
  loadFailed: 'Could not load your webhooks',
  loading: 'Loading webhooks…',
  empty: 'No webhooks yet.',
  list: 'Webhooks',
  removeTitle: 'Remove webhook',
  removeConfirm: (kind: string, secret: string) =>
    `Remove the ${kind} ${secret}? Nothing more will be sent to it.`,
  remove: 'Remove',
  removeFailed: 'Could not remove the webhook',
  switchedOff: 'Switched off',
  failing: (failures: number) => `Failing (${failures})`,
  working: 'Working',
  notUsedYet: 'Not used yet',
  chat: (id: string) => `Chat ${id}`,
  lastError: (error: string) => `Last error: ${error}`,
  lastSent: (date: string) => `Last sent ${date}`,
  sendTest: 'Send test',
  testFailed: 'Could not send the test',
} as const);
