import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config.ts';
import { type Processor, ProcessorUnavailable, type Verdict } from './processor.ts';

type StripeConfig = NonNullable<PaymentsConfig['stripe']>;

/** How long a Checkout Session takes payment (Stripe's minimum is 30 minutes). */
const CHECKOUT_WINDOW_S = 60 * 60;

/** Stripe's side of a payment a refund or dispute names: the charge as Stripe holds it now. */
export interface ChargeState {
  id: string;
  paymentIntent: string | null;
  amount: number;
  amountRefunded: number;
  disputed: boolean;
}

/** The Stripe processor, plus what its webhook needs: the verified event and re-reads at the source. */
export interface StripeProcessor extends Processor {
  method: 'stripe';
  /** The event in `raw` if `signature` is Stripe's over exactly those bytes and recent; throws otherwise. */
  verifiedEvent(raw: Buffer, signature: string | undefined): Stripe.Event;
  session(sessionId: string): Promise<Stripe.Checkout.Session>;
  charge(chargeId: string): Promise<ChargeState>;
  /** The Checkout Session that made a PaymentIntent, if it was one of ours. */
  sessionOfPayment(paymentIntentId: string): Promise<Stripe.Checkout.Session | undefined>;
}

const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * The processor's word on a Checkout Session. `complete` + `paid` is a payment (its PaymentIntent is what
 * refunds and disputes name later); `complete` + `unpaid` is a delayed method still processing, or failed
 * when its PaymentIntent went back to asking for a payment method; `expired` closed without payment.
 */
export function sessionVerdict(session: Stripe.Checkout.Session): Verdict {
  if (session.status === 'expired') return { state: 'expired' };
  if (session.status !== 'complete') return { state: 'pending' };
  const paymentRef = idOf(session.payment_intent) ?? undefined;
  if (session.payment_status === 'paid') return { state: 'paid', paymentRef };
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled'))
    return { state: 'invalid', staffNote: `Stripe: the payment ${intent.id} failed (${intent.status}).` };
  return { state: 'pending' };
}

/** Network failures, timeouts, 5xx and rate limits: Stripe did not answer, so the member may try again. */
function unavailable(err: unknown): never {
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500)
  )
    throw new ProcessorUnavailable(`Stripe did not answer: ${err.message}`, { cause: err });
  throw err;
}

/** Host, port and protocol of STRIPE_API_URL (a loopback test server); Stripe's own when unset. */
function apiAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function stripeProcessor(config: StripeConfig, _publicUrl: string): StripeProcessor {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    timeout: 15_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const retrieve = (sessionId: string) =>
    stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }).catch(unavailable);

  return {
    method: 'stripe',

    async createCheckout(request) {
      const expiresAt = Math.floor(Date.now() / 1000) + CHECKOUT_WINDOW_S;
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: `${request.credits.toLocaleString('en-US')} credits` },
                },
              },
            ],
            client_reference_id: request.depositId,
            metadata: { depositId: request.depositId },
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            expires_at: expiresAt,
          },
          // A retry (ours or the package's) of the same deposit gets the same session, never a second one.
          { idempotencyKey: `deposit-${request.depositId}` },
        )
        .catch(unavailable);
      if (!session.url) throw new Error(`Stripe made session ${session.id} without a checkout URL`);
      return {
        processorRef: session.id,
        checkoutUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      };
    },

    async lookup(sessionId) {
      return sessionVerdict(await retrieve(sessionId));
    },

    verifiedEvent(raw, signature) {
      return Stripe.webhooks.constructEvent(raw, signature ?? '', config.webhookSecret);
    },

    session: retrieve,

    async charge(chargeId) {
      const c = await stripe.charges.retrieve(chargeId).catch(unavailable);
      return {
        id: c.id,
        paymentIntent: idOf(c.payment_intent),
        amount: c.amount,
        amountRefunded: c.amount_refunded,
        disputed: c.disputed,
      };
    },

    async sessionOfPayment(paymentIntentId) {
      const page = await stripe.checkout.sessions
        .list({ payment_intent: paymentIntentId, limit: 1, expand: ['data.payment_intent'] })
        .catch(unavailable);
      return page.data[0];
    },
  };
}
