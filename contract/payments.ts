import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { idParams } from './id-params.ts';
import { paymentMessages as m } from './messages/payment.ts';
import { pageOf, statusPageQuery } from './pages.ts';

/*
 * Top-ups (decision 032): a member buys credits from a payment processor. The server makes the invoice or
 * Checkout Session and credits the deposit once the processor confirms it, exactly once.
 */

export const depositMethods = ['btcpay', 'stripe', 'sandbox'] as const;
export type DepositMethod = (typeof depositMethods)[number];
export const depositStatuses = ['pending', 'settled', 'expired', 'invalid', 'reversed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
/** Why a deposit needs a word: paid in part (nothing credited), or paid over (the rest recorded for staff). */
export const depositProblems = ['paid_partial', 'paid_over'] as const;
export type DepositProblem = (typeof depositProblems)[number];

export const methodLabels: Record<DepositMethod, string> = /* @__PURE__ */ defineMessages('methodLabels', {
  btcpay: 'Crypto (BTCPay)',
  stripe: 'Card (Stripe)',
  sandbox: 'Sandbox (no real money)',
});

/** The credits a member may ask for: whole, positive; the site's minimum and maximum are checked by the server. */
const creditsField = z
  .number({ error: m.creditsRequired })
  .int(m.creditsWhole)
  .min(1, m.creditsPositive)
  .max(1_000_000_000, m.creditsTooHigh);

export const createDepositBody = z
  .object({
    method: z.enum(depositMethods, { error: m.methodInvalid }),
    credits: creditsField,
  })
  .strict();
export type CreateDepositBody = z.input<typeof createDepositBody>;

export const deposit = z.object({
  id: z.string(),
  method: z.enum(depositMethods),
  credits: z.number().int(),
  /** The price as a decimal string in `currency` ("5.00"). */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(depositStatuses),
  problem: z.enum(depositProblems).nullable(),
  /** Where to pay: only while the deposit is pending. */
  checkoutUrl: z.string().nullable(),
  reversedCredits: z.number().int(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositCreated = z.object({
  id: z.string(),
  status: z.enum(depositStatuses),
  checkoutUrl: z.string(),
});
export const depositPage = pageOf(deposit);
export type DepositPage = z.infer<typeof depositPage>;
export const depositQuery = statusPageQuery(['all', ...depositStatuses], 'all');
export const depositPageSize = 20;
export const depositIdParams = idParams(m.depositNotFound);

/** What the Add credits dialog offers: the configured methods and the site's terms. */
export const depositOptions = z.object({
  methods: z.array(z.enum(depositMethods)),
  currency: z.string(),
  creditsPerUnit: z.number().int(),
  minCredits: z.number().int(),
  maxCredits: z.number().int(),
  presets: z.array(z.number().int()),
});
export type DepositOptions = z.infer<typeof depositOptions>;

/** The sandbox checkout page's view of a deposit (development only). */
export const sandboxInvoice = z.object({
  id: z.string(),
  credits: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(depositStatuses),
});
export type SandboxInvoice = z.infer<typeof sandboxInvoice>;
export const sandboxPayBody = z.object({ outcome: z.enum(['paid', 'expired']) }).strict();

/** A processor's webhook, acknowledged once what it asked has committed (or it was one we ignore). */
export const webhookReceived = z.object({ received: z.literal(true) });
/** Stripe's, saying too whether the event was one that changes a deposit. */
export const stripeWebhookReceived = z.object({ received: z.literal(true), handled: z.boolean() });
