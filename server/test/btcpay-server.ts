import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadGreenfield } from './greenfield-schemas.ts';

/**
 * A BTCPay Server on loopback, speaking the parts of the Greenfield API we call (server/test/
 * btcpay-greenfield/): create and get an invoice, an invoice's payment methods, create and get store payouts,
 * create, list, get and archive pull payments and claim them (a payout in the pull payment's currency,
 * converted to BTC at the fake market's rate). It checks `Authorization: token <key>` (401 otherwise, in
 * Greenfield's ProblemDetails shape), validates request bodies against the published schemas (the pull
 * payment's and the claim's strictly: an unknown field is a 422), and answers Greenfield's shapes. Test
 * controls: set an invoice's status or a payout's state, deliver an invoice or payout webhook signed as BTCPay
 * signs (`BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>`), hold requests mid-flight, go down, and a
 * log of requests (the key never in it).
 */

type InvoiceStatus = 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
type AdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
type PayoutState = 'AwaitingApproval' | 'AwaitingPayment' | 'InProgress' | 'Completed' | 'Cancelled';

interface Invoice {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  status: InvoiceStatus;
  additionalStatus: AdditionalStatus;
  /** What was received, in the invoice's currency. */
  paidAmount: string;
  createdTime: number;
  expirationTime: number;
}

interface Payout {
  id: string;
  /** Set for a claim of a pull payment. */
  pullPaymentId?: string;
  date: string;
  destination: string;
  /** In `currency`: BTC for a store payout, the pull payment's currency for a claim. */
  amount: string;
  currency: string;
  /** The amount in BTC, once approved. */
  payoutAmount: string | null;
  payoutMethodId: string;
  state: PayoutState;
  metadata: Record<string, unknown>;
}

interface PullPayment {
  id: string;
  name: string;
  description: string;
  amount: string;
  currency: string;
  payoutMethods: string[];
  autoApproveClaims: boolean;
  archived: boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  /** Whether it carried the right `Authorization: token <key>`. */
  authorized: boolean;
  body: unknown;
}

export interface DeliverOptions {
  type: string;
  /** The invoice of an invoice event. */
  invoiceId?: string;
  /** The payout of a payout event (PayoutCreated, PayoutApproved, PayoutUpdated). */
  payoutId?: string;
  isRedelivery?: boolean;
  deliveryId?: string;
  /** Sign with this secret instead of the webhook's (a forged or stale signature). */
  secret?: string;
  /** The BTCPay-Sig header as sent: null leaves it out. */
  signature?: string | null;
  /** Change the raw body after it was signed. */
  alter?: (raw: string) => string;
  /** The body's storeId (default: the store's). */
  storeId?: string;
}

export interface Delivery {
  status: number | 'error';
  body: string;
  deliveryId: string;
  raw: string;
  signature: string | null;
}

/** A rate of the fake market: 1 BTC = 50,000.00 of any fiat currency. */
const RATE = 50_000;
const btc = (fiat: string) => (Number(fiat) / RATE).toFixed(8);
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const greenfieldId = (length = 22) =>
  Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join('');
const now = () => Math.floor(Date.now() / 1000);

const problem = (code: string, message: string) => ({ code, message });

