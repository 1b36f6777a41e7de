import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import {
  type AdminWithdrawal,
  type AdminWithdrawalPage,
  type WithdrawalStatus,
  withdrawalPageSize,
  withdrawalStatuses,
} from '../../../contract/withdrawals.ts';
import type { Db, Tx } from '../../db/client.ts';
import { timeKey } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canAdminister, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';
import { publishAfterCommit } from '../realtime/bus.ts';
import { payWithdrawal, returnWithdrawal } from '../wallet/doors.ts';
import {
  type PayoutOutcome,
  PayoutOutcomeUnknown,
  type PayoutRequest,
  type PayoutSender,
} from './payout-sender.ts';
import * as q from './queries.ts';
import { decimal, toAdminWithdrawal, type WithdrawalDeps } from './service.ts';

/*
 * Deciding withdrawals (decision 032): admins approve (a manual payout completes with its reference; a BTCPay
 * payout is sent through the PayoutSender) or reject (the credits go back); the processor's webhook or poll
 * ends a BTCPay payout. Each step is a conditional status change, so of two racing decisions one wins, and its
 * transaction alone moves the credits through the wallet's doors and tells the member.
 */

const payoutNotSent = 'The payout could not be sent';
const payoutCancelled = 'The payout was cancelled by the payment processor';

// --- staff ---------------------------------------------------------------------------------------------------

export async function listForStaff(
  db: Db,
  viewer: Viewer,
  query: { status: WithdrawalStatus | 'all'; cursor?: string },
): Promise<AdminWithdrawalPage> {
  ensure(canAdminister(viewer), m.onlyAdmins);
  const after = q.withdrawalKeyset.decode(query.cursor);
  const statuses = query.status === 'all' ? withdrawalStatuses : [query.status];
  const found = await q.adminRows(db, { statuses, after }, q.withdrawalKeyset.limit(withdrawalPageSize));
  return q.withdrawalKeyset.page(found, withdrawalPageSize, timeKey, toAdminWithdrawal);
}

async function adminWithdrawal(db: Db, id: string) {
  const [row] = await q.adminRows(db, { id }, 1);
  return toAdminWithdrawal(orNotFound(row, m.notFound));
}

type Outcome = 'approved' | 'completed' | 'rejected' | 'failed';

const outcomeTexts: Record<Outcome, (w: q.WithdrawalRow) => { title: string; content: string }> = {
  approved: (w) => ({
    title: 'Withdrawal approved',
    content: `Your withdrawal of ${w.credits} credits was approved and is being paid out.`,
  }),
  completed: (w) => ({
    title: 'Withdrawal paid out',
    content: `Your withdrawal of ${w.credits} credits was paid out: ${decimal(w.amountMinor)} ${w.currency}${w.reference ? ` (reference ${w.reference})` : ''}.`,
  }),
  rejected: (w) => ({
    title: 'Withdrawal rejected',
    content: `Your withdrawal of ${w.credits} credits was rejected and the credits are back in your wallet. Reason: ${w.reason ?? ''}`,
  }),
  failed: (w) => ({
    title: 'Withdrawal failed',
    content: `Your withdrawal of ${w.credits} credits could not be paid out and the credits are back in your wallet.`,
  }),
};

/** The member hears of a decision in the same transaction: a notification, a mail, and a live wallet event. */
async function tellMember(tx: Tx, w: q.WithdrawalRow, outcome: Outcome) {
  if (!w.userId) return;
  const { title, content } = outcomeTexts[outcome](w);
  await notify(
    tx,
    { userId: w.userId, type: 'order_update', title, content, data: { withdrawalId: w.id } },
    { mailNow: { template: 'withdrawal', data: { title, content } } },
  );
  await publishAfterCommit(tx, {
    room: `user:${w.userId}`,
    event: 'wallet',
    payload: { withdrawalId: w.id },
  });
}

/**
 * A decided withdrawal's credits go through the wallet's door, paid out (completed) or back to the member
 * (rejected, failed), and the member hears of it: in the transaction that made the decision.
 */
