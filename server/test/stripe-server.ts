import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A loopback Stripe (ARCHITECTURE rule 8): the parts of the API the payments module calls, spoken as the
 * official `stripe` package sends them (form-encoded bodies in bracket notation, `Authorization: Bearer`,
 * `Idempotency-Key`), answering objects shaped as the package's own types describe. Tests drive what Stripe
 * would do on its side (a customer pays, a session expires, a refund, a dispute) through the controls below,
 * and deliver webhooks signed exactly as Stripe signs them (`generateTestHeaderString`).
 */

type Session = Stripe.Checkout.Session;
type Charge = Stripe.Charge;
type PaymentIntent = Stripe.PaymentIntent;
type Dispute = Stripe.Dispute;

export interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form body decoded into nested objects, as Stripe reads `a[b][0][c]=…`. */
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/** Where a signed event goes: a URL (posted over HTTP) or a function that delivers it (e.g. `app.inject`). */
export type WebhookTarget =
  | string
  | ((payload: string, headers: Record<string, string>) => Promise<{ statusCode: number; body: string }>);

export interface StripeTestServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request received, oldest first. */
  requests: StripeRequest[];
  sessions: Map<string, Session>;
  charges: Map<string, Charge>;
  /** While true every API call answers 500 (Stripe down). */
  down: boolean;
  /** The customer pays: `paid` settles at once (cards); `false` leaves it processing (a delayed method). */
  complete(sessionId: string, options?: { paid?: boolean }): { session: Session; charge: Charge };
  /** A delayed payment method's outcome arrives. */
  settleAsync(sessionId: string, outcome: 'succeeded' | 'failed'): Session;
  expire(sessionId: string): Session;
  /** Refunds `amount` more of the charge (minor units; default: what is left). */
  refund(chargeId: string, amount?: number): Charge;
  dispute(chargeId: string): Dispute;
  chargeOf(sessionId: string): Charge | undefined;
  /** An Event as Stripe sends it, with `object` as its data.object. */
  event(type: string, object: object): Stripe.Event;
  /** Signs and delivers an event; `timestamp` (seconds) and `secret` may be forged for tests. */
  send(
    target: WebhookTarget,
    event: Stripe.Event,
    options?: { timestamp?: number; secret?: string; signature?: string | null },
  ): Promise<{ statusCode: number; body: string }>;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `line_items[0][price_data][currency]=usd` → nested objects and arrays, as Stripe decodes a form body. */
function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (
  res: http.ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) => send(res, status, { error });

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    'stripe-version': API_VERSION,
  });
  res.end(JSON.stringify(body));
}

