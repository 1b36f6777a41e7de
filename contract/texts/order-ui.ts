/** Buyer protection on screen (issue 41): a listing's order panel, my orders, the buyer's actions, the staff's table. */
import { defineMessages } from '../i18n/define.ts';

export const orderUi = /* @__PURE__ */ defineMessages('orderUi', {
  heldBuyer:
    'Your credits are held in escrow. Confirm delivery once you have what you paid for, or open a dispute if something is wrong.',
  heldSeller:
    'The buyer’s credits are held in escrow. You are paid when the buyer confirms delivery or when the protection window ends.',
  heldStaff:
    'The credits are held in escrow until the buyer confirms delivery or the protection window ends.',
  disputedBuyer: 'You opened a dispute. The credits stay in escrow until our staff settle it.',
  disputedSeller: 'The buyer opened a dispute. The credits stay in escrow until our staff settle it.',
  disputedStaff: 'The buyer opened a dispute. The credits stay in escrow until staff settle it.',
  releasedBuyer: 'The order is complete and the seller has been paid.',
  releasedSeller: 'The order is complete and you have been paid.',
  refundedBuyer: 'The order was refunded to you.',
  refundedSeller: 'The order was refunded to the buyer.',
  order: 'Order',
  buyerProtection: 'Buyer protection',
  /** The seller's share of a held order: what they will receive and the fee. */
  youWillReceive: (payout: number, fee: number) => `You will receive ${payout} credits (${fee} credits fee).`,
  viewDispute: 'View dispute',
  confirmDelivery: 'Confirm delivery',
  openDispute: 'Open dispute',
  /** The dispute dialog's description: the order's price and its listing's title. */
  disputeDescription: (price: number, title: string) =>
    `The ${price} credits stay in escrow while our staff review what happened with “${title}”. The seller will see your reason.`,
  whatWentWrong: 'What went wrong?',
  atLeast: (n: number) => `At least ${n} characters.`,
  youWerePaid: (n: number) => `You were paid ${n} credits.`,
  sellerWasPaid: (n: number) => `The seller was paid ${n} credits.`,
  disputeSettled: (refunded: number, paid: number) =>
    `Dispute settled: ${refunded} credits refunded to the buyer, ${paid} credits paid to the seller.`,
  staffNote: 'Staff note:',
  bought: 'Bought',
  units: (n: number) => `${n} units`,
  feePayout: (fee: number, payout: number) => `fee ${fee} · payout ${payout}`,
  /** "from <seller>" on a bought order; the name is a link put where {0} is. */
  fromSeller: (name: string) => `from ${name}`,
  /** "to <buyer>" on a sold order; the name is a link put where {0} is. */
  toBuyer: (name: string) => `to ${name}`,
  showContentLink: 'Show content link',
  loadingContentLink: 'Loading content link…',
  noContentLink: 'No content link is available.',
  title: 'Orders',
  purchases: 'Purchases',
  sales: 'Sales',
  wallet: 'Wallet',
  intro: 'Your marketplace purchases and sales. Payments wait in escrow until the buyer confirms delivery.',
  loading: 'Loading orders…',
  list: 'Orders list',
  adminIntro:
    "Marketplace orders in escrow, disputed and settled. Settle a dispute from its ticket, and a banned seller's held order here.",
  filterDisputed: 'Disputed',
  filterHeld: 'In escrow',
  filterReleased: 'Completed',
  filterRefunded: 'Refunded',
  buyerToSeller: 'Buyer → Seller',
  date: 'Date',
  deletedMember: 'Deleted member',
  ticket: 'Ticket',
  ticketFor: (title: string) => `Ticket for ${title}`,
  settle: 'Settle',
  settleItem: (title: string) => `Settle ${title}`,
  settleTitle: (title: string) => `Settle “${title}”`,
  settleOrder: 'Settle order',
  settleHeldIntro: "The seller's account is suspended, so this order's credits wait in escrow for staff.",
} as const);
