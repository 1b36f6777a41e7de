import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentMessages as m, messages } from '../../../contract/messages.ts';
import { paymentWebhookRoutes as webhooks } from '../../../contract/routes/payments.ts';
import { AppError } from '../../plugins/errors.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { applyPayoutOutcome } from '../withdrawals/decisions.ts';
import { findByPayoutRef } from '../withdrawals/queries.ts';
import { type BtcpayConfig, getInvoice, invoiceMatches, invoiceVerdict } from './btcpay.ts';
import { btcpayPayoutSender } from './btcpay-payouts.ts';
import { ProcessorUnavailable } from './processor.ts';
import * as q from './queries.ts';
import { applyVerdict, type PaymentsDeps } from './service.ts';

/** The invoice events that can change a deposit; any other event is acknowledged and ignored. */
const handledTypes = new Set([
  'InvoiceSettled',
  'InvoiceExpired',
  'InvoiceInvalid',
  'InvoiceReceivedPayment',
  'InvoiceProcessing',
]);

/** The payout events (a withdrawal's payout, made at approval): each one re-reads the payout. */
const payoutTypes = new Set(['PayoutCreated', 'PayoutApproved', 'PayoutUpdated']);

/**
 * The fields of Greenfield's WebhookInvoiceEvent and payout events we read; the rest of the body is not
 * trusted for anything.
 */
const webhookEvent = z.object({
  deliveryId: z.string().max(200).optional(),
  isRedelivery: z.boolean().optional(),
  type: z.string().max(100),
  storeId: z.string().max(200).optional(),
  invoiceId: z.string().min(1).max(200).optional(),
  payoutId: z.string().min(1).max(200).optional(),
});

/** `BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>`, compared in constant time. */
export function btcpaySignatureValid(secret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const sent = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim())?.[1];
  if (!sent) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(sent, 'hex'));
}

/**
 * BTCPay's webhook (decision 032): the signature over the raw bytes, then the invoice re-read at the source,
 * and its state applied to the deposit exactly once. 2xx only after the change committed (BTCPay redelivers
 * anything else), 400 on a bad signature, 200 for events and invoices that are not ours to act on.
 * Server-to-server: no Origin or Sec-Fetch-Site header, so the security plugin's cross-site check passes it.
 */
export const btcpayWebhookRoutes: FastifyPluginAsyncZod<{
  deps: PaymentsDeps;
  config: BtcpayConfig;
}> = async (app, { deps, config }) => {
  // Scoped to this plugin: the signature is over the bytes as sent, so JSON is kept raw and parsed after it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const route = routesFor(app, { tags: ['payments'] });
  const payouts = btcpayPayoutSender(config);

  route.on(webhooks.btcpay, { limit: 'btcpayWebhookPerIp' }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!btcpaySignatureValid(config.webhookSecret, raw, request.headers['btcpay-sig']))
      throw new AppError('BAD_REQUEST', m.signatureInvalid);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', messages.badRequest);
    }
    const read = webhookEvent.safeParse(parsed);
    if (!read.success) throw new AppError('BAD_REQUEST', messages.badRequest);
    const event = read.data;
    const log = request.log.child({
      deliveryId: event.deliveryId,
      type: event.type,
      invoiceId: event.invoiceId,
      payoutId: event.payoutId,
      isRedelivery: event.isRedelivery,
    });
    const ignored = { received: true as const };
    if (payoutTypes.has(event.type) && event.payoutId) {
      // The template's payout events do not list storeId (BTCPay's store events carry it): refused only when
      // it names another store. The payout is ours by its payout_ref and re-read with our store's key anyway.
      if (event.storeId !== undefined && event.storeId !== config.storeId) {
        log.warn('btcpay webhook for another store: ignored');
        return ignored;
      }
      const w = await findByPayoutRef(deps.db, event.payoutId);
      if (!w) {
        log.info('btcpay webhook for a payout that is no withdrawal of ours: ignored');
        return ignored;
      }
      let outcome: Awaited<ReturnType<typeof payouts.check>>;
      try {
        // Never the body's word (its payoutState is a snapshot): the payout as BTCPay has it now.
        outcome = await payouts.check(event.payoutId);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'btcpay payout could not be re-read');
        if (err instanceof ProcessorUnavailable) throw new AppError('BAD_GATEWAY', m.processorFailed);
        throw err;
      }
      const changed = await applyPayoutOutcome(deps.db, w.id, outcome);
      log.info({ withdrawalId: w.id, outcome, changed }, 'btcpay payout webhook applied');
      return ignored;
    }
    if (!handledTypes.has(event.type) || !event.invoiceId) return ignored;
    if (event.storeId !== config.storeId) {
      log.warn('btcpay webhook for another store: ignored');
      return ignored;
    }
    const deposit = await q.findByRef(deps.db, 'btcpay', { processorRef: event.invoiceId });
    if (!deposit) {
      log.info('btcpay webhook for an invoice that is no deposit of ours: ignored');
      return ignored;
    }
    let invoice: Awaited<ReturnType<typeof getInvoice>>;
    let verdict: Awaited<ReturnType<typeof invoiceVerdict>>;
    try {
      // Never the body's word: the invoice as BTCPay has it now.
      invoice = await getInvoice(config, event.invoiceId);
      if (!invoiceMatches(config, invoice, deposit)) {
        log.error({ depositId: deposit.id }, 'btcpay invoice does not match its deposit: nothing done');
        return ignored;
      }
      verdict = await invoiceVerdict(config, invoice);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'btcpay invoice could not be re-read');
      if (err instanceof ProcessorUnavailable) throw new AppError('BAD_GATEWAY', m.processorFailed);
      throw err;
    }
    const after = await applyVerdict(deps, deposit.id, verdict);
    log.info({ depositId: deposit.id, status: after?.status }, 'btcpay webhook applied');
    return ignored;
  });
};