export async function startStripeServer(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeTestServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Session>();
  const charges = new Map<string, Charge>();
  const intents = new Map<string, PaymentIntent>();
  const idempotent = new Map<string, Session>();
  let baseUrl = '';

  const mustSession = (sessionId: string) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return s;
  };
  const mustCharge = (chargeId: string) => {
    const c = charges.get(chargeId);
    if (!c) throw new Error(`no charge ${chargeId}`);
    return c;
  };

  function createSession(body: Record<string, unknown>): Session | string {
    if (body.mode !== 'payment') return 'mode must be payment';
    const items = body.line_items as
      | Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>
      | undefined;
    const item = items?.[0];
    const currency = item?.price_data?.currency;
    const unit = Number(item?.price_data?.unit_amount);
    if (!item || !currency || !Number.isInteger(unit) || unit <= 0)
      return 'line_items[0][price_data] is invalid';
    if (currency !== currency.toLowerCase()) return 'currency must be lower-case';
    const quantity = Number(item.quantity ?? 1);
    const sessionId = id('cs');
    const created = now();
    const session = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      cancel_url: (body.cancel_url as string | undefined) ?? null,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      created,
      currency,
      customer: null,
      customer_email: null,
      expires_at: body.expires_at ? Number(body.expires_at) : created + 24 * 3600,
      livemode: false,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: (body.success_url as string | undefined) ?? null,
      url: `${baseUrl}/c/pay/${sessionId}`,
    } as unknown as Session;
    sessions.set(sessionId, session);
    return session;
  }

  /** A session as retrieved: `expand[0]=payment_intent` inlines the PaymentIntent, as Stripe does. */
  function readSession(session: Session, query: URLSearchParams, prefix = '') {
    const expand = [...query.entries()].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
    if (expand.includes(`${prefix}payment_intent`) && typeof session.payment_intent === 'string')
      return { ...session, payment_intent: intents.get(session.payment_intent) ?? session.payment_intent };
    return session;
  }

  function route(r: StripeRequest, res: http.ServerResponse) {
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      const key = r.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (earlier) return send(res, 200, earlier);
      const made = createSession(r.body);
      if (typeof made === 'string')
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: made,
          code: 'parameter_invalid',
        });
      if (typeof key === 'string') idempotent.set(key, made);
      return send(res, 200, made);
    }
    if (r.method === 'GET' && r.path === '/v1/checkout/sessions') {
      const pi = r.query.get('payment_intent');
      const data = [...sessions.values()]
        .filter((s) => !pi || s.payment_intent === pi)
        .map((s) => readSession(s, r.query, 'data.'));
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if (r.method === 'GET' && parts[0] === 'v1' && parts.length === 4 && parts[1] === 'checkout') {
      const s = sessions.get(parts[3]!);
      if (s) return send(res, 200, readSession(s, r.query));
    }
    if (r.method === 'GET' && parts[0] === 'v1' && parts.length === 3 && parts[1] === 'charges') {
      const c = charges.get(parts[2]!);
      if (c) return send(res, 200, c);
    }
    if (r.method === 'GET' && parts[0] === 'v1' && parts.length === 3 && parts[1] === 'payment_intents') {
      const p = intents.get(parts[2]!);
      if (p) return send(res, 200, p);
    }
    return stripeError(res, 404, {
      type: 'invalid_request_error',
      message: `No such object: '${parts.at(-1) ?? ''}'`,
      code: 'resource_missing',
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const text = Buffer.concat(chunks).toString('utf8');
      const r: StripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? decodeForm(text) : {},
        headers: req.headers,
      };
      requests.push(r);
      if (api.down)
        return stripeError(res, 500, { type: 'api_error', message: 'Something went wrong on our end.' });
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return stripeError(res, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
          code: 'api_key_invalid',
        });
      route(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: StripeTestServer = {
    url: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    charges,
    down: false,

    complete(sessionId, { paid = true } = {}) {
      const s = mustSession(sessionId);
      const amount = s.amount_total ?? 0;
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: paid ? amount : 0,
        currency: s.currency,
        created: now(),
        livemode: false,
        metadata: {},
        status: paid ? 'succeeded' : 'processing',
        latest_charge: null,
      } as unknown as PaymentIntent;
      const charge = {
        id: id('ch'),
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        created: now(),
        currency: s.currency,
        disputed: false,
        livemode: false,
        metadata: {},
        paid,
        payment_intent: intent.id,
        refunded: false,
        status: paid ? 'succeeded' : 'pending',
      } as unknown as Charge;
      intent.latest_charge = charge.id;
      intents.set(intent.id, intent);
      charges.set(charge.id, charge);
      Object.assign(s, {
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: intent.id,
      });
      return { session: s, charge };
    },

    settleAsync(sessionId, outcome) {
      const s = mustSession(sessionId);
      const intent = intents.get(s.payment_intent as string);
      if (!intent) throw new Error(`session ${sessionId} has no payment`);
      const charge = charges.get(intent.latest_charge as string)!;
      if (outcome === 'succeeded') {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
        Object.assign(charge, { status: 'succeeded', paid: true });
        Object.assign(s, { payment_status: 'paid' });
      } else {
        Object.assign(intent, { status: 'requires_payment_method' });
        Object.assign(charge, { status: 'failed', paid: false });
      }
      return s;
    },

    expire(sessionId) {
      const s = mustSession(sessionId);
      if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}`);
      Object.assign(s, { status: 'expired', url: null });
      return s;
    },

    refund(chargeId, amount) {
      const c = mustCharge(chargeId);
      const refunded = Math.min(c.amount, c.amount_refunded + (amount ?? c.amount - c.amount_refunded));
      Object.assign(c, { amount_refunded: refunded, refunded: refunded === c.amount });
      return c;
    },

    dispute(chargeId) {
      const c = mustCharge(chargeId);
      Object.assign(c, { disputed: true });
      return {
        id: id('dp'),
        object: 'dispute',
        amount: c.amount,
        charge: c.id,
        created: now(),
        currency: c.currency,
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: c.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      } as unknown as Dispute;
    },

    chargeOf(sessionId) {
      const pi = sessions.get(sessionId)?.payment_intent;
      const intent = typeof pi === 'string' ? intents.get(pi) : undefined;
      return intent ? charges.get(intent.latest_charge as string) : undefined;
    },

    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      } as unknown as Stripe.Event;
    },

    async send(target, event, opts = {}) {
      const payload = JSON.stringify(event, null, 2);
      const header =
        opts.signature === undefined
          ? Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: opts.secret ?? webhookSecret,
              ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
            })
          : opts.signature;
      // As Stripe's servers send it: no Origin or Sec-Fetch-Site, so the cross-site check lets it through.
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header === null ? {} : { 'stripe-signature': header }),
      };
      if (typeof target === 'function') return target(payload, headers);
      const res = await fetch(target, { method: 'POST', headers, body: payload });
      return { statusCode: res.status, body: await res.text() };
    },

    close() {
      // The stripe package keeps its connections alive: close them, or close() waits for their timeout.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
  return api;
}
