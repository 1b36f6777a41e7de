import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages as m, messages } from '../../../contract/messages.ts';
import { deposits, profiles } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { type BtcpayServer, startBtcpayServer } from '../../test/btcpay-server.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { configuredProcessors } from './processors.ts';
import { reconcileOverdue } from './service.ts';

/**
 * Top-ups through BTCPay Server, end to end against the loopback Greenfield server: the invoice we make, the
 * webhook (signed over the raw bytes, re-read at the source, acted on once), the reconciliation of a lost
 * webhook, and the processor failing. The app listens on loopback so webhooks arrive as real HTTP bytes.
 */
let server: BtcpayServer;
let t: TestApp;
let hook: string;

beforeAll(async () => {
  server = await startBtcpayServer();
});
moneySuite(
  (suite) => {
    t = suite.t;
  },
  () => ({ env: server.env() }),
);
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  hook = `http://127.0.0.1:${port}/api/v1/payments/btcpay/webhook`;
});
afterAll(() => server?.close());

const WEBHOOK_PATH = '/api/v1/payments/btcpay/webhook';

async function topUp(member: Member, credits = 1000) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits',
    headers: { cookie: member.cookie },
    payload: { method: 'btcpay', credits },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const row = await depositRow(id);
  return { id, invoiceId: row.processorRef!, created: res.json() as { checkoutUrl: string; status: string } };
}

const depositRow = async (id: string) => (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;
const balance = async (userId: string) =>
  Number((await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, userId)))[0]!.c);
/** The transfers written for a deposit: exactly one once credited, whatever arrived how often. */
const transfers = async (depositId: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(distinct transfer_id)::int as n from ledger_entries where deposit_id = ${depositId}`,
      )
    )[0]!.n,
  );
const rereads = (invoiceId: string) =>
  server.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/invoices/${invoiceId}`).length;
const view = async (member: Member, id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/wallet/deposits/${id}`,
    headers: { cookie: member.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /wallet/deposits with btcpay', () => {
  it('offers btcpay, makes the invoice with our amount, currency, metadata and return, and answers its checkout link', async () => {
    const member = await buildSignedInUser(t);
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/deposit-options',
      headers: { cookie: member.cookie },
    });
    expect(options.json().methods).toContain('btcpay');

    const { id, invoiceId, created } = await topUp(member, 1234);
    expect(created).toMatchObject({ id, status: 'pending', checkoutUrl: `${server.url}/i/${invoiceId}` });
    const sent = server.requests.findLast((r) => r.method === 'POST')!;
    expect(sent).toMatchObject({ path: `/api/v1/stores/${server.storeId}/invoices`, authorized: true });
    expect(sent.body).toEqual({
      amount: '12.34',
      currency: 'USD',
      metadata: { depositId: id, orderId: id, itemDesc: '1234 credits' },
      checkout: { redirectURL: `http://localhost:3000/wallet?deposit=${id}`, redirectAutomatically: true },
    });
    const row = await depositRow(id);
    expect(row).toMatchObject({
      method: 'btcpay',
      status: 'pending',
      processorRef: invoiceId,
      amountMinor: 1234,
    });
    // The checkout closes when BTCPay's invoice expires.
    expect(row.expiresAt.getTime()).toBe(server.invoice(invoiceId)!.expirationTime * 1000);
    expect(await view(member, id)).toMatchObject({ status: 'pending', checkoutUrl: created.checkoutUrl });
  });

  it('refuses every bad input with 400 and the field, asking BTCPay nothing', async () => {
    const member = await buildSignedInUser(t);
    const before = server.requests.length;
    const cases: [unknown, string, string][] = [
      [{ method: 'btcpay', credits: '1000' }, 'credits', m.creditsRequired],
      [{ method: 'btcpay', credits: 1000.5 }, 'credits', m.creditsWhole],
      [{ method: 'btcpay', credits: -5 }, 'credits', m.creditsPositive],
      [{ method: 'btcpay', credits: 0 }, 'credits', m.creditsPositive],
      [{ method: 'btcpay', credits: 1_000_000_001 }, 'credits', m.creditsTooHigh],
      [{ method: 'btcpay', credits: 2_000_000 }, 'credits', m.aboveMaximum(1_000_000)],
      [{ method: 'btcpay', credits: 100 }, 'credits', m.belowMinimum(500)],
      [{ method: 'btcpay' }, 'credits', m.creditsRequired],
      [{ method: 'paypal', credits: 1000 }, 'method', m.methodInvalid],
      [{ method: 'sandbox', credits: 1000 }, 'method', m.methodUnavailable],
      [{ credits: 1000 }, 'method', m.methodInvalid],
    ];
    for (const [payload, field, text] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits',
        headers: { cookie: member.cookie },
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(payload)).toBe(text);
    }
    // A NUL anywhere is refused by the framework before validation (no field: it is junk, not a typo).
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits',
      headers: { cookie: member.cookie },
      payload: { method: 'btc\u0000pay', credits: 1000 },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(messages.badRequest);
    expect(server.requests.length).toBe(before);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, member.id))).toEqual([]);
  });

  it('answers 502 and closes the deposit when BTCPay is down', async () => {
    const member = await buildSignedInUser(t);
    server.setDown(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits',
        headers: { cookie: member.cookie },
        payload: { method: 'btcpay', credits: 1000 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(m.processorFailed);
    } finally {
      server.setDown(false);
    }
    const [row] = await t.db.select().from(deposits).where(eq(deposits.userId, member.id));
    expect(row).toMatchObject({ status: 'invalid', processorRef: null });
    expect(await balance(member.id)).toBe(0);
  });
});

