import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages as m, marketplaceMessages } from '../../../contract/messages.ts';
import { deposits, ledgerEntries, profiles } from '../../db/schema/index.ts';
import { buildListing, buildSignedInUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import { type StripeTestServer, startStripeServer } from '../../test/stripe-server.ts';
import type { TestApp } from '../../test/test-app.ts';
import { configuredProcessors } from './processors.ts';
import { reconcileOverdue } from './service.ts';

/*
 * Stripe Checkout end to end against the loopback Stripe (server/test/stripe-server.ts): the real `stripe`
 * package makes and re-reads sessions there, and webhooks arrive signed as Stripe signs them.
 */
let stripe: StripeTestServer;
let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe?.close());
moneySuite(
  (made) => {
    ({ t, moderator } = made);
  },
  () => ({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  }),
);

const webhook = (payload: string, headers: Record<string, string>) =>
  t.app
    .inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload, headers })
    .then((r) => ({ statusCode: r.statusCode, body: r.body }));
const deliver = (event: Stripe.Event, options?: Parameters<StripeTestServer['send']>[2]) =>
  stripe.send(webhook, event, options);
const credits = async (id: string) =>
  (await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;
const readDeposit = async (id: string) => (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;

/** A member's Stripe top-up, as the Add credits dialog starts it: the deposit and its session at Stripe. */
async function topUp(member: Member, amount = 1000) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits',
    headers: { cookie: member.cookie },
    payload: { method: 'stripe', credits: amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, checkoutUrl } = res.json() as { id: string; checkoutUrl: string };
  const sessionId = (await readDeposit(id)).processorRef!;
  return { id, checkoutUrl, sessionId, session: () => stripe.sessions.get(sessionId)! };
}

/** The customer pays at Stripe and Stripe says so. */
async function paid(member: Member, amount = 1000) {
  const d = await topUp(member, amount);
  const { session, charge } = stripe.complete(d.sessionId);
  const res = await deliver(stripe.event('checkout.session.completed', session));
  expect(res.statusCode, res.body).toBe(200);
  return { ...d, charge };
}

describe('starting a Stripe top-up', () => {
  it('answers 201 with the Checkout Session’s URL, made for the deposit’s price', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member, 1250);
    const session = d.session();
    expect(d.checkoutUrl).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 1250,
      currency: 'usd',
      client_reference_id: d.id,
      metadata: { depositId: d.id },
      success_url: `http://localhost:3000/wallet?deposit=${d.id}`,
    });
    const sent = stripe.requests.findLast((r) => r.method === 'POST')!;
    expect(sent.headers['idempotency-key']).toBe(`deposit-${d.id}`);
    expect(sent.body).toMatchObject({
      line_items: [
        { quantity: '1', price_data: { unit_amount: '1250', product_data: { name: '1,250 credits' } } },
      ],
    });
    const row = await readDeposit(d.id);
    expect(row).toMatchObject({ status: 'pending', method: 'stripe', amountMinor: 1250, currency: 'USD' });
    expect(row.expiresAt.getTime()).toBe(session.expires_at * 1000);
    const options = await t.app.inject({
      url: '/api/v1/wallet/deposit-options',
      headers: { cookie: member.cookie },
    });
    expect(options.json().methods).toContain('stripe');
  });

  it('answers 502 when Stripe is down, and closes the deposit', async () => {
    const member = await buildSignedInUser(t);
    stripe.down = true;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits',
        headers: { cookie: member.cookie },
        payload: { method: 'stripe', credits: 1000 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(m.processorFailed);
    } finally {
      stripe.down = false;
    }
    const [row] = await t.db.select().from(deposits).where(eq(deposits.userId, member.id));
    expect(row?.status).toBe('invalid');
  });
});

