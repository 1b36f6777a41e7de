import { paymentMessages as m } from '../../../contract/messages.ts';
import {
  type CreateDepositBody,
  type Deposit,
  type DepositMethod,
  type DepositOptions,
  type DepositPage,
  type DepositStatus,
  depositMethods,
  depositPageSize,
} from '../../../contract/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowTimeKey, unlessAll } from '../../db/cursor.ts';
import { AppError } from '../../plugins/errors.ts';
import { enqueueMail } from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, deposit } from '../../policy.ts';
import { publishAfterCommit } from '../realtime/bus.ts';
import { getMoneyTerms } from '../site-settings/service.ts';
import { creditDeposit, reverseDeposit } from '../wallet/doors.ts';
import { type Processor, ProcessorUnavailable, type Verdict } from './processor.ts';
import * as q from './queries.ts';

/*
 * Top-ups (decision 032). A deposit is written pending before the processor is asked for a checkout, so a
 * confirmation can never arrive for a deposit we do not know. Every confirmation, whatever brought it (a
 * webhook, the member's return, the reconciliation job), ends in applyVerdict with what the processor says
 * when asked, and the credits move only in the transaction that wins the deposit's conditional update.
 */

export interface PaymentsDeps {
  db: Db;
  publicUrl: string;
  processors: Partial<Record<DepositMethod, Processor>>;
}

/** How long a checkout stays open when the processor does not say. */
const DEFAULT_WINDOW_MS = 60 * 60 * 1000;

const presetsWithin = (min: number, max: number) => {
  const base = [min, 1000, 2500, 5000, 10_000, 25_000].filter((n) => n >= min && n <= max);
  return [...new Set(base)].sort((a, b) => a - b).slice(0, 5);
};

/** Minor units for a number of credits at the site's price, rounded up: a fraction of a cent is never given away. */
export const priceInMinor = (credits: number, creditsPerUnit: number) =>
  Math.ceil((credits * 100) / creditsPerUnit);
export const formatMinor = (minor: number) => (minor / 100).toFixed(2);

export async function depositOptions(deps: PaymentsDeps): Promise<DepositOptions> {
  const { payments } = await getMoneyTerms(deps.db);
  return {
    methods: depositMethods.filter((method) => deps.processors[method]),
    currency: payments.currency,
    creditsPerUnit: payments.creditsPerUnit,
    minCredits: payments.minCredits,
    maxCredits: payments.maxCredits,
    presets: presetsWithin(payments.minCredits, payments.maxCredits),
  };
}

