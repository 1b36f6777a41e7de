import { z } from 'zod';
import { idParams } from './id-params.ts';
import { orderMessages as m } from './messages/order.ts';
import { walletMessages as w } from './messages/wallet.ts';
import { cursorParam, pageOf, statusPageQuery } from './pages.ts';
import { person } from './people.ts';
import { textField } from './text-field.ts';

/** held → released (confirmed or window ended) | disputed → released / refunded (staff settle; a split is released). */
export const orderStatuses = ['held', 'disputed', 'released', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderPageSize = 24;
export const disputeReasonLimits = { min: 20, max: 2000 } as const;
export const settlementOutcomes = ['refund', 'release', 'split'] as const;

export const orderIdParams = idParams(m.notFound);

const party = person;

/** An order as its two parties and staff see it. */
export const order = z.object({
  id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  /** The total paid: unit price × units. */
  price: z.number().int(),
  units: z.number().int(),
  fee: z.number().int(),
  status: z.enum(orderStatuses),
  /** The caller's side of it; `staff` for staff who are neither party. */
  role: z.enum(['buyer', 'seller', 'staff']),
  buyer: party.nullable(),
  seller: party.nullable(),
  /** End of the buyer-protection window (the automatic release). */
  releaseAt: z.string(),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  /** The dispute's support ticket, when there is one. */
  ticketId: z.string().nullable(),
  settledAt: z.string().nullable(),
  refundedAmount: z.number().int(),
  sellerPayout: z.number().int(),
  settlementNote: z.string().nullable(),
  createdAt: z.string(),
  /** Staff: settle it now (a dispute, or a held order of a banned seller). */
  abilities: z.object({ settle: z.boolean() }),
});
export type Order = z.infer<typeof order>;

/** The detail adds the content link: to the two parties only (staff: null; they use "Reveal content link"). */
export const orderDetail = order.extend({ contentLink: z.string().nullable() });
export type OrderDetail = z.infer<typeof orderDetail>;

/** What staff get from "Reveal content link" on a disputed order. */
export const revealedContent = z.object({
  contentLink: z.string(),
  /** A key listing's order: the license keys it delivered. */
  keys: z.array(z.string()),
});

export const orderPage = pageOf(order);
export type OrderPage = z.infer<typeof orderPage>;

export const orderListQuery = z.object({
  role: z.enum(['all', 'buyer', 'seller']).default('all'),
  cursor: cursorParam,
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const adminOrderListQuery = statusPageQuery(['all', ...orderStatuses], 'disputed');
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const disputeBody = z.object({
  reason: textField(disputeReasonLimits, m.reasonTooShort, m.reasonTooLong),
});
export type DisputeBody = z.input<typeof disputeBody>;

export const settleBody = z.object({
  outcome: z.enum(settlementOutcomes, { error: m.outcomeRequired }),
  /** For a split: the credits returned to the buyer (the rest goes to the seller, minus its share of the fee). */
  buyerRefund: z
    .number({ error: m.splitAmountInvalid })
    .int(m.splitAmountInvalid)
    .min(1, m.splitAmountInvalid)
    .optional(),
  note: textField({ max: 2000 }, m.noteRequired, m.noteTooLong),
});
export type SettleBody = z.input<typeof settleBody>;

/* Wallet */

export const walletSummary = z.object({
  balance: z.number().int(),
  credits: z.number().int(),
  /** Credits I paid that wait in escrow (my purchases held or disputed). */
  escrowPaid: z.number().int(),
  /** Credits waiting in escrow for me (my sales held or disputed, before the fee). */
  escrowIncoming: z.number().int(),
  /** Earned credits past the reserve, which a withdrawal may take (decision 032). */
  withdrawable: z.number().int(),
  /** Earned credits still in the reserve, each release with the moment it frees up (oldest first). */
  reserved: z.number().int(),
  reserve: z.array(z.object({ credits: z.number().int(), freesAt: z.string() })),
  /** Credits ordered in top-ups that the processor has not confirmed yet. */
  pendingDeposits: z.number().int(),
  /** Credits of my withdrawal waiting for staff or the payout. */
  pendingWithdrawals: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummary>;

export const walletCurrencies = ['credits', 'balance'] as const;
export const ledgerEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  currency: z.enum(walletCurrencies),
  kind: z.string(),
  description: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int().nullable(),
  orderId: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerPage = pageOf(ledgerEntry);
export type LedgerPage = z.infer<typeof ledgerPage>;
export const ledgerQuery = z.object({
  currency: z.enum(['all', ...walletCurrencies]).default('all'),
  cursor: cursorParam,
});
export type LedgerQuery = z.input<typeof ledgerQuery>;
/** The CSV export's query: the whole history of one currency (or all). */
export const ledgerExportQuery = ledgerQuery.pick({ currency: true });
export const ledgerPageSize = 25;

export const convertBody = z.object({
  amount: z
    .number({ error: w.amountRequired })
    .int(w.amountPositive)
    .min(1, w.amountPositive)
    .max(1_000_000, w.amountTooHigh),
});
export type ConvertBody = z.input<typeof convertBody>;