async function settle(
  tx: Tx,
  w: q.WithdrawalRow,
  outcome: 'completed' | 'rejected' | 'failed',
  entry: { description: string; createdBy?: string },
) {
  const moved = { credits: w.credits, withdrawalId: w.id, ...entry };
  if (outcome === 'completed') await payWithdrawal(tx, { ...moved, fee: w.fee });
  else await returnWithdrawal(tx, { ...moved, userId: w.userId });
  await tellMember(tx, w, outcome);
}

const notPending = () => new AppError('CONFLICT', m.notPending);

/**
 * An admin's decision on a pending withdrawal, once: the conditional change from pending (409 when another
 * decision won), and its audit entry (approve or reject by the new status, with what the decision `noted`).
 */
async function decidePending(
  tx: Tx,
  viewer: Viewer,
  id: string,
  change: { status: 'completed' | 'processing' | 'rejected' } & Omit<
    Parameters<typeof q.transition>[3],
    'status'
  >,
  noted: Record<string, string> = {},
) {
  const w = await q.transition(tx, id, 'pending', { ...change, decidedBy: viewer.id, decidedAt: sql`now()` });
  if (!w) throw notPending();
  await audit(tx, viewer, {
    action: change.status === 'rejected' ? 'withdrawal.reject' : 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: id,
    before: { status: 'pending' },
    after: { status: w.status, ...noted },
  });
  return w;
}

/**
 * Admins approve a pending withdrawal once (a conditional status change): a manual payout completes at once
 * with its reference; a BTCPay payout goes `processing`, is sent outside the transaction, and fails back to the
 * member when the sender throws.
 */
export async function approveWithdrawal(
  deps: WithdrawalDeps,
  viewer: Viewer,
  id: string,
  body: { reference?: string },
): Promise<AdminWithdrawal> {
  ensure(canAdminister(viewer), m.onlyAdmins);
  const { db } = deps;
  const found = orNotFound(await q.findWithdrawal(db, id), m.notFound);
  if (found.status !== 'pending') throw notPending();
  if (found.method === 'manual') {
    const reference = body.reference?.trim();
    if (!reference) throw new AppError('VALIDATION', m.referenceRequired, { reference: m.referenceRequired });
    await db.transaction(async (tx) => {
      const w = await decidePending(
        tx,
        viewer,
        id,
        { status: 'completed', reference, completedAt: sql`now()` },
        { reference },
      );
      await settle(tx, w, 'completed', {
        description: `Withdrawal paid out (reference ${reference})`,
        createdBy: viewer.id,
      });
    });
    return adminWithdrawal(db, id);
  }
  const sender = deps.sender;
  if (!sender || sender.method !== found.method || !deps.methods.includes(found.method))
    throw new AppError('CONFLICT', m.methodUnavailable);
  const w = await db.transaction(async (tx) => {
    const row = await decidePending(tx, viewer, id, { status: 'processing' });
    await tellMember(tx, row, 'approved');
    return row;
  });
  try {
    const { payoutRef } = await sender.send(payoutRequest(w));
    await q.recordPayoutRef(db, id, payoutRef);
  } catch (err) {
    // The member sees a plain reason; the processor's own words go to the log for staff.
    deps.log?.error({ err, withdrawalId: id }, 'payout sender failed');
    // Asked and no answer: a payout may exist, so the credits stay out until the sweep knows.
    if (!(err instanceof PayoutOutcomeUnknown)) await failWithdrawal(db, id, payoutNotSent);
  }

  return adminWithdrawal(db, id);
}

/** Admins reject a pending withdrawal with a reason; its credits go back to the member as withdrawable ones. */
export async function rejectWithdrawal(
  deps: WithdrawalDeps,
  viewer: Viewer,
  id: string,
  body: { reason: string },
): Promise<AdminWithdrawal> {
  ensure(canAdminister(viewer), m.onlyAdmins);
  const { db } = deps;
  orNotFound(await q.findWithdrawal(db, id), m.notFound);
  await db.transaction(async (tx) => {
    const w = await decidePending(
      tx,
      viewer,
      id,
      { status: 'rejected', reason: body.reason },
      {
        reason: body.reason,
      },
    );
    await settle(tx, w, 'rejected', {
      description: 'Withdrawal rejected: credits returned',
      createdBy: viewer.id,
    });
  });
  return adminWithdrawal(db, id);
}