export async function startBtcpayServer(
  options: { storeId?: string; apiKey?: string; webhookSecret?: string; expirationMinutes?: number } = {},
) {
  const storeId = options.storeId ?? greenfieldId(44);
  const apiKey = options.apiKey ?? randomBytes(20).toString('hex');
  const webhookSecret = options.webhookSecret ?? randomBytes(16).toString('hex');
  const webhookId = greenfieldId();
  const expirationMinutes = options.expirationMinutes ?? 15;
  const greenfield = loadGreenfield();
  const invoices = new Map<string, Invoice>();
  const payouts = new Map<string, Payout>();
  const pullPayments = new Map<string, PullPayment>();
  const requests: LoggedRequest[] = [];
  const holds: { match: (r: LoggedRequest) => boolean; arrived: () => void; released: Promise<void> }[] = [];
  let down = false;

  const invoiceData = (inv: Invoice) => ({
    metadata: inv.metadata,
    checkout: inv.checkout,
    receipt: { enabled: true, showQR: null, showPayments: null },
    id: inv.id,
    storeId: inv.storeId,
    amount: inv.amount,
    paidAmount: inv.paidAmount,
    currency: inv.currency,
    type: 'Standard',
    checkoutLink: `${server.url}/i/${inv.id}`,
    createdTime: inv.createdTime,
    expirationTime: inv.expirationTime,
    monitoringExpiration: inv.expirationTime + 24 * 3600,
    status: inv.status,
    additionalStatus: inv.additionalStatus,
    availableStatusesForManualMarking:
      inv.status === 'Settled' || inv.status === 'Invalid' ? [] : (['Settled', 'Invalid'] as const),
    archived: false,
  });

  const payment = (inv: Invoice) => ({
    id: `${randomBytes(32).toString('hex')}-0`,
    receivedDate: inv.createdTime + 60,
    value: btc(inv.paidAmount),
    fee: '0.00000000',
    status: inv.status === 'Settled' ? 'Settled' : inv.status === 'Invalid' ? 'Invalid' : 'Processing',
    destination: `bcrt1q${inv.id.toLowerCase()}`,
  });

  const paymentMethods = (inv: Invoice) => [
    {
      paymentMethodId: 'BTC-CHAIN',
      currency: 'BTC',
      destination: `bcrt1q${inv.id.toLowerCase()}`,
      paymentLink: `bitcoin:bcrt1q${inv.id.toLowerCase()}?amount=${btc(inv.amount)}`,
      rate: RATE.toFixed(2),
      paymentMethodPaid: btc(inv.paidAmount),
      totalPaid: btc(inv.paidAmount),
      due: Math.max(0, Number(btc(inv.amount)) - Number(btc(inv.paidAmount))).toFixed(8),
      amount: btc(inv.amount),
      paymentMethodFee: '0.00000000',
      payments: Number(inv.paidAmount) > 0 ? [payment(inv)] : [],
      activated: true,
      additionalData: {
        keyPath: '0/1',
        payjoinEnabled: false,
        accountDerivation:
          'tpubD6NzVbkrYhZ4WLczPJWReQycCJdd6YVWXubbVUFnJ5KgU5MDQrD998ZJLNGbhd2pq7ZtDiPYTfJ7iBenLVQpYgSQqPjUsQeJXH8VQ8xA67D',
        recommendedFeeRate: '1',
        paymentMethodFeeRate: '1',
      },
    },
  ];

  const payoutData = (p: Payout) => ({
    id: p.id,
    revision: 0,
    ...(p.pullPaymentId ? { pullPaymentId: p.pullPaymentId } : {}),
    date: p.date,
    destination: p.destination,
    originalCurrency: p.currency,
    originalAmount: p.amount,
    payoutCurrency: 'BTC',
    payoutAmount: p.payoutAmount,
    payoutMethodId: p.payoutMethodId,
    state: p.state,
    metadata: p.metadata,
  });

  const pullPaymentData = (pp: PullPayment) => ({
    id: pp.id,
    name: pp.name,
    description: pp.description,
    currency: pp.currency,
    amount: pp.amount,
    BOLT11Expiration: '30',
    autoApproveClaims: pp.autoApproveClaims,
    archived: pp.archived,
    viewLink: `${server.url}/pull-payments/${pp.id}`,
  });

  /** A request checked against its operation's schema, closed: a field Greenfield does not know is an error. */
  const strictly = (operation: string, body: unknown) => {
    const schema = greenfield.flatten(greenfield.requests[operation]);
    return greenfield.check({ ...schema, additionalProperties: false }, body);
  };
  const validation = (errors: string[]): [number, unknown] => [
    422,
    errors.map((e) => ({ path: e.split(':')[0]!.replace(/^\$\.?/, ''), message: e })),
  ];
  const payoutMethodIds = ['BTC-CHAIN', 'BTC-LN'];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  /** Greenfield's answer to one request: [status, body]. */
  const answer = (method: string, url: URL, body: unknown): [number, unknown?] => {
    const p = url.pathname;
    let m = /^\/api\/v1\/stores\/([^/]+)\/invoices$/.exec(p);
    if (m && method === 'POST') {
      if (decodeURIComponent(m[1]!) !== storeId) return [403];
      const errors = greenfield.check('CreateInvoiceRequest', body);
      const b = (body ?? {}) as {
        amount?: string;
        currency?: string;
        metadata?: Record<string, unknown>;
        checkout?: Record<string, unknown>;
      };
      if (b.amount == null || !(Number(b.amount) > 0)) errors.push('$.amount: a positive amount is required');
      if (errors.length)
        return [400, errors.map((e) => ({ path: e.split(':')[0]!.replace(/^\$\.?/, ''), message: e }))];
      const created = now();
      const inv: Invoice = {
        id: greenfieldId(),
        storeId,
        amount: Number(b.amount).toFixed(2),
        currency: (b.currency ?? 'USD').toUpperCase(),
        metadata: b.metadata ?? {},
        checkout: {
          speedPolicy: 'MediumSpeed',
          paymentMethods: ['BTC-CHAIN'],
          defaultPaymentMethod: 'BTC-CHAIN',
          lazyPaymentMethods: false,
          expirationMinutes,
          monitoringMinutes: 1440,
          paymentTolerance: 0,
          redirectURL: null,
          redirectAutomatically: false,
          defaultLanguage: null,
          ...(b.checkout ?? {}),
        },
        status: 'New',
        additionalStatus: 'None',
        paidAmount: '0.00',
        createdTime: created,
        expirationTime: created + expirationMinutes * 60,
      };
      invoices.set(inv.id, inv);
      return [200, invoiceData(inv)];
    }
    m = /^\/api\/v1\/invoices\/([^/]+)(\/payment-methods)?$/.exec(p);
    if (m && method === 'GET') {
      const inv = invoices.get(decodeURIComponent(m[1]!));
      if (!inv) return [404, problem('invoice-not-found', 'The invoice was not found')];
      return [200, m[2] ? paymentMethods(inv) : invoiceData(inv)];
    }
    m = /^\/api\/v1\/stores\/([^/]+)\/payouts$/.exec(p);
    if (m) {
      if (decodeURIComponent(m[1]!) !== storeId) return [403];
      if (method === 'GET') {
        const all = url.searchParams.get('includeCancelled') === 'true';
        return [200, [...payouts.values()].filter((x) => all || x.state !== 'Cancelled').map(payoutData)];
      }
      if (method === 'POST') {
        const errors = greenfield.check('CreatePayoutThroughStoreRequest', body);
        if (errors.length)
          return [422, errors.map((e) => ({ path: e.split(':')[0]!.replace(/^\$\.?/, ''), message: e }))];
        const b = body as {
          destination?: string;
          amount?: string;
          payoutMethodId?: string;
          approved?: boolean;
          metadata?: Record<string, unknown>;
        };
        if (b.payoutMethodId !== 'BTC-CHAIN' && b.payoutMethodId !== 'BTC-LN')
          return [400, problem('payment-method-not-supported', 'This payout method is not supported')];
        if (!b.destination) return [422, [{ path: 'destination', message: 'The destination is required' }]];
        if (!(Number(b.amount) > 0))
          return [422, [{ path: 'amount', message: 'The amount should be more than 0' }]];
        const payout: Payout = {
          id: greenfieldId(),
          date: new Date().toISOString(),
          destination: b.destination,
          amount: Number(b.amount).toFixed(8),
          currency: 'BTC',
          payoutAmount: Number(b.amount).toFixed(8),
          payoutMethodId: b.payoutMethodId,
          state: b.approved ? 'AwaitingPayment' : 'AwaitingApproval',
          metadata: b.metadata ?? {},
        };
        payouts.set(payout.id, payout);
        return [200, payoutData(payout)];
      }
    }
    m = /^\/api\/v1\/stores\/([^/]+)\/pull-payments$/.exec(p);
    if (m) {
      if (decodeURIComponent(m[1]!) !== storeId) return [403];
      if (method === 'GET') {
        const all = url.searchParams.get('includeArchived') === 'true';
        return [200, [...pullPayments.values()].filter((x) => all || !x.archived).map(pullPaymentData)];
      }
      if (method === 'POST') {
        const errors = strictly('PullPayments_CreatePullPayment', body);
        const b = (body ?? {}) as {
          name?: string | null;
          description?: string | null;
          amount?: string;
          currency?: string;
          payoutMethods?: string[] | null;
          autoApproveClaims?: boolean | null;
        };
        if (!(Number(b.amount) > 0)) errors.push('$.amount: The amount should be more than 0');
        if (!b.currency) errors.push('$.currency: The currency is required');
        for (const id of b.payoutMethods ?? [])
          if (!payoutMethodIds.includes(id)) errors.push(`$.payoutMethods: ${id} is not a payout method`);
        if (errors.length) return validation(errors);
        const pp: PullPayment = {
          id: greenfieldId(),
          name: b.name ?? '',
          description: b.description ?? '',
          amount: Number(b.amount).toFixed(2),
          currency: b.currency!.toUpperCase(),
          payoutMethods: b.payoutMethods ?? payoutMethodIds,
          autoApproveClaims: b.autoApproveClaims ?? false,
          archived: false,
        };
        pullPayments.set(pp.id, pp);
        return [200, pullPaymentData(pp)];
      }
    }
    m = /^\/api\/v1\/pull-payments\/([^/]+)(\/payouts)?$/.exec(p);
    if (m) {
      const pp = pullPayments.get(decodeURIComponent(m[1]!));
      if (!pp) return [404, problem('pullpayment-not-found', 'The pull payment was not found')];
      const claims = [...payouts.values()].filter((x) => x.pullPaymentId === pp.id);
      if (!m[2] && method === 'GET') return [200, pullPaymentData(pp)];
      if (!m[2] && method === 'DELETE') {
        // Archiving cancels the payouts still awaiting approval or payment.
        pp.archived = true;
        for (const x of claims)
          if (x.state === 'AwaitingApproval' || x.state === 'AwaitingPayment') x.state = 'Cancelled';
        return [200];
      }
      if (m[2] && method === 'GET') {
        const all = url.searchParams.get('includeCancelled') === 'true';
        return [200, claims.filter((x) => all || x.state !== 'Cancelled').map(payoutData)];
      }
      if (m[2] && method === 'POST') {
        const errors = strictly('PullPayments_CreatePayout', body);
        if (errors.length) return validation(errors);
        const b = body as { destination?: string; amount?: string; payoutMethodId?: string };
        if (!b.destination) return validation(['$.destination: The destination is required']);
        if (b.amount !== undefined && !(Number(b.amount) > 0))
          return validation(['$.amount: The amount should be more than 0']);
        if (pp.archived) return [400, problem('archived', 'This pull payment is archived')];
        if (!b.payoutMethodId || !pp.payoutMethods.includes(b.payoutMethodId))
          return [400, problem('payment-method-not-supported', 'This payout method is not supported')];
        const claimed = claims
          .filter((x) => x.state !== 'Cancelled')
          .reduce((sum, x) => sum + Number(x.amount), 0);
        const amount = b.amount === undefined ? Number(pp.amount) - claimed : Number(b.amount);
        if (claimed + amount > Number(pp.amount) + 1e-9)
          return [400, problem('overdraft', 'The payout amount exceeds what is left of the pull payment')];
        const payout: Payout = {
          id: greenfieldId(),
          pullPaymentId: pp.id,
          date: new Date().toISOString(),
          destination: b.destination,
          amount: amount.toFixed(2),
          currency: pp.currency,
          payoutAmount: pp.autoApproveClaims ? btc(amount.toFixed(2)) : null,
          payoutMethodId: b.payoutMethodId,
          state: pp.autoApproveClaims ? 'AwaitingPayment' : 'AwaitingApproval',
          metadata: {},
        };
        payouts.set(payout.id, payout);
        return [200, payoutData(payout)];
      }
    }
    m = /^\/api\/v1\/payouts\/([^/]+)$/.exec(p);
    if (m && method === 'GET') {
      const payout = payouts.get(decodeURIComponent(m[1]!));
      if (!payout) return [404, problem('payout-not-found', 'The payout was not found')];
      return [200, payoutData(payout)];
    }
    return [404, problem('not-found', 'Not found')];
  };

  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);
    let body: unknown;
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      authorized: req.headers.authorization === `token ${apiKey}`,
      body: undefined,
    };
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        requests.push(entry);
        return send(res, 400, problem('invalid-json', 'The request body is not JSON'));
      }
    }
    entry.body = body;
    requests.push(entry);
    for (const hold of holds.filter((h) => h.match(entry))) {
      hold.arrived();
      await hold.released;
    }
    if (down) return send(res, 503, problem('service-unavailable', 'BTCPay Server is unavailable'));
    if (!entry.authorized)
      return send(
        res,
        401,
        problem('unauthenticated', 'Authentication is required for accessing this endpoint'),
      );
    if (body !== undefined && !String(req.headers['content-type']).startsWith('application/json'))
      return send(res, 415, problem('unsupported-media-type', 'Send JSON'));
    const [status, out] = answer(entry.method, url, body);
    send(res, status, out);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  /** A payout event as BTCPay sends it: the store event's fields, the payout's id and state. */
  const payoutWebhookBody = (payout: Payout, o: DeliverOptions, deliveryId: string) => ({
    deliveryId,
    webhookId,
    originalDeliveryId: o.isRedelivery ? greenfieldId() : deliveryId,
    isRedelivery: o.isRedelivery ?? false,
    type: o.type,
    timestamp: now(),
    storeId: o.storeId ?? storeId,
    payoutId: payout.id,
    pullPaymentId: payout.pullPaymentId ?? null,
    payoutState: payout.state,
  });

  const webhookBody = (inv: Invoice, o: DeliverOptions, deliveryId: string) => {
    const base = {
      deliveryId,
      webhookId,
      originalDeliveryId: o.isRedelivery ? greenfieldId() : deliveryId,
      isRedelivery: o.isRedelivery ?? false,
      type: o.type,
      timestamp: now(),
      storeId: o.storeId ?? inv.storeId,
      invoiceId: inv.id,
      metadata: inv.metadata,
    };
    switch (o.type) {
      case 'InvoiceSettled':
        return { ...base, manuallyMarked: false, overPaid: inv.additionalStatus === 'PaidOver' };
      case 'InvoiceInvalid':
        return { ...base, manuallyMarked: false };
      case 'InvoiceProcessing':
        return { ...base, overPaid: inv.additionalStatus === 'PaidOver' };
      case 'InvoiceReceivedPayment':
      case 'InvoicePaymentSettled':
        return {
          ...base,
          afterExpiration: inv.additionalStatus === 'PaidLate',
          paymentMethodId: 'BTC-CHAIN',
          payment: payment(inv),
        };
      case 'InvoiceExpired':
        return { ...base, partiallyPaid: inv.additionalStatus === 'PaidPartial' };
      default:
        return base;
    }
  };

  const server = {
    url: `http://127.0.0.1:${port}`,
    storeId,
    apiKey,
    webhookSecret,
    /** The environment that points the app at this server. */
    env(): Record<string, string> {
      return {
        BTCPAY_URL: server.url,
        BTCPAY_STORE_ID: storeId,
        BTCPAY_API_KEY: apiKey,
        BTCPAY_WEBHOOK_SECRET: webhookSecret,
      };
    },
    requests,
    invoice: (id: string) => invoices.get(id),
    /** The invoice as Greenfield answers it. */
    invoiceData: (id: string) => invoiceData(invoices.get(id)!),
    paymentMethods: (id: string) => paymentMethods(invoices.get(id)!),
    payout: (id: string) => (payouts.has(id) ? payoutData(payouts.get(id)!) : undefined),
    /** The pull payment as Greenfield answers it. */
    pullPayment: (id: string) => (pullPayments.has(id) ? pullPaymentData(pullPayments.get(id)!) : undefined),
    /** Every pull payment, archived ones too, oldest first. */
    pullPayments: () => [...pullPayments.values()].map(pullPaymentData),
    /** Moves an invoice on, as payments and BTCPay's clock would. */
    setInvoice(
      id: string,
      change: { status?: InvoiceStatus; additionalStatus?: AdditionalStatus; paidAmount?: string },
    ) {
      const inv = invoices.get(id);
      if (!inv) throw new Error(`no invoice ${id}`);
      Object.assign(inv, change);
      if (change.paidAmount === undefined && change.status === 'Settled' && Number(inv.paidAmount) === 0)
        inv.paidAmount = inv.amount;
    },
    setPayout(id: string, state: PayoutState) {
      const p = payouts.get(id);
      if (!p) throw new Error(`no payout ${id}`);
      p.state = state;
    },
    /** Every Greenfield call answers 503 while down. */
    setDown(value: boolean) {
      down = value;
    },
    /** Requests matching `match` wait (before any answer) until released. */
    hold(match: (r: LoggedRequest) => boolean) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const entry = { match, arrived, released };
      holds.push(entry);
      return {
        reached,
        release() {
          holds.splice(holds.indexOf(entry), 1);
          release();
        },
      };
    },
    /** BTCPay's signature of a raw body. */
    sign: (raw: string, secret = webhookSecret) =>
      `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`,
    /** The webhook body BTCPay sends for an event (WebhookInvoice*Event, or a payout event with `payoutId`). */
    webhookBody: (o: DeliverOptions, deliveryId = o.deliveryId ?? greenfieldId()) => {
      if (o.payoutId !== undefined) {
        const payout = payouts.get(o.payoutId);
        if (!payout) throw new Error(`no payout ${o.payoutId}`);
        return payoutWebhookBody(payout, o, deliveryId);
      }
      const inv = invoices.get(o.invoiceId ?? '');
      if (!inv) throw new Error(`no invoice ${o.invoiceId}`);
      return webhookBody(inv, o, deliveryId);
    },
    /** POSTs an event to `webhookUrl` as BTCPay does; the status it got (or 'error' when the connection failed). */
    async deliver(webhookUrl: string, o: DeliverOptions): Promise<Delivery> {
      const deliveryId = o.deliveryId ?? greenfieldId();
      const signed = JSON.stringify(server.webhookBody(o, deliveryId));
      const signature = o.signature === undefined ? server.sign(signed, o.secret) : o.signature;
      const raw = o.alter ? o.alter(signed) : signed;
      return server.send(webhookUrl, raw, signature, deliveryId);
    },
    /** POSTs exact bytes with a BTCPay-Sig header (a replay). */
    async send(
      webhookUrl: string,
      raw: string,
      signature: string | null,
      deliveryId = '',
    ): Promise<Delivery> {
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'BTCPayServer/2.0',
            ...(signature === null ? {} : { 'btcpay-sig': signature }),
          },
          body: raw,
          signal: AbortSignal.timeout(20_000),
        });
        return { status: res.status, body: await res.text(), deliveryId, raw, signature };
      } catch (err) {
        return { status: 'error', body: String(err), deliveryId, raw, signature };
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const h of [...holds]) h.arrived();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
export type BtcpayServer = Awaited<ReturnType<typeof startBtcpayServer>>;
