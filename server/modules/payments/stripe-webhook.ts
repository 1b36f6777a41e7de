import type Stripe from 'stripe';
import * as q from './queries.ts';
import { applyVerdict, type PaymentsDeps, reverseTo } from './service.ts';
import { type StripeProcessor, sessionVerdict } from './stripe.ts';

/*
 * Stripe's webhook, after its signature was verified (routes.ts). An event only says where to look: every
 * change is made from what Stripe answers when asked again (the Checkout Session, the charge), through the
 * same applyVerdict and reverseTo every other confirmation takes, so a replayed or reordered event moves
 * nothing twice. Each returns once its change has committed.
 */

export type StripeOutcome = 'handled' | 'ignored';

/** Our deposit for a Checkout Session: by its id, or (a webhook faster than recordCheckout) its metadata. */
async function depositOfSession(deps: PaymentsDeps, session: Stripe.Checkout.Session) {
  const byRef = await q.findByRef(deps.db, 'stripe', { processorRef: session.id });
  if (byRef) return byRef;
  const depositId = session.metadata?.depositId ?? session.client_reference_id;
  if (!depositId || !/^[0-9a-f-]{36}$/i.test(depositId)) return undefined;
  const d = await q.findDeposit(deps.db, depositId);
  // Only a Stripe deposit not yet tied to another session: metadata alone never moves someone else's.
  return d?.method === 'stripe' && (d.processorRef === null || d.processorRef === session.id) ? d : undefined;
}

async function settleSession(deps: PaymentsDeps, stripe: StripeProcessor, sessionId: string) {
  const session = await stripe.session(sessionId);
  const d = await depositOfSession(deps, session);
  if (!d) return 'ignored';
  await applyVerdict(deps, d.id, sessionVerdict(session));
  return 'handled';
}

/**
 * The settled deposit a PaymentIntent paid. A refund or dispute may overtake the session's own event: then
 * the session is found by its payment and settled first, so the reversal has credits to take back.
 */
async function depositOfPayment(deps: PaymentsDeps, stripe: StripeProcessor, paymentIntentId: string) {
  const known = await q.findByRef(deps.db, 'stripe', { paymentRef: paymentIntentId });
  if (known) return known;
  const session = await stripe.sessionOfPayment(paymentIntentId);
  const d = session && (await depositOfSession(deps, session));
  if (!session || !d) return undefined;
  return applyVerdict(deps, d.id, sessionVerdict(session));
}

/** Refunds move by what Stripe has refunded in total: floor(credits × refunded / charged). */
async function refunded(deps: PaymentsDeps, stripe: StripeProcessor, chargeId: string) {
  const charge = await stripe.charge(chargeId);
  const d = charge.paymentIntent && (await depositOfPayment(deps, stripe, charge.paymentIntent));
  if (!d || charge.amount <= 0) return 'ignored';
  const credits = Math.floor((d.credits * charge.amountRefunded) / charge.amount);
  await reverseTo(deps, d.id, credits, 'refund');
  return 'handled';
}

/** A dispute (chargeback) takes the whole top-up back as soon as it opens. */
async function disputed(deps: PaymentsDeps, stripe: StripeProcessor, chargeId: string) {
  const charge = await stripe.charge(chargeId);
  if (!charge.disputed) return 'ignored';
  const d = charge.paymentIntent && (await depositOfPayment(deps, stripe, charge.paymentIntent));
  if (!d) return 'ignored';
  await reverseTo(deps, d.id, d.credits, 'chargeback');
  return 'handled';
}

const idOf = (v: string | { id: string }) => (typeof v === 'string' ? v : v.id);

export async function handleStripeEvent(
  deps: PaymentsDeps,
  stripe: StripeProcessor,
  event: Stripe.Event,
): Promise<StripeOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return settleSession(deps, stripe, event.data.object.id);
    case 'charge.refunded':
      return refunded(deps, stripe, event.data.object.id);
    case 'charge.dispute.created':
      return disputed(deps, stripe, idOf(event.data.object.charge));
    default:
      return 'ignored';
  }
}
