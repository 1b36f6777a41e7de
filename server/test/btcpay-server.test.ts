import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcpayProcessor, getInvoice } from '../modules/payments/btcpay.ts';
import { btcpaySignatureValid } from '../modules/payments/btcpay-routes.ts';
import { type BtcpayServer, startBtcpayServer } from './btcpay-server.ts';
import { type Greenfield, loadGreenfield } from './greenfield-schemas.ts';

/**
 * The loopback BTCPay Server against BTCPay's published Greenfield templates (server/test/
 * btcpay-greenfield/): what it answers and the webhooks it sends have the real shapes, so tests that pass
 * against it pass against the protocol, not against our own idea of it. Database-free.
 */
let server: BtcpayServer;
let greenfield: Greenfield;
const config = () => ({
  url: server.url,
  storeId: server.storeId,
  apiKey: server.apiKey,
  webhookSecret: server.webhookSecret,
});

beforeAll(async () => {
  server = await startBtcpayServer();
  greenfield = loadGreenfield();
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, key = server.apiKey) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `token ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Every property a schema declares, except the ones named (BTCPay answers them all). */
const declared = (name: string, except: string[] = []) =>
  Object.keys(greenfield.schema(name).properties ?? {}).filter((k) => !except.includes(k));

async function newInvoice() {
  const checkout = await btcpayProcessor(config()).createCheckout({
    depositId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    credits: 1000,
    amountMinor: 1000,
    currency: 'USD',
    returnUrl: 'http://localhost:3000/wallet?deposit=x',
  });
  return checkout.processorRef;
}

describe('the Greenfield templates', () => {
  it('are read: the schemas and the webhook events we use are there', () => {
    for (const name of [
      'InvoiceData',
      'CreateInvoiceRequest',
      'InvoicePaymentMethodDataModel',
      'PayoutData',
      'PullPaymentData',
    ])
      expect(Object.keys(greenfield.schema(name).properties ?? {}).length, name).toBeGreaterThan(3);
    // The pull payment's request is declared inline; its payout methods are `payoutMethods` (not the older
    // `paymentMethods`), and a claim names its `payoutMethodId`.
    const createPullPayment = greenfield.flatten(greenfield.requests.PullPayments_CreatePullPayment);
    expect(Object.keys(createPullPayment.properties)).toEqual(
      expect.arrayContaining(['name', 'amount', 'currency', 'autoApproveClaims', 'payoutMethods']),
    );
    expect(createPullPayment.properties).not.toHaveProperty('paymentMethods');
    expect(Object.keys(greenfield.schema('CreatePayoutRequest').properties)).toEqual([
      'destination',
      'amount',
      'payoutMethodId',
    ]);
    for (const type of ['PayoutCreated', 'PayoutApproved', 'PayoutUpdated'])
      expect(greenfield.flatten(greenfield.webhooks[type]).properties, type).toHaveProperty('payoutId');
    for (const type of [
      'InvoiceSettled',
      'InvoiceExpired',
      'InvoiceInvalid',
      'InvoiceReceivedPayment',
      'InvoiceProcessing',
    ])
      expect(greenfield.webhooks[type], type).toBeDefined();
    // The checker sees a wrong type, an unknown property on a closed schema, and a bad enum value.
    expect(greenfield.check('InvoiceData', { id: 5 })).toEqual(['$.id: number where a string is expected']);
    expect(greenfield.check('InvoiceData', { nope: true })).toEqual(['$.nope: not in the schema']);
    expect(greenfield.check('InvoiceData', { status: 'Paid' })[0]).toMatch(/not in/);
    expect(greenfield.check('InvoiceData', { amount: '5,00' })).toEqual(['$.amount: not a decimal string']);
  });
});

describe('authentication', () => {
  it('answers 401 in the ProblemDetails shape without the right token', async () => {
    for (const key of ['', 'wrong-key']) {
      const res = await call('GET', '/api/v1/invoices/abc', undefined, key);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(greenfield.check('ProblemDetails', body)).toEqual([]);
      expect(body.code).toBe('unauthenticated');
    }
    expect(server.requests.filter((r) => !r.authorized).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(server.requests)).not.toContain(server.apiKey);
  });
});

describe('invoices', () => {
  it('takes our create request as CreateInvoiceRequest and answers InvoiceData with every property', async () => {
    const id = await newInvoice();
    const sent = server.requests.findLast((r) => r.method === 'POST' && r.path.endsWith('/invoices'))!;
    expect(sent.authorized).toBe(true);
    expect(greenfield.check('CreateInvoiceRequest', sent.body)).toEqual([]);
    const invoice = server.invoiceData(id);
    expect(greenfield.check('InvoiceData', invoice)).toEqual([]);
    for (const key of declared('InvoiceData')) expect(invoice, key).toHaveProperty(key);

    const read = await call('GET', `/api/v1/invoices/${id}`);
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(greenfield.check('InvoiceData', body)).toEqual([]);
    expect(body).toMatchObject({
      id,
      storeId: server.storeId,
      amount: '10.00',
      currency: 'USD',
      status: 'New',
    });
    expect(await getInvoice(config(), id)).toEqual(body);
  });

  it('answers payment methods as InvoicePaymentMethodDataModel, with the amounts paid', async () => {
    const id = await newInvoice();
    server.setInvoice(id, { status: 'Settled', additionalStatus: 'PaidOver', paidAmount: '12.50' });
    const res = await call('GET', `/api/v1/invoices/${id}/payment-methods`);
    expect(res.status).toBe(200);
    const methods = await res.json();
    expect(methods).toHaveLength(1);
    for (const pm of methods) {
      expect(greenfield.check('InvoicePaymentMethodDataModel', pm)).toEqual([]);
      for (const key of declared('InvoicePaymentMethodDataModel')) expect(pm, key).toHaveProperty(key);
      for (const p of pm.payments) expect(greenfield.check('Payment', p)).toEqual([]);
    }
    expect(methods[0]).toMatchObject({ amount: '0.00020000', totalPaid: '0.00025000' });
    expect(greenfield.check('InvoiceData', server.invoiceData(id))).toEqual([]);
  });

  it('refuses a body that is not a CreateInvoiceRequest with ValidationProblemDetails', async () => {
    const res = await call('POST', `/api/v1/stores/${server.storeId}/invoices`, {
      amount: 10,
      currency: 'USD',
      checkout: { redirectUrl: 'https://example.com' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(greenfield.check('ValidationProblemDetails', body)).toEqual([]);
    expect(body.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining(['amount', 'checkout.redirectUrl']),
    );
  });

  it('answers 404 for an invoice it does not have and 403 for another store', async () => {
    const missing = await call('GET', '/api/v1/invoices/NoSuchInvoice');
    expect(missing.status).toBe(404);
    expect(greenfield.check('ProblemDetails', await missing.json())).toEqual([]);
    const other = await call('POST', '/api/v1/stores/another-store/invoices', {
      amount: '1.00',
      currency: 'USD',
    });
    expect(other.status).toBe(403);
  });
});

describe('pull payments', () => {
  const address = 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw';
  const create = (body: object) => call('POST', `/api/v1/stores/${server.storeId}/pull-payments`, body);

  it('makes one as PullPaymentData with every property, lists it, and takes a claim answered as PayoutData', async () => {
    const res = await create({
      name: 'Withdrawal w-9',
      amount: '12.50',
      currency: 'USD',
      payoutMethods: ['BTC-CHAIN'],
      autoApproveClaims: true,
    });
    expect(res.status).toBe(200);
    const pp = await res.json();
    expect(greenfield.check('PullPaymentData', pp)).toEqual([]);
    for (const key of declared('PullPaymentData')) expect(pp, key).toHaveProperty(key);
    expect(pp).toMatchObject({ name: 'Withdrawal w-9', amount: '12.50', currency: 'USD', archived: false });
    const list = await (await call('GET', `/api/v1/stores/${server.storeId}/pull-payments`)).json();
    expect(greenfield.check('PullPaymentDataList', list)).toEqual([]);
    expect(list.map((p: { id: string }) => p.id)).toContain(pp.id);
    expect(await (await call('GET', `/api/v1/pull-payments/${pp.id}`)).json()).toEqual(pp);

    const claimed = await call('POST', `/api/v1/pull-payments/${pp.id}/payouts`, {
      destination: address,
      amount: '12.50',
      payoutMethodId: 'BTC-CHAIN',
    });
    expect(claimed.status).toBe(200);
    const payout = await claimed.json();
    expect(greenfield.check('PayoutData', payout)).toEqual([]);
    for (const key of declared('PayoutData', ['paymentProof'])) expect(payout, key).toHaveProperty(key);
    expect(payout).toMatchObject({
      pullPaymentId: pp.id,
      state: 'AwaitingPayment',
      payoutAmount: '0.00025000',
    });
    const payouts = await (await call('GET', `/api/v1/pull-payments/${pp.id}/payouts`)).json();
    expect(greenfield.check('PayoutDataList', payouts)).toEqual([]);
    expect(payouts.map((p: { id: string }) => p.id)).toEqual([payout.id]);
    expect(await (await call('GET', `/api/v1/payouts/${payout.id}`)).json()).toEqual(payout);

    // Claimed in full: one more cent is an overdraft, in the ProblemDetails shape.
    const over = await call('POST', `/api/v1/pull-payments/${pp.id}/payouts`, {
      destination: address,
      amount: '0.01',
      payoutMethodId: 'BTC-CHAIN',
    });
    expect(over.status).toBe(400);
    const problem = await over.json();
    expect(greenfield.check('ProblemDetails', problem)).toEqual([]);
    expect(problem.code).toBe('overdraft');

    // Archiving cancels the payouts awaiting payment and closes it to claims.
    expect((await call('DELETE', `/api/v1/pull-payments/${pp.id}`)).status).toBe(200);
    expect(server.payout(payout.id)).toMatchObject({ state: 'Cancelled' });
    expect(await (await call('GET', `/api/v1/pull-payments/${pp.id}/payouts`)).json()).toEqual([]);
    const archived = await call('POST', `/api/v1/pull-payments/${pp.id}/payouts`, {
      destination: address,
      payoutMethodId: 'BTC-CHAIN',
    });
    expect((await archived.json()).code).toBe('archived');
    const listed = async (query = '') =>
      (await (await call('GET', `/api/v1/stores/${server.storeId}/pull-payments${query}`)).json()).map(
        (p: { id: string }) => p.id,
      );
    expect(await listed()).not.toContain(pp.id);
    expect(await listed('?includeArchived=true')).toContain(pp.id);
  });

  it('refuses fields the templates do not declare (the older `paymentMethods`) with ValidationProblemDetails', async () => {
    const res = await create({ name: 'x', amount: '1.00', currency: 'USD', paymentMethods: ['BTC-CHAIN'] });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(greenfield.check('ValidationProblemDetails', body)).toEqual([]);
    expect(body.map((p: { path: string }) => p.path)).toEqual(['paymentMethods']);
    const pp = await (await create({ name: 'y', amount: '1.00', currency: 'USD' })).json();
    const claim = await call('POST', `/api/v1/pull-payments/${pp.id}/payouts`, {
      destination: address,
      amount: '1.00',
      paymentMethod: 'BTC',
    });
    expect(claim.status).toBe(422);
    expect((await call('GET', '/api/v1/pull-payments/NoSuchPullPayment')).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('sends bodies shaped as the webhook event schemas, signed over the raw bytes', async () => {
    const received: { sig: string | undefined; raw: Buffer; type: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          sig: req.headers['btcpay-sig'] as string | undefined,
          raw: Buffer.concat(chunks),
          type: req.headers['content-type'],
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const id = await newInvoice();
      const statuses = {
        InvoiceReceivedPayment: { status: 'Processing', additionalStatus: 'None', paidAmount: '10.00' },
        InvoiceProcessing: { status: 'Processing', additionalStatus: 'None' },
        InvoiceSettled: { status: 'Settled', additionalStatus: 'PaidOver', paidAmount: '11.00' },
        InvoicePaymentSettled: { status: 'Settled', additionalStatus: 'PaidOver' },
        InvoiceExpired: { status: 'Expired', additionalStatus: 'PaidPartial', paidAmount: '3.00' },
        InvoiceInvalid: { status: 'Invalid', additionalStatus: 'Marked' },
      } as const;
      for (const [type, change] of Object.entries(statuses)) {
        server.setInvoice(id, change);
        const delivery = await server.deliver(hook, {
          type,
          invoiceId: id,
          isRedelivery: type === 'InvoiceSettled',
        });
        expect(delivery.status).toBe(200);
        const got = received.at(-1)!;
        expect(got.type).toBe('application/json');
        expect(btcpaySignatureValid(server.webhookSecret, got.raw, got.sig)).toBe(true);
        expect(btcpaySignatureValid('another-secret', got.raw, got.sig)).toBe(false);
        const body = JSON.parse(got.raw.toString('utf8'));
        expect(greenfield.check(greenfield.webhooks[type]!, body), type).toEqual([]);
        for (const key of Object.keys(greenfield.flatten(greenfield.webhooks[type]!).properties ?? {}))
          expect(body, `${type}.${key}`).toHaveProperty(key);
        expect(body).toMatchObject({
          type,
          invoiceId: id,
          storeId: server.storeId,
          deliveryId: delivery.deliveryId,
        });
      }
      expect(JSON.parse(received[2]!.raw.toString())).toMatchObject({ overPaid: true, isRedelivery: true });

      // Payout events: the store event's fields, the payout's id, its pull payment and its state.
      const pp = await (
        await call('POST', `/api/v1/stores/${server.storeId}/pull-payments`, {
          amount: '2.00',
          currency: 'USD',
          autoApproveClaims: true,
        })
      ).json();
      const payout = await (
        await call('POST', `/api/v1/pull-payments/${pp.id}/payouts`, {
          destination: 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw',
          payoutMethodId: 'BTC-CHAIN',
        })
      ).json();
      for (const type of ['PayoutCreated', 'PayoutApproved', 'PayoutUpdated']) {
        if (type === 'PayoutUpdated') server.setPayout(payout.id, 'Completed');
        const delivery = await server.deliver(hook, { type, payoutId: payout.id });
        expect(delivery.status).toBe(200);
        const got = received.at(-1)!;
        expect(btcpaySignatureValid(server.webhookSecret, got.raw, got.sig)).toBe(true);
        const body = JSON.parse(got.raw.toString('utf8'));
        expect(greenfield.check(greenfield.webhooks[type]!, body), type).toEqual([]);
        // The rest is WebhookEvent's, as every event BTCPay sends.
        const { storeId: _store, payoutId: _payout, pullPaymentId: _pp, payoutState: _state, ...base } = body;
        expect(greenfield.check('WebhookEvent', base)).toEqual([]);
        expect(body).toMatchObject({
          type,
          storeId: server.storeId,
          payoutId: payout.id,
          pullPaymentId: pp.id,
          payoutState: type === 'PayoutUpdated' ? 'Completed' : 'AwaitingPayment',
        });
      }
      expect(JSON.parse(received[4]!.raw.toString())).toMatchObject({ partiallyPaid: true });

      // Left out, signed with another secret, or altered after signing: the signature does not hold.
      const unsigned = await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: id, signature: null });
      expect(unsigned.status).toBe(200);
      expect(received.at(-1)!.sig).toBeUndefined();
      await server.deliver(hook, {
        type: 'InvoiceSettled',
        invoiceId: id,
        alter: (r) => r.replace('"Invoice', '"invoice'),
      });
      expect(btcpaySignatureValid(server.webhookSecret, received.at(-1)!.raw, received.at(-1)!.sig)).toBe(
        false,
      );
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
