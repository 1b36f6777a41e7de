import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { paymentMessages as m } from '../../../contract/messages.ts';
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
} from '../../../contract/payments.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { AppError } from '../../plugins/errors.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { depositsCsv } from './export.ts';
import { ProcessorUnavailable } from './processor.ts';
import * as service from './service.ts';
import type { StripeProcessor } from './stripe.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

/** The member's top-ups: options, create, list, one, CSV; and the sandbox checkout when it is on. */
export const depositRoutes: FastifyPluginAsyncZod<service.PaymentsDeps> = async (app, deps) => {
  const route = routesFor(app, { tags: ['payments'], access: 'member' });

  route.get(
    '/wallet/deposit-options',
    {
      summary: 'The top-up methods this site takes and its terms (price of a credit, minimum, maximum)',
      response: { 200: depositOptions },
    },
    async () => service.depositOptions(deps),
  );

  route.post(
    '/wallet/deposits',
    {
      limit: 'depositPerUser',
      summary: 'Start a top-up: the processor makes an invoice; pay at checkoutUrl',
      description:
        'Credits arrive once the processor confirms the payment (its webhook, or the reconciliation job), exactly once.',
      body: createDepositBody,
      success: 201,
      response: { 201: depositCreated, 502: errorResponse },
    },
    async (request) => service.createDeposit(deps, signedIn(request), request.body),
  );

  route.get(
    '/wallet/deposits',
    {
      summary: 'My top-ups, newest first',
      querystring: depositQuery,
      response: { 200: depositPage },
    },
    async (request) => service.listDeposits(deps.db, signedIn(request), request.query),
  );

  route.get(
    '/wallet/deposits/export.csv',
    {
      limit: 'walletExportPerUser',
      summary: 'Every top-up of mine as CSV (cells that could run as formulas are escaped)',
      response: { 200: z.string().describe('text/csv') },
    },
    async (request, reply) => sendCsv(reply, 'deposits.csv', await depositsCsv(deps.db, signedIn(request))),
  );

  route.get(
    '/wallet/deposits/:id',
    {
      summary: 'One of my top-ups',
      params: depositIdParams,
      response: { 200: deposit },
    },
    async (request) =>
      service.toDeposit(await service.getDeposit(deps.db, signedIn(request), request.params.id)),
  );

  if (!deps.processors.sandbox) return;

  /* The sandbox checkout (development only: the configuration refuses it in production). */
  const sandbox = routesFor(app, { tags: ['payments'], access: 'member', params: depositIdParams });
  const sandboxDeposit = async (viewer: Parameters<typeof service.getDeposit>[1], id: string) => {
    const row = await service.getDeposit(deps.db, viewer, id);
    if (row.method !== 'sandbox') throw new AppError('CONFLICT', m.notSandbox);
    return row;
  };
  const toInvoice = (row: Awaited<ReturnType<typeof sandboxDeposit>>) => {
    const d = service.toDeposit(row);
    return { id: d.id, credits: d.credits, amount: d.amount, currency: d.currency, status: d.status };
  };

  sandbox.get(
    '/payments/sandbox/:id',
    {
      summary: 'Sandbox checkout: the invoice to pay (no real money)',
      response: { 200: sandboxInvoice, 409: errorResponse },
    },
    async (request) => toInvoice(await sandboxDeposit(signedIn(request), request.params.id)),
  );

  sandbox.post(
    '/payments/sandbox/:id/pay',
    {
      limit: 'depositPerUser',
      summary: 'Sandbox checkout: pay the invoice, or let it expire (no real money)',
      body: sandboxPayBody,
      response: { 200: sandboxInvoice, 409: errorResponse },
    },
    async (request) => {
      const row = await sandboxDeposit(signedIn(request), request.params.id);
      if (row.status !== 'pending') throw new AppError('CONFLICT', m.notPending);
      const after = await service.applyVerdict(deps, row.id, { state: request.body.outcome });
      return toInvoice(after ?? row);
    },
  );
};

const webhookReceived = z.object({ received: z.literal(true), handled: z.boolean() });

/**
 * Stripe's webhook (registered only when Stripe is configured). Its signature covers the exact bytes sent, so
 * this plugin (encapsulated: no other route sees it) keeps JSON bodies raw. A bad or stale signature is 400
 * with nothing done; 200 comes only after the change committed, so a failure makes Stripe deliver it again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<
  service.PaymentsDeps & { stripe: StripeProcessor }
> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const route = routesFor(app, { tags: ['payments'] });

  route.post(
    '/payments/stripe/webhook',
    {
      access: 'public',
      limit: 'stripeWebhookPerIp',
      summary: 'Stripe webhook: Checkout Sessions completed or expired, refunds and disputes',
      description:
        'Verified over the raw body with the Stripe-Signature header; every change is made from what Stripe answers when asked again. Events of other types answer 200 and change nothing.',
      response: { 200: webhookReceived, 502: errorResponse },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      let event: ReturnType<StripeProcessor['verifiedEvent']>;
      try {
        if (!Buffer.isBuffer(raw) || typeof signature !== 'string') throw new Error('unsigned');
        event = deps.stripe.verifiedEvent(raw, signature);
      } catch {
        throw new AppError('BAD_REQUEST', m.signatureInvalid);
      }
      try {
        const outcome = await handleStripeEvent(deps, deps.stripe, event);
        return { received: true as const, handled: outcome === 'handled' };
      } catch (err) {
        if (err instanceof ProcessorUnavailable) throw new AppError('BAD_GATEWAY', m.webhookRetry);
        throw err;
      }
    },
  );
};