describe('the webhook’s signature', () => {
  it('refuses forged, missing, stale and re-serialized deliveries with 400, crediting nothing', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const { session } = stripe.complete(d.sessionId);
    const event = stripe.event('checkout.session.completed', session);
    const stale = Math.floor(Date.now() / 1000) - 301;
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripe.webhookSecret,
    });
    const attempts = [
      await deliver(event, { secret: 'whsec_forged' }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: 't=1,v1=abc' }),
      await deliver(event, { timestamp: stale }),
      // Signed over other bytes (the same JSON, compacted): the signature covers the raw body.
      await webhook(JSON.stringify(event), {
        'content-type': 'application/json',
        'stripe-signature': header,
      }),
      await webhook(payload, { 'content-type': 'text/plain', 'stripe-signature': header }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.parse(res.body).error.message).toBe(m.signatureInvalid);
    }
    expect((await readDeposit(d.id)).status).toBe('pending');
    expect(await credits(member.id)).toBe(0);
    // The untouched bytes with their own signature are accepted.
    const ok = await webhook(payload, { 'content-type': 'application/json', 'stripe-signature': header });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await credits(member.id)).toBe(1000);
  });
});

describe('checkout sessions', () => {
  it('credits a completed session once however often Stripe delivers it', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const { session } = stripe.complete(d.sessionId);
    const event = stripe.event('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await credits(member.id)).toBe(1000);
    expect(await readDeposit(d.id)).toMatchObject({ status: 'settled', paymentRef: session.payment_intent });
    const moved = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.depositId, d.id));
    expect(moved.filter((e) => e.kind === 'deposit')).toHaveLength(2);
  });

  it('acts on the session as Stripe re-reads it, not on the event: an unpaid one credits nothing', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    stripe.complete(d.sessionId, { paid: false });
    // The event's body claims paid; Stripe, asked, says still processing.
    const claim = { ...d.session(), payment_status: 'paid' };
    const res = await deliver(stripe.event('checkout.session.completed', claim));
    expect(res.statusCode).toBe(200);
    expect((await readDeposit(d.id)).status).toBe('pending');
    expect(await credits(member.id)).toBe(0);

    stripe.settleAsync(d.sessionId, 'succeeded');
    const later = await deliver(stripe.event('checkout.session.async_payment_succeeded', d.session()));
    expect(later.statusCode).toBe(200);
    expect((await readDeposit(d.id)).status).toBe('settled');
    expect(await credits(member.id)).toBe(1000);
  });

  it('closes a deposit whose delayed payment failed', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    stripe.complete(d.sessionId, { paid: false });
    stripe.settleAsync(d.sessionId, 'failed');
    const res = await deliver(stripe.event('checkout.session.async_payment_failed', d.session()));
    expect(res.statusCode).toBe(200);
    expect((await readDeposit(d.id)).status).toBe('invalid');
    expect(await credits(member.id)).toBe(0);
  });

  it('credits through the reconciliation sweep when the webhook never came', async () => {
    const member = await buildSignedInUser(t);
    const paidLost = await topUp(member);
    stripe.complete(paidLost.sessionId);
    const open = await topUp(member);
    await t.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deposits.userId, member.id));
    const deps = {
      db: t.db,
      publicUrl: t.config.publicUrl,
      processors: configuredProcessors(t.config.payments, t.config.publicUrl),
    };
    const warn = () => {};
    await reconcileOverdue(deps, { warn });
    expect((await readDeposit(paidLost.id)).status).toBe('settled');
    // Stripe still holds the other one open: it stays pending until Stripe expires it.
    expect((await readDeposit(open.id)).status).toBe('pending');
    expect(await credits(member.id)).toBe(1000);
  });

  it('expires a deposit whose session expired', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const res = await deliver(stripe.event('checkout.session.expired', stripe.expire(d.sessionId)));
    expect(res.statusCode).toBe(200);
    expect((await readDeposit(d.id)).status).toBe('expired');
  });

  it('does nothing for an event that is not really expired at Stripe', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const res = await deliver(
      stripe.event('checkout.session.expired', { ...d.session(), status: 'expired' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await readDeposit(d.id)).status).toBe('pending');
  });

  it('answers 200 and changes nothing for event types it ignores, and for sessions not ours', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    for (const type of ['customer.created', 'payment_intent.succeeded', 'charge.dispute.closed']) {
      const res = await deliver(stripe.event(type, { id: 'x_1', object: 'unknown' }));
      expect(res.statusCode, type).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ received: true, handled: false });
    }
    // A session made elsewhere on the same Stripe account.
    const { session } = stripe.complete(d.sessionId);
    const other = { ...session, id: 'cs_test_elsewhere' };
    stripe.sessions.set(other.id, { ...other, metadata: {}, client_reference_id: null });
    const res = await deliver(stripe.event('checkout.session.completed', other));
    expect(JSON.parse(res.body)).toEqual({ received: true, handled: false });
    expect(await credits(member.id)).toBe(0);
  });
});