const payoutRequest = (w: q.WithdrawalRow): PayoutRequest => ({
  id: w.id,
  userId: w.userId,
  destination: w.destination,
  amountMinor: w.amountMinor,
  currency: w.currency,
});

// --- the payout processor's side (its webhook or poll) ---------------------------------------------------

/** A processing payout went through: its credits leave the site. False when it was not processing. */
export async function completeWithdrawal(db: Db, id: string) {
  return endProcessing(db, id, { status: 'completed', completedAt: sql`now()` }, 'Withdrawal paid out');
}

/** A processing payout failed: its credits go back to the member. False when it was not processing. */
export async function failWithdrawal(db: Db, id: string, reason: string) {
  return endProcessing(db, id, { status: 'failed', reason }, 'Withdrawal failed: credits returned');
}

/** The processor's answer ends a processing payout once: false when it was no longer processing. */
async function endProcessing(
  db: Db,
  id: string,
  change: { status: 'completed' | 'failed' } & Omit<Parameters<typeof q.transition>[3], 'status'>,
  description: string,
) {
  return db.transaction(async (tx) => {
    const w = await q.transition(tx, id, 'processing', change);
    if (!w) return false;
    await settle(tx, w, change.status, { description });
    return true;
  });
}

/**
 * What the processor says of a processing payout, applied once: completed pays it out, cancelled returns the
 * credits, open changes nothing. True when this call changed the withdrawal.
 */
export async function applyPayoutOutcome(db: Db, id: string, outcome: PayoutOutcome) {
  if (outcome === 'completed') return completeWithdrawal(db, id);
  if (outcome === 'cancelled') return failWithdrawal(db, id, payoutCancelled);
  return false;
}

/**
 * The reconciliation sweep of payouts (decision 032): withdrawals still `processing` `minAgeSeconds` after
 * approval are re-read at their processor, so a lost webhook still completes or fails them. Returns how many
 * changed.
 *
 * One with no payout reference is a send that died between the approval's commit and the processor's answer
 * (a killed process, a claim that timed out). Sending again could pay twice, and failing it back blindly could
 * too (the payout may exist, its answer lost). So the sender looks for the payout it made for this withdrawal
 * (BTCPay: the pull payment named after it): found, its reference is recorded and its state decides as any
 * other; not found, the sender first closes what could still be claimed, and only then are the credits
 * returned. The minimum age leaves a live send (two calls of 10 s at most) time to finish.
 */
export async function reconcilePayouts(
  deps: { db: Db; sender: PayoutSender; log?: Pick<FastifyBaseLogger, 'warn'> },
  { minAgeSeconds = 600, batch = 100 }: { minAgeSeconds?: number; batch?: number } = {},
) {
  const { db, sender } = deps;
  let changed = 0;
  for (const w of await q.overdueProcessing(db, sender.method, minAgeSeconds, batch)) {
    try {
      let payoutRef = w.payoutRef;
      if (!payoutRef) {
        const found = await sender.recover(payoutRequest(w));
        if (!found) {
          if (await failWithdrawal(db, w.id, payoutNotSent)) changed += 1;
          continue;
        }
        payoutRef = found.payoutRef;
        await q.recordPayoutRef(db, w.id, payoutRef);
      }
      if (await applyPayoutOutcome(db, w.id, await sender.check(payoutRef))) changed += 1;
    } catch (err) {
      // The processor down must not stop the sweep for good: the next one tries again.
      deps.log?.warn({ withdrawalId: w.id, err: (err as Error).message }, 'payout reconciliation failed');
    }
  }
  return changed;
}
