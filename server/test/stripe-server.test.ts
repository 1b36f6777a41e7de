import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessorUnavailable } from '../modules/payments/processor.ts';
import { stripeProcessor } from '../modules/payments/stripe.ts';
import { type StripeTestServer, startStripeServer } from './stripe-server.ts';

/*
 * The loopback Stripe against the official `stripe` package (no database): what the payments module sends
 * is what the server reads, and what it answers the package accepts as Stripe's.
 */
let server: StripeTestServer;
let processor: ReturnType<typeof stripeProcessor>;
const checkout = (depositId: string, amountMinor = 500) =>
  processor.createCheckout({
    depositId,
    userId: 'u1',
    credits: 500,
    amountMinor,
    currency: 'USD',
    returnUrl: `http://localhost:3000/wallet?deposit=${depositId}`,
  });

beforeAll(async () => {
  server = await startStripeServer();
  processor = stripeProcessor(
    { secretKey: server.secretKey, webhookSecret: server.webhookSecret, apiUrl: server.url },
    'http://localhost:3000',
  );
});
afterAll(() => server.close());

describe('loopback Stripe', () => {
  it('creates a Checkout Session from the form body the package sends, once per idempotency key', async () => {
    const made = await checkout('dep-1', 1234);
    expect(made.processorRef).toMatch(/^cs_test_/);
    expect(made.checkoutUrl).toBe(`${server.url}/c/pay/${made.processorRef}`);
    expect(made.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const sent = server.requests.at(-1)!;
    expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sent.headers['idempotency-key']).toBe('deposit-dep-1');
    expect(sent.body).toMatchObject({
      mode: 'payment',
      client_reference_id: 'dep-1',
      metadata: { depositId: 'dep-1' },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '1234', product_data: { name: '500 credits' } },
        },
      ],
    });
    expect((await checkout('dep-1', 1234)).processorRef).toBe(made.processorRef);
    expect(server.sessions.size).toBe(1);
  });

  it('maps a session through open, paid, and expired', async () => {
    const open = await checkout('dep-2');
    expect(await processor.lookup(open.processorRef)).toEqual({ state: 'pending' });
    const { session, charge } = server.complete(open.processorRef);
    expect(await processor.lookup(open.processorRef)).toEqual({
      state: 'paid',
      paymentRef: session.payment_intent,
    });
    expect(await processor.charge(charge.id)).toEqual({
      id: charge.id,
      paymentIntent: session.payment_intent,
      amount: 500,
      amountRefunded: 0,
      disputed: false,
    });
    expect((await processor.sessionOfPayment(session.payment_intent as string))?.id).toBe(session.id);
    const late = await checkout('dep-3');
    server.expire(late.processorRef);
    expect(await processor.lookup(late.processorRef)).toEqual({ state: 'expired' });
  });

  it('reads a delayed payment as pending, then failed', async () => {
    const made = await checkout('dep-4');
    server.complete(made.processorRef, { paid: false });
    expect(await processor.lookup(made.processorRef)).toEqual({ state: 'pending' });
    server.settleAsync(made.processorRef, 'failed');
    expect(await processor.lookup(made.processorRef)).toMatchObject({ state: 'invalid' });
  });

  it('answers a wrong key 401 in Stripe’s error shape, which the package raises as such', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(server.url).port,
      protocol: 'http',
      telemetry: false,
    });
    await expect(wrong.checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(processor.lookup('cs_test_missing')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('is unavailable while Stripe answers 500', async () => {
    server.down = true;
    try {
      await expect(checkout('dep-5')).rejects.toBeInstanceOf(ProcessorUnavailable);
    } finally {
      server.down = false;
    }
  });

  it('signs events so the package verifies them, and not with another secret', async () => {
    const event = server.event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' });
    let delivered: { payload: string; signature: string } | undefined;
    const sink = async (payload: string, headers: Record<string, string>) => {
      delivered = { payload, signature: headers['stripe-signature']! };
      return { statusCode: 200, body: '' };
    };
    await server.send(sink, event);
    expect(processor.verifiedEvent(Buffer.from(delivered!.payload), delivered!.signature)).toMatchObject({
      id: event.id,
      type: 'checkout.session.completed',
    });
    await server.send(sink, event, { secret: 'whsec_forged' });
    expect(() => processor.verifiedEvent(Buffer.from(delivered!.payload), delivered!.signature)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('delivers to a URL over HTTP with the headers Stripe sends', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const sink = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    try {
      const event = server.event('charge.refunded', { id: 'ch_test_1', object: 'charge' });
      const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
      expect(await server.send(url, event)).toEqual({ statusCode: 200, body: '{"received":true}' });
      const [got] = received;
      expect(got!.headers.origin).toBeUndefined();
      expect(got!.headers['content-type']).toBe('application/json; charset=utf-8');
      const verified = processor.verifiedEvent(
        Buffer.from(got!.body),
        got!.headers['stripe-signature'] as string,
      );
      expect(verified).toMatchObject({
        id: event.id,
        object: 'event',
        livemode: false,
        data: { object: { id: 'ch_test_1' } },
      });
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