describe('refunds and disputes', () => {
  it('reverses a partial then a full refund by the difference, once per change', async () => {
    const member = await buildSignedInUser(t);
    const d = await paid(member, 1500);
    const first = stripe.event('charge.refunded', stripe.refund(d.charge.id, 333));
    expect((await deliver(first)).statusCode).toBe(200);
    expect((await deliver(first)).statusCode).toBe(200);
    expect(await credits(member.id)).toBe(1500 - 333);
    expect(await readDeposit(d.id)).toMatchObject({ status: 'reversed', reversedCredits: 333 });

    const rest = stripe.event('charge.refunded', stripe.refund(d.charge.id));
    await deliver(rest);
    await deliver(rest);
    // The first event again, now that Stripe says it is all refunded: nothing more than the total.
    await deliver(first);
    expect(await credits(member.id)).toBe(0);
    expect(await readDeposit(d.id)).toMatchObject({ status: 'reversed', reversedCredits: 1500 });
    const reversals = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.depositId, d.id));
    expect(reversals.filter((e) => e.kind === 'deposit_reversal' && e.account === 'user')).toHaveLength(2);
  });

  it('takes back spent credits on a dispute: the account goes negative, cannot buy, and staff see it', async () => {
    const member = await buildSignedInUser(t);
    const d = await paid(member, 1000);
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id, price: 800 });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${listing.id}/purchase`,
      headers: { cookie: member.cookie },
      payload: { expectedPrice: 800 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await credits(member.id)).toBe(200);

    const dispute = stripe.event('charge.dispute.created', stripe.dispute(d.charge.id));
    expect((await deliver(dispute)).statusCode).toBe(200);
    expect((await deliver(dispute)).statusCode).toBe(200);
    expect(await credits(member.id)).toBe(-800);
    expect(await readDeposit(d.id)).toMatchObject({ status: 'reversed', reversedCredits: 1000 });
    // A refund of the same charge afterwards takes nothing more.
    await deliver(stripe.event('charge.refunded', stripe.refund(d.charge.id)));
    expect(await credits(member.id)).toBe(-800);

    const next = await buildListing(t, { userId: seller.id, price: 1 });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${next.id}/purchase`,
      headers: { cookie: member.cookie },
      payload: { expectedPrice: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(marketplaceMessages.purchaseFailed);
    expect(await credits(member.id)).toBe(-800);

    const staff = await t.app.inject({
      url: `/api/v1/admin/users?q=${member.id}`,
      headers: { cookie: moderator.cookie },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().items).toEqual([expect.objectContaining({ id: member.id, credits: -800 })]);
  });

  it('settles a deposit first when its refund overtakes the session’s own event', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const { charge } = stripe.complete(d.sessionId);
    const res = await deliver(stripe.event('charge.refunded', stripe.refund(charge.id, 500)));
    expect(res.statusCode, res.body).toBe(200);
    expect(await readDeposit(d.id)).toMatchObject({ status: 'reversed', reversedCredits: 500 });
    expect(await credits(member.id)).toBe(500);
  });

  it('answers 502 while Stripe cannot be asked, so Stripe delivers the event again', async () => {
    const member = await buildSignedInUser(t);
    const d = await topUp(member);
    const { session } = stripe.complete(d.sessionId);
    const event = stripe.event('checkout.session.completed', session);
    stripe.down = true;
    try {
      const res = await deliver(event);
      expect(res.statusCode).toBe(502);
      expect(JSON.parse(res.body).error.message).toBe(m.webhookRetry);
    } finally {
      stripe.down = false;
    }
    expect(await credits(member.id)).toBe(0);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await credits(member.id)).toBe(1000);
  });
});
