import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { idParams } from './id-params.ts';
import { withdrawalMessages as m } from './messages/withdrawal.ts';
import { pageOf, statusPageQuery } from './pages.ts';
import { person } from './people.ts';
import { textField } from './text-field.ts';

/*
 * Withdrawals (decision 032): a seller takes earned credits out, past the reserve, with a fresh
 * authenticator code; staff approve or reject each request.
 */

export const withdrawalMethods = ['btcpay', 'manual'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];
export const withdrawalStatuses = ['pending', 'processing', 'completed', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalMethodLabels: Record<WithdrawalMethod, string> = /* @__PURE__ */ defineMessages(
  'withdrawalMethodLabels',
  {
    btcpay: 'Bitcoin (BTCPay payout)',
    manual: 'Manual payout by staff',
  },
);

const totpCode = textField({ max: 32 }, m.codeRequired, m.codeInvalid);

export const createWithdrawalBody = z
  .object({
    method: z.enum(withdrawalMethods, { error: m.methodInvalid }),
    credits: z
      .number({ error: m.creditsRequired })
      .int(m.creditsWhole)
      .min(1, m.creditsPositive)
      .max(1_000_000_000, m.creditsTooHigh),
    code: totpCode,
  })
  .strict();
export type CreateWithdrawalBody = z.input<typeof createWithdrawalBody>;

/** A payout address (a Bitcoin address for BTCPay, payment details for a manual payout). */
export const setPayoutDestinationBody = z
  .object({
    method: z.enum(withdrawalMethods, { error: m.methodInvalid }),
    destination: textField({ max: 200 }, m.destinationRequired, m.destinationTooLong),
    code: totpCode,
  })
  .strict();
export type SetPayoutDestinationBody = z.input<typeof setPayoutDestinationBody>;

export const payoutDestination = z.object({
  method: z.enum(withdrawalMethods),
  destination: z.string(),
  /** A new address is usable 24 hours after it was set. */
  usableAt: z.string(),
});
export type PayoutDestination = z.infer<typeof payoutDestination>;
export const payoutDestinations = z.object({ items: z.array(payoutDestination) });

export const withdrawal = z.object({
  id: z.string(),
  method: z.enum(withdrawalMethods),
  credits: z.number().int(),
  fee: z.number().int(),
  /** The payout as a decimal string in `currency`. */
  amount: z.string(),
  currency: z.string(),
  destination: z.string(),
  status: z.enum(withdrawalStatuses),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalPage = pageOf(withdrawal);
export type WithdrawalPage = z.infer<typeof withdrawalPage>;
export const withdrawalQuery = statusPageQuery(['all', ...withdrawalStatuses], 'all');
export const withdrawalPageSize = 20;
export const withdrawalIdParams = idParams(m.notFound);

/** The staff queue's row: the request and what to judge the seller by. */
export const adminWithdrawal = withdrawal.extend({
  member: person.nullable(),
  memberSince: z.string().nullable(),
  releasedSales: z.number().int(),
  disputes: z.number().int(),
  lostDisputes: z.number().int(),
  /** Earlier withdrawals that completed. */
  completedWithdrawals: z.number().int(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalPage = pageOf(adminWithdrawal);
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPage>;
export const adminWithdrawalQuery = statusPageQuery(['all', ...withdrawalStatuses], 'pending');

export const approveWithdrawalBody = z
  .object({
    /** A manual payout's reference (required for manual, ignored for BTCPay). */
    reference: z.string().trim().max(200, m.referenceTooLong).optional(),
  })
  .strict();
export const rejectWithdrawalBody = z
  .object({
    reason: textField({ max: 1000 }, m.reasonRequired, m.reasonTooLong),
  })
  .strict();

/** What the Withdraw dialog needs: the methods this site pays out by and the site's terms. */
export const withdrawalOptions = z.object({
  methods: z.array(z.enum(withdrawalMethods)),
  minCredits: z.number().int(),
  feePercent: z.number().int(),
  reserveDays: z.number().int(),
  /** How long a new payout address waits before it can be used. */
  addressHoldHours: z.number().int(),
  currency: z.string(),
  creditsPerUnit: z.number().int(),
  /** Withdrawing and changing a payout address need two-factor sign-in on. */
  twoFactorEnabled: z.boolean(),
});
export type WithdrawalOptions = z.infer<typeof withdrawalOptions>;
