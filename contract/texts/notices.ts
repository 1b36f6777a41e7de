/**
 * The notifications an order, a listing, a watched cheat, a forum thread and a ticket send (issue 41): each written in its recipient's language when it is
 * made (`content: (l) => inLocale(l, notices).…`), as the bell and the mail show it. A settled dispute's
 * title is orderMessages.settled.
 */
import { defineMessages } from '../i18n/define.ts';

export const notices = /* @__PURE__ */ defineMessages('notices', {
  paymentReleasedTitle: 'Payment released',
  deliveryConfirmed: (buyer: string, listing: string, credits: number) =>
    `${buyer} confirmed delivery of ${listing}. ${credits.toLocaleString('en-US')} credits were added to your wallet.`,
  windowEndedSeller: (listing: string, credits: number) =>
    `The buyer protection window for ${listing} ended. ${credits.toLocaleString('en-US')} credits were added to your wallet.`,
  orderCompletedTitle: 'Order completed',
  windowEndedBuyer: (listing: string) =>
    `The buyer protection window for ${listing} ended and the seller was paid.`,
  disputedTitle: 'Order disputed',
  disputed: (buyer: string, listing: string) =>
    `${buyer} opened a dispute about ${listing}. The credits stay in escrow until staff settle it.`,
  settledBuyer: (listing: string, credits: number) =>
    `Your dispute about ${listing} was settled: ${credits.toLocaleString('en-US')} credits were returned to you.`,
  settledSeller: (listing: string, credits: number) =>
    `The dispute about ${listing} was settled: ${credits.toLocaleString('en-US')} credits were added to your wallet.`,
  listingSoldTitle: 'Listing sold',
  listingSold: (buyer: string, listing: string) =>
    `${buyer} bought ${listing}. The credits are held in escrow until the buyer confirms delivery.`,
  newListingTitle: 'New listing',
  newListing: (seller: string, listing: string) => `${seller} listed ${listing}`,
  cheatStatusTitle: 'Cheat status changed',
  listingDetectedTitle: 'Listing marked detected',
  detectionChangedTitle: 'Detection status changed',
  cheatStatus: (cheat: string, status: string) => `${cheat} is now ${status}.`,
  listingStatus: (listing: string, status: string) => `${listing} is now marked ${status} by its seller.`,
  detectedInWindow: (listing: string) =>
    `${listing} was marked Detected while your buyer protection is still on. You can open a dispute in one click.`,
  mentionedTitle: (author: string) => `${author} mentioned you`,
  newRepliesTitle: 'New replies',
  oneNewReply: (thread: string) => `1 new reply in ${thread}`,
  /** A grouped notice counting on (written in SQL by notifications/service.ts `countedInMembersLanguage`). */
  newReplies: (count: number, thread: string) => `${count} new replies in ${thread}`,
  mentions: (count: number, thread: string) => `${count} mentions in ${thread}`,
  staffRepliedTitle: 'Support replied to your ticket',
  ticketReplyTitle: 'New reply on a support ticket',
} as const);