describe('BTCPay refusing us', () => {
  it('closes the deposit and logs a clear error when BTCPay refuses the key (4xx), without the key', async () => {
    const lines: string[] = [];
    const refused = await buildTestApp({
      database: t.database,
      env: { ...server.env(), BTCPAY_API_KEY: 'a-revoked-api-key', LOG_LEVEL: 'info' },
      logs: { write: (chunk) => void lines.push(chunk) },
    });
    try {
      const member = await buildSignedInUser(refused);
      const res = await refused.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits',
        headers: { cookie: member.cookie },
        payload: { method: 'btcpay', credits: 1000 },
      });
      expect(res.statusCode).toBe(500);
      const [row] = await t.db.select().from(deposits).where(eq(deposits.userId, member.id));
      expect(row).toMatchObject({ status: 'invalid', processorRef: null });
      const all = lines.join('\n');
      expect(all).toContain(
        `BTCPay answered 401 to POST /api/v1/stores/${server.storeId}/invoices (unauthenticated)`,
      );
      expect(all).not.toContain('a-revoked-api-key');
    } finally {
      await refused.close();
    }
  });
});

describe('the BTCPay webhook', () => {
  it('refuses forged, missing, malformed and stale signatures with 400, doing nothing', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    const settled = { type: 'InvoiceSettled', invoiceId };
    const attempts = [
      await server.deliver(hook, { ...settled, secret: 'another-webhook-secret' }),
      await server.deliver(hook, { ...settled, signature: null }),
      await server.deliver(hook, { ...settled, signature: 'sha256=zz' }),
      await server.deliver(hook, { ...settled, signature: `sha1=${'a'.repeat(40)}` }),
      await server.deliver(hook, { ...settled, signature: 'a'.repeat(64) }),
      await server.deliver(hook, { ...settled, signature: `sha256=${'0'.repeat(64)}` }),
      // Signed, then altered: a stale signature over other bytes.
      await server.deliver(hook, {
        ...settled,
        alter: (raw) => raw.replace('"isRedelivery":false', '"isRedelivery":true'),
      }),
      await server.deliver(hook, { ...settled, alter: (raw) => `${raw} ` }),
    ];
    for (const a of attempts) {
      expect(a.status, a.signature ?? 'none').toBe(400);
      expect(JSON.parse(a.body).error.message).toBe(m.signatureInvalid);
    }
    expect(rereads(invoiceId)).toBe(0);
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });
    expect(await balance(member.id)).toBe(0);
    expect(await transfers(id)).toBe(0);
  });

  it('credits once however often the event is replayed or redelivered', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    const first = await server.deliver(hook, { type: 'InvoiceSettled', invoiceId });
    expect(first.status).toBe(200);
    const replays = [];
    for (let i = 0; i < 9; i++) replays.push(await server.send(hook, first.raw, first.signature));
    replays.push(await server.deliver(hook, { type: 'InvoiceSettled', invoiceId, isRedelivery: true }));
    expect(replays.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await depositRow(id)).toMatchObject({ status: 'settled', problem: null });
    expect(await balance(member.id)).toBe(1000);
    expect(await transfers(id)).toBe(1);
  });

  it('credits once whether the webhook comes before or after the member returns', async () => {
    const member = await buildSignedInUser(t);
    // Returns first (still pending), then the webhook, then another return and a redelivery.
    const a = await topUp(member);
    expect(await view(member, a.id)).toMatchObject({ status: 'pending' });
    server.setInvoice(a.invoiceId, { status: 'Settled' });
    expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: a.invoiceId })).status).toBe(200);
    expect(await view(member, a.id)).toMatchObject({ status: 'settled', checkoutUrl: null });
    expect(
      (await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: a.invoiceId, isRedelivery: true }))
        .status,
    ).toBe(200);
    // The webhook first, then the return.
    const b = await topUp(member, 2000);
    server.setInvoice(b.invoiceId, { status: 'Settled' });
    expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: b.invoiceId })).status).toBe(200);
    expect(await view(member, b.id)).toMatchObject({ status: 'settled' });
    expect(await balance(member.id)).toBe(3000);
    expect([await transfers(a.id), await transfers(b.id)]).toEqual([1, 1]);
  });

  it('expires and invalidates deposits as their invoices do, crediting nothing', async () => {
    const member = await buildSignedInUser(t);
    const expired = await topUp(member);
    server.setInvoice(expired.invoiceId, { status: 'Expired' });
    expect(
      (await server.deliver(hook, { type: 'InvoiceExpired', invoiceId: expired.invoiceId })).status,
    ).toBe(200);
    expect(await depositRow(expired.id)).toMatchObject({ status: 'expired', problem: null });

    const invalid = await topUp(member);
    server.setInvoice(invalid.invoiceId, { status: 'Invalid', additionalStatus: 'Marked' });
    expect(
      (await server.deliver(hook, { type: 'InvoiceInvalid', invoiceId: invalid.invoiceId })).status,
    ).toBe(200);
    expect(await depositRow(invalid.id)).toMatchObject({ status: 'invalid' });
    expect(await balance(member.id)).toBe(0);
    expect([await transfers(expired.id), await transfers(invalid.id)]).toEqual([0, 0]);
  });

  it('credits nothing for a partial payment and says so', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Processing', paidAmount: '4.00' });
    expect((await server.deliver(hook, { type: 'InvoiceReceivedPayment', invoiceId })).status).toBe(200);
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });
    server.setInvoice(invoiceId, { status: 'Expired', additionalStatus: 'PaidPartial' });
    expect((await server.deliver(hook, { type: 'InvoiceExpired', invoiceId })).status).toBe(200);
    const row = await depositRow(id);
    expect(row).toMatchObject({ status: 'expired', problem: 'paid_partial' });
    expect(row.staffNote).toContain('asked 10.00 USD, received 4.00 USD');
    expect(row.staffNote).toContain('BTC-CHAIN: paid 0.00008000 of 0.00020000 BTC');
    expect(await view(member, id)).toMatchObject({ status: 'expired', problem: 'paid_partial' });
    expect(await balance(member.id)).toBe(0);
    expect(await transfers(id)).toBe(0);
  });

  it('credits what was ordered for an over-payment, once, and records the rest for staff', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled', additionalStatus: 'PaidOver', paidAmount: '12.50' });
    for (const isRedelivery of [false, true, true])
      expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId, isRedelivery })).status).toBe(
        200,
      );
    const row = await depositRow(id);
    expect(row).toMatchObject({ status: 'settled', problem: 'paid_over' });
    expect(row.staffNote).toContain('Paid over: BTCPay invoice');
    expect(row.staffNote).toContain('asked 10.00 USD, received 12.50 USD');
    expect(row.staffNote).toContain('BTC-CHAIN: paid 0.00025000 of 0.00020000 BTC');
    expect(await view(member, id)).toMatchObject({ status: 'settled', problem: 'paid_over' });
    expect(await balance(member.id)).toBe(1000);
    expect(await transfers(id)).toBe(1);
  });

  it('acts on the invoice as re-read, never on the body: "settled" while BTCPay says New does nothing', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    const res = await server.deliver(hook, { type: 'InvoiceSettled', invoiceId });
    expect(res.status).toBe(200);
    expect(rereads(invoiceId)).toBe(1);
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });
    expect(await balance(member.id)).toBe(0);
  });

  it('acknowledges what it ignores with 200: other event types, other stores, invoices that are not deposits', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    for (const type of ['InvoiceCreated', 'InvoicePaymentSettled', 'PayoutCreated'])
      expect((await server.deliver(hook, { type, invoiceId })).status, type).toBe(200);
    expect(
      (await server.deliver(hook, { type: 'InvoiceSettled', invoiceId, storeId: 'another-store' })).status,
    ).toBe(200);
    expect(rereads(invoiceId)).toBe(0);
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });

    // An invoice made in BTCPay's own screens, and one whose metadata names another deposit.
    const foreign = await fetch(`${server.url}/api/v1/stores/${server.storeId}/invoices`, {
      method: 'POST',
      headers: { authorization: `token ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '10.00', currency: 'USD' }),
    }).then((r) => r.json());
    server.setInvoice(foreign.id, { status: 'Settled' });
    expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: foreign.id })).status).toBe(200);
    server.invoice(invoiceId)!.metadata.depositId = crypto.randomUUID();
    expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId })).status).toBe(200);
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });
    expect(await balance(member.id)).toBe(0);
  });

  it('answers 502 while BTCPay cannot be re-read, and the redelivery credits', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    server.setDown(true);
    try {
      const res = await server.deliver(hook, { type: 'InvoiceSettled', invoiceId });
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body).error.message).toBe(m.processorFailed);
    } finally {
      server.setDown(false);
    }
    expect(await depositRow(id)).toMatchObject({ status: 'pending' });
    expect(
      (await server.deliver(hook, { type: 'InvoiceSettled', invoiceId, isRedelivery: true })).status,
    ).toBe(200);
    expect(await balance(member.id)).toBe(1000);
  });

  it('is not taken for a cross-site request: BTCPay sends no Origin, a browser on another site does', async () => {
    const member = await buildSignedInUser(t);
    const { invoiceId } = await topUp(member);
    const body = JSON.stringify(server.webhookBody({ type: 'InvoiceSettled', invoiceId }));
    const res = await fetch(hook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'btcpay-sig': server.sign(body),
        origin: 'https://evil.example',
      },
      body,
    });
    expect(res.status).toBe(403);
    const plain = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'btcpay-sig': server.sign(body) },
      payload: body,
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('the webhook route', () => {
  it('is in the OpenAPI document: public, rate-limited per IP, with its answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths[WEBHOOK_PATH].post;
    expect(op['x-access']).toBe('public');
    expect(op['x-rate-limit']).toEqual(['btcpayWebhookPerIp']);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '429', '502']);
  });

  it('logs what happened and never the API key, the webhook secret or a signature', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      database: t.database,
      env: { ...server.env(), LOG_LEVEL: 'debug' },
      logs: { write: (chunk) => void lines.push(chunk) },
    });
    try {
      const member = await buildSignedInUser(logged);
      const create = await logged.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits',
        headers: { cookie: member.cookie },
        payload: { method: 'btcpay', credits: 1000 },
      });
      expect(create.statusCode).toBe(201);
      const { processorRef: invoiceId } = await depositRow(create.json().id);
      server.setInvoice(invoiceId!, { status: 'Settled', additionalStatus: 'PaidOver', paidAmount: '11.00' });
      const body = JSON.stringify(server.webhookBody({ type: 'InvoiceSettled', invoiceId: invoiceId! }));
      const signature = server.sign(body);
      const post = (sig: string) =>
        logged.app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', 'btcpay-sig': sig },
          payload: body,
        });
      expect((await post(server.sign(body, 'forged-secret'))).statusCode).toBe(400);
      server.setDown(true);
      try {
        expect((await post(signature)).statusCode).toBe(502);
      } finally {
        server.setDown(false);
      }
      expect((await post(signature)).statusCode).toBe(200);
      const all = lines.join('\n');
      expect(all).toContain('btcpay webhook applied');
      expect(all).toContain('btcpay invoice could not be re-read');
      for (const secret of [server.apiKey, server.webhookSecret, signature.slice(7)])
        expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('the reconciliation of lost webhooks', () => {
  it('credits, expires or leaves open each overdue deposit as BTCPay has its invoice', async () => {
    const member = await buildSignedInUser(t);
    const paid = await topUp(member);
    const lapsed = await topUp(member);
    const open = await topUp(member);
    server.setInvoice(paid.invoiceId, { status: 'Settled' });
    server.setInvoice(lapsed.invoiceId, { status: 'Expired' });
    server.setInvoice(open.invoiceId, { status: 'Processing', paidAmount: '10.00' });
    // No webhook arrives; their windows close.
    await t.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(deposits.userId, member.id));
    const deps = {
      db: t.db,
      publicUrl: t.config.publicUrl,
      processors: configuredProcessors(t.config.payments, t.config.publicUrl),
    };
    const log = { warn: () => {} };
    expect(await reconcileOverdue(deps, log)).toBe(2);
    expect((await depositRow(paid.id)).status).toBe('settled');
    expect((await depositRow(lapsed.id)).status).toBe('expired');
    expect((await depositRow(open.id)).status).toBe('pending');
    expect(await balance(member.id)).toBe(1000);
    // The payment confirms later: the next sweep credits it; a webhook after that changes nothing.
    server.setInvoice(open.invoiceId, { status: 'Settled' });
    expect(await reconcileOverdue(deps, log)).toBe(1);
    expect((await server.deliver(hook, { type: 'InvoiceSettled', invoiceId: open.invoiceId })).status).toBe(
      200,
    );
    expect(await reconcileOverdue(deps, log)).toBe(0);
    expect(await balance(member.id)).toBe(2000);
    expect([await transfers(paid.id), await transfers(lapsed.id), await transfers(open.id)]).toEqual([
      1, 0, 1,
    ]);
  });

  it('runs as the queue job: an instance with workers credits a deposit whose webhook never came', {
    timeout: 90_000,
  }, async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    await t.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(deposits.id, id));
    const worker = await buildTestApp({
      database: t.database,
      env: { ...server.env(), JOB_WORKERS: 'true', DEPOSIT_RECONCILE_INTERVAL_MS: '60000' },
    });
    try {
      // The worker queues the sweep as it starts (the send is not awaited), beside the mail earlier tests
      // queued: wait for the change.
      const started = Date.now();
      while ((await depositRow(id)).status === 'pending' && Date.now() < started + 60_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await depositRow(id)).toMatchObject({ status: 'settled' });
      expect(await balance(member.id)).toBe(1000);
      expect(await transfers(id)).toBe(1);
      expect(rereads(invoiceId)).toBe(1);
    } finally {
      await worker.close();
    }
  });
});