export function toDeposit(row: q.DepositRow): Deposit {
  return {
    id: row.id,
    method: row.method,
    credits: row.credits,
    amount: formatMinor(row.amountMinor),
    currency: row.currency,
    status: row.status,
    problem: row.problem,
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    reversedCredits: row.reversedCredits,
    expiresAt: row.expiresAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createDeposit(deps: PaymentsDeps, viewer: Viewer, body: CreateDepositBody) {
  const processor = deps.processors[body.method];
  if (!processor) throw new AppError('VALIDATION', m.methodUnavailable, { method: m.methodUnavailable });
  const { payments } = await getMoneyTerms(deps.db);
  if (body.credits < payments.minCredits) {
    const text = m.belowMinimum(payments.minCredits);
    throw new AppError('VALIDATION', text, { credits: text });
  }
  if (body.credits > payments.maxCredits) {
    const text = m.aboveMaximum(payments.maxCredits);
    throw new AppError('VALIDATION', text, { credits: text });
  }
  const amountMinor = priceInMinor(body.credits, payments.creditsPerUnit);
  const deposit = await q.insertDeposit(deps.db, {
    userId: viewer.id,
    method: body.method,
    credits: body.credits,
    amountMinor,
    currency: payments.currency,
    expiresAt: new Date(Date.now() + DEFAULT_WINDOW_MS),
  });
  let checkout: Awaited<ReturnType<Processor['createCheckout']>>;
  try {
    checkout = await processor.createCheckout({
      depositId: deposit.id,
      userId: viewer.id,
      credits: body.credits,
      amountMinor,
      currency: payments.currency,
      returnUrl: `${deps.publicUrl}/wallet?deposit=${deposit.id}`,
    });
  } catch (err) {
    // Nothing can be paid against a checkout that was never made: close the deposit and say so.
    await q.transition(deps.db, deposit.id, ['pending'], {
      status: 'invalid',
      staffNote: 'The processor refused or did not answer the checkout.',
    });
    if (err instanceof ProcessorUnavailable) throw new AppError('BAD_GATEWAY', m.processorFailed);
    throw err;
  }
  const expiresAt = checkout.expiresAt ?? deposit.expiresAt;
  await q.recordCheckout(deps.db, deposit.id, {
    processorRef: checkout.processorRef,
    checkoutUrl: checkout.checkoutUrl,
    expiresAt,
  });
  return { id: deposit.id, status: 'pending' as const, checkoutUrl: checkout.checkoutUrl };
}

/** The member's own deposit; anyone else's answers the same 404 as a missing one. */
export async function getDeposit(db: Db, viewer: Viewer, id: string) {
  const row = await q.findDeposit(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.depositNotFound);
  authorize(viewer, 'view', deposit(row));
  return row;
}

export async function listDeposits(
  db: Db,
  viewer: Viewer,
  query: { status: 'all' | DepositStatus; cursor?: string },
): Promise<DepositPage> {
  const after = q.depositKeyset.decode(query.cursor);
  const status = unlessAll(query.status);
  const found = await q.listDeposits(db, viewer.id, status, after, depositPageSize);
  return q.depositKeyset.page(found, depositPageSize, rowTimeKey, (r) => toDeposit(r.row));
}

const receiptLine = (d: q.DepositRow) =>
  `${d.credits.toLocaleString('en-US')} credits for ${formatMinor(d.amountMinor)} ${d.currency}`;

/** The member hears of it live and by mail, once the change has committed. */
async function tellMember(
  tx: Tx,
  d: q.DepositRow,
  publicUrl: string,
  mail?: { title: string; content: string },
) {
  if (!d.userId) return;
  await publishAfterCommit(tx, { room: `user:${d.userId}`, event: 'wallet', payload: { depositId: d.id } });
  if (!mail) return;
  const to = await q.memberMailbox(tx, d.userId);
  if (!to) return;
  await enqueueMail(tx, {
    to: to.email,
    template: 'notification',
    userId: d.userId,
    data: {
      title: mail.title,
      content: mail.content,
      action: 'Open your wallet',
      link: `${publicUrl}/wallet?deposit=${d.id}`,
    },
  });
}

/**
 * Acts on the processor's word about a deposit, exactly once: `paid` settles it (from pending, or from
 * expired when a payment arrived late) and credits the member in the same transaction; `expired` and
 * `invalid` close a pending one. Returns the deposit as it stands afterwards.
 */
export async function applyVerdict(deps: PaymentsDeps, id: string, verdict: Verdict) {
  if (verdict.state === 'pending') return q.findDeposit(deps.db, id);
  const changed = await deps.db.transaction(async (tx) => {
    if (verdict.state === 'paid') {
      const d = await q.transition(tx, id, ['pending', 'expired', 'invalid'], {
        status: 'settled',
        settledAt: new Date(),
        problem: verdict.problem ?? null,
        staffNote: verdict.staffNote ?? null,
        ...(verdict.paymentRef ? { paymentRef: verdict.paymentRef } : {}),
      });
      if (!d) return undefined;
      await creditDeposit(tx, {
        userId: d.userId,
        method: d.method,
        credits: d.credits,
        depositId: d.id,
        description: `Top-up: ${receiptLine(d)}`,
      });
      await tellMember(tx, d, deps.publicUrl, {
        title: 'Credits added',
        content: `Your payment was confirmed: ${receiptLine(d)} were added to your wallet.${d.problem === 'paid_over' ? ` ${m.paidOver}` : ''}`,
      });
      return d;
    }
    const d = await q.transition(tx, id, ['pending'], {
      status: verdict.state,
      problem: verdict.state === 'expired' ? (verdict.problem ?? null) : null,
      staffNote: verdict.staffNote ?? null,
    });
    if (!d) return undefined;
    await tellMember(
      tx,
      d,
      deps.publicUrl,
      d.problem === 'paid_partial'
        ? { title: 'Top-up not completed', content: `${receiptLine(d)}: ${m.paidPartial}` }
        : undefined,
    );
    return d;
  });
  return changed ?? q.findDeposit(deps.db, id);
}

/**
 * The processor took (part of) a settled top-up back: the deposit's reversed credits become `reversed` in
 * total, and only the difference from before moves, so a redelivered refund or dispute takes nothing twice.
 */
export async function reverseTo(deps: PaymentsDeps, id: string, reversed: number, why: string) {
  return deps.db.transaction(async (tx) => {
    const d = await q.lockSettled(tx, id);
    if (!d) return undefined;
    const target = Math.min(d.credits, Math.max(0, Math.floor(reversed)));
    const delta = target - d.reversedCredits;
    if (delta <= 0) return d;
    const after = await q.transition(tx, id, ['settled', 'reversed'], {
      status: 'reversed',
      reversedCredits: target,
    });
    await reverseDeposit(tx, {
      userId: d.userId,
      method: d.method,
      credits: delta,
      depositId: d.id,
      description: `Top-up taken back by the processor (${why}): ${delta.toLocaleString('en-US')} credits`,
    });
    await tellMember(tx, d, deps.publicUrl, {
      title: 'Top-up reversed',
      content: `The payment processor took back your top-up of ${receiptLine(d)} (${why}). ${delta.toLocaleString('en-US')} credits were removed from your wallet; if that took it below zero, you cannot buy or withdraw until you add credits.`,
    });
    return after;
  });
}

/**
 * The reconciliation sweep: pending deposits whose window has closed are re-read at their processor, so a
 * lost webhook still credits (or expires) them. Returns how many changed.
 */
export async function reconcileOverdue(
  deps: PaymentsDeps,
  log: { warn: (o: object, msg: string) => void },
  batch = 100,
) {
  let changed = 0;
  for (const d of await q.overdueDeposits(deps.db, batch)) {
    const processor = deps.processors[d.method];
    try {
      const verdict: Verdict =
        processor && d.processorRef ? await processor.lookup(d.processorRef) : { state: 'invalid' };
      const after = await applyVerdict(deps, d.id, verdict);
      if (after && after.status !== 'pending') changed += 1;
    } catch (err) {
      // One processor down must not stop the others' deposits; the next sweep tries again.
      log.warn({ depositId: d.id, err: (err as Error).message }, 'deposit reconciliation failed');
    }
  }
  return changed;
}
