/**
 * The notifications an order and a ticket send (issue 41): each written in its recipient's language when it is
 * made (`content: (l) => inLocale(l, orderNotices).…`), as the bell and the mail show it. A settled dispute's
 * title is orderMessages.settled.
 */
import { defineMessages } from '../i18n/define.ts';

export const orderNotices = /* @__PURE__ */ defineMessages('orderNotices', {
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
  staffRepliedTitle: 'Support replied to your ticket',
  ticketReplyTitle: 'New reply on a support ticket',
} as const);
