import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMessages as m } from '../../../contract/messages.ts';
import { depositRoutes as r, paymentWebhookRoutes as webhooks } from '../../../contract/routes/payments.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { AppError } from '../../plugins/errors.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { depositsCsv } from './export.ts';
import { ProcessorUnavailable } from './processor.ts';
import * as service from './service.ts';
import type { StripeProcessor } from './stripe.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

/** The member's top-ups: the routes of contract/routes/payments.ts; the sandbox checkout when it is on. */
export const depositRoutes: FastifyPluginAsyncZod<service.PaymentsDeps> = async (app, deps) => {
  const route = routesFor(app, { tags: ['payments'] });

  route.on(r.options, {}, async () => service.depositOptions(deps));

  route.on(r.create, { limit: 'depositPerUser' }, async (request) =>
    service.createDeposit(deps, signedIn(request), request.body),
  );

  route.on(r.list, {}, async (request) => service.listDeposits(deps.db, signedIn(request), request.query));

  route.on(r.exportCsv, { limit: 'walletExportPerUser' }, async (request, reply) =>
    sendCsv(reply, 'deposits.csv', await depositsCsv(deps.db, signedIn(request))),
  );

  route.on(r.get, {}, async (request) =>
    service.toDeposit(await service.getDeposit(deps.db, signedIn(request), request.params.id)),
  );

  if (!deps.processors.sandbox) return;

  /* The sandbox checkout (development only: the configuration refuses it in production). */
  const sandboxDeposit = async (viewer: Parameters<typeof service.getDeposit>[1], id: string) => {
    const row = await service.getDeposit(deps.db, viewer, id);
    if (row.method !== 'sandbox') throw new AppError('CONFLICT', m.notSandbox);
    return row;
  };
  const toInvoice = (row: Awaited<ReturnType<typeof sandboxDeposit>>) => {
    const d = service.toDeposit(row);
    return { id: d.id, credits: d.credits, amount: d.amount, currency: d.currency, status: d.status };
  };

  route.on(r.sandbox, {}, async (request) =>
    toInvoice(await sandboxDeposit(signedIn(request), request.params.id)),
  );

  route.on(r.paySandbox, { limit: 'depositPerUser' }, async (request) => {
    const row = await sandboxDeposit(signedIn(request), request.params.id);
    if (row.status !== 'pending') throw new AppError('CONFLICT', m.notPending);
    const after = await service.applyVerdict(deps, row.id, { state: request.body.outcome });
    return toInvoice(after ?? row);
  });
};

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

  route.on(webhooks.stripe, { limit: 'stripeWebhookPerIp' }, async (request) => {
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
  });
};
