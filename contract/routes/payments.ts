import { errorResponse } from '../errors.ts';
import {
  createDepositBody,
  deposit,
  depositCreated,
  depositIdParams,
  depositOptions,
  depositPage,
  depositQuery,
  sandboxInvoice,
  sandboxPayBody,
  stripeWebhookReceived,
  webhookReceived,
} from '../payments.ts';
import { csvText, type RouteGroup } from './route.ts';

/** The member's top-ups: options, create, list, one, CSV; and the sandbox checkout when it is on. */
export const depositRoutes = {
  options: {
    method: 'GET',
    path: '/wallet/deposit-options',
    access: 'member',
    summary: 'The top-up methods this site takes and its terms (price of a credit, minimum, maximum)',
    response: { 200: depositOptions },
  },
  create: {
    method: 'POST',
    path: '/wallet/deposits',
    access: 'member',
    summary: 'Start a top-up: the processor makes an invoice; pay at checkoutUrl',
    description:
      'Credits arrive once the processor confirms the payment (its webhook, or the reconciliation job), exactly once.',
    body: createDepositBody,
    response: { 201: depositCreated, 502: errorResponse },
    success: 201,
  },
  list: {
    method: 'GET',
    path: '/wallet/deposits',
    access: 'member',
    summary: 'My top-ups, newest first',
    query: depositQuery,
    response: { 200: depositPage },
  },
  exportCsv: {
    method: 'GET',
    path: '/wallet/deposits/export.csv',
    access: 'member',
    summary: 'Every top-up of mine as CSV (cells that could run as formulas are escaped)',
    response: { 200: csvText },
  },
  get: {
    method: 'GET',
    path: '/wallet/deposits/:id',
    access: 'member',
    summary: 'One of my top-ups',
    params: depositIdParams,
    response: { 200: deposit },
  },
  /** The sandbox checkout (development only: the configuration refuses it in production). */
  sandbox: {
    method: 'GET',
    path: '/payments/sandbox/:id',
    access: 'member',
    summary: 'Sandbox checkout: the invoice to pay (no real money)',
    params: depositIdParams,
    response: { 200: sandboxInvoice, 409: errorResponse },
  },
  paySandbox: {
    method: 'POST',
    path: '/payments/sandbox/:id/pay',
    access: 'member',
    summary: 'Sandbox checkout: pay the invoice, or let it expire (no real money)',
    params: depositIdParams,
    body: sandboxPayBody,
    response: { 200: sandboxInvoice, 409: errorResponse },
  },
} as const satisfies RouteGroup;

/**
 * The processors' webhooks (each only when its processor is configured). Not in `routeTables` (index.ts): the
 * processors call them, never the web; server/plugins/route-table.test.ts checks them with the table.
 */
export const paymentWebhookRoutes = {
  stripe: {
    method: 'POST',
    path: '/payments/stripe/webhook',
    access: 'public',
    summary: 'Stripe webhook: Checkout Sessions completed or expired, refunds and disputes',
    description:
      'Verified over the raw body with the Stripe-Signature header; every change is made from what Stripe answers when asked again. Events of other types answer 200 and change nothing.',
    response: { 200: stripeWebhookReceived, 502: errorResponse },
  },
  btcpay: {
    method: 'POST',
    path: '/payments/btcpay/webhook',
    access: 'public',
    summary:
      "BTCPay Server's webhook: invoice events for top-ups, payout events for withdrawals (signed with BTCPay-Sig)",
    description:
      'Verifies `BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>`, then re-reads the invoice or payout from BTCPay and acts on its status. ' +
      'Answers 200 once the change has committed (or for an event it ignores), 400 on a bad signature, 502 when BTCPay cannot be re-read.',
    response: { 200: webhookReceived, 502: errorResponse },
  },
} as const satisfies RouteGroup;
