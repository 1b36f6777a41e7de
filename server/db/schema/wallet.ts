import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { walletCurrencies } from '../../../contract/orders.ts';
import { depositMethods, depositProblems, depositStatuses } from '../../../contract/payments.ts';
import { withdrawalMethods, withdrawalStatuses } from '../../../contract/withdrawals.ts';
import { profiles } from './auth.ts';
import { belongsTo, createdAt, primaryId, timestamps, updatedAt } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

export type WalletCurrency = (typeof walletCurrencies)[number];
/** Members' accounts are their profile's credits/balance; the others are the platform's own. */
export const walletAccountKinds = [
  'user',
  'escrow',
  'platform_fees',
  'grants',
  'exchange',
  // Per-processor clearing accounts: credits bought enter from here (negative: what the processors owe us).
  'deposits_btcpay',
  'deposits_stripe',
  'deposits_sandbox',
  // A withdrawal's credits from request to completion, then what has left the site.
  'payouts_pending',
  'payouts',
] as const;
export type WalletAccountKind = (typeof walletAccountKinds)[number];

/**
 * Double-entry ledger: every transfer is a set of rows sharing `transfer_id` whose amounts sum to zero.
 * A member's running balance is kept in `profiles` (changed only by the wallet service, in the same
 * transaction); the ledger is the audit trail that must always agree with it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: primaryId(),
    transferId: uuid('transfer_id').notNull(),
    account: text('account', { enum: walletAccountKinds }).notNull(),
    /** Set for `user` accounts only. */
    userId: memberOrGone('user_id'),
    currency: text('currency', { enum: walletCurrencies }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For `user` rows: the member's balance in this currency right after the row (the wallet history). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id'),
    /** The top-up or withdrawal a transfer belongs to (decision 032). */
    depositId: uuid('deposit_id'),
    withdrawalId: uuid('withdrawal_id'),
    createdBy: memberOrGone('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    index('ledger_entries_transfer_idx').on(t.transferId),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ledger_entries_order_idx').on(t.orderId),
  ],
);

/**
 * A top-up: credits ordered from a processor. Credited once, by the conditional `pending → settled`
 * update that writes the deposit transfer in the same transaction (decision 032).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: primaryId(),
    // Money records outlive the member: the row stays for the books with its member gone.
    userId: memberOrGone('user_id'),
    method: text('method', { enum: depositMethods }).notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    /** The price in the currency's minor units (cents), fixed when the invoice was made. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: depositStatuses }).notNull().default('pending'),
    problem: text('problem', { enum: depositProblems }),
    /** The processor's invoice (BTCPay) or Checkout Session (Stripe) id; null until it answered. */
    processorRef: text('processor_ref'),
    /** Stripe's PaymentIntent, which disputes and refunds name. */
    paymentRef: text('payment_ref'),
    checkoutUrl: text('checkout_url'),
    /** Credits taken back after settlement (refunds, chargebacks). */
    reversedCredits: bigint('reversed_credits', { mode: 'number' }).notNull().default(0),
    /** What staff should know (an over-payment's amounts). */
    staffNote: text('staff_note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check('deposits_credits_check', sql`${t.credits} > 0`),
    check('deposits_reversed_check', sql`${t.reversedCredits} between 0 and ${t.credits}`),
    uniqueIndex('deposits_processor_ref_key').on(t.method, t.processorRef),
    uniqueIndex('deposits_payment_ref_key').on(t.method, t.paymentRef),
    index('deposits_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The reconciliation sweep: pending deposits by expiry.
    index('deposits_pending_idx').on(t.expiresAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A seller's request to take earned credits out. Its credits sit in `payouts_pending` from the request
 * until it completes (→ `payouts`) or is rejected or fails (→ back to the member).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: primaryId(),
    userId: memberOrGone('user_id'),
    method: text('method', { enum: withdrawalMethods }).notNull(),
    /** Taken from the member: `fee` goes to the platform, the rest is paid out. */
    credits: bigint('credits', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** The payout amount in the currency's minor units at the request's rate. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    destination: text('destination').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    /** BTCPay's payout id once staff approved one. */
    payoutRef: text('payout_ref'),
    /** A manual payout's reference, recorded by staff. */
    reference: text('reference'),
    reason: text('reason'),
    decidedBy: memberOrGone('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check('withdrawals_amounts_check', sql`${t.credits} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.credits}`),
    // One open request at a time.
    uniqueIndex('withdrawals_open_key').on(t.userId).where(sql`${t.status} in ('pending', 'processing')`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('withdrawals_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('withdrawals_payout_ref_key').on(t.payoutRef),
  ],
);

/** Where a member's payouts go, per method; a new address is usable only from `usable_at` (24 h later). */
export const payoutDestinations = pgTable(
  'payout_destinations',
  {
    userId: belongsTo('user_id', () => profiles.id),
    method: text('method', { enum: withdrawalMethods }).notNull(),
    destination: text('destination').notNull(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.method] })],
);

/** Authenticator codes spent on money actions: each 30-second step once per member (a code is not replayable). */
export const spentTotpSteps = pgTable(
  'spent_totp_steps',
  {
    userId: belongsTo('user_id', () => profiles.id),
    step: bigint('step', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);
