import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { DepositMethod } from '../../../contract/payments.ts';
import { profiles } from '../../db/schema/index.ts';
import type { Executor } from '../../db/sql.ts';
import { type Leg, overLimit, writeTransfer } from './service.ts';

/*
 * Money in and out of the site (decision 032), the wallet's side: each function writes one balanced
 * transfer in the caller's transaction together with the profile change. The caller has already made the
 * deposit's or withdrawal's own state change (a conditional update), so a transfer is written only by the
 * one request that won that change.
 */

const clearing = (method: DepositMethod) => `deposits_${method}` as const;

/**
 * Changes a member's profile for a transfer and answers their leg of it. A member deleted since leaves the
 * amount with the platform instead, so the books still balance.
 */
async function memberLeg(
  tx: Executor,
  userId: string | null,
  amount: number,
  change: { credits: SQL; earnedCredits?: SQL },
): Promise<Leg> {
  const [row] = userId
    ? await tx
        .update(profiles)
        .set({ credits: change.credits, earnedCredits: change.earnedCredits })
        .where(eq(profiles.id, userId))
        .returning({ credits: profiles.credits })
        .catch(overLimit)
    : [];
  return row && userId
    ? { account: 'user', userId, amount, balanceAfter: row.credits }
    : { account: 'platform_fees', amount };
}

/** A top-up's credits, moved between its processor's clearing account and its member. */
interface DepositEntry {
  userId: string | null;
  method: DepositMethod;
  credits: number;
  depositId: string;
  description: string;
}

/**
 * A confirmed top-up: the processor's clearing account → the member (or the platform, the member gone).
 */
export async function creditDeposit(tx: Executor, input: DepositEntry) {
  const member = await memberLeg(tx, input.userId, input.credits, {
    credits: sql`${profiles.credits} + ${input.credits}`,
  });
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'deposit',
    description: input.description,
    depositId: input.depositId,
    legs: [{ account: clearing(input.method), amount: -input.credits }, member],
  });
}

/**
 * A processor took a top-up back (refund, chargeback): the member → the clearing account, even past zero.
 * Earned credits never exceed what is left, so a chargeback cannot turn bought credits into withdrawable ones.
 */
export async function reverseDeposit(tx: Executor, input: DepositEntry) {
  const member = await memberLeg(tx, input.userId, -input.credits, {
    credits: sql`${profiles.credits} - ${input.credits}`,
    earnedCredits: sql`least(${profiles.earnedCredits}, greatest(${profiles.credits} - ${input.credits}, 0))`,
  });
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'deposit_reversal',
    description: input.description,
    depositId: input.depositId,
    legs: [member, { account: clearing(input.method), amount: input.credits }],
  });
}

/**
 * A withdrawal request: `credits` leave the member (earned ones only, past the reserve) for
 * `payouts_pending`. `reserved` is what the reserve holds, read after the profile was locked. Returns false
 * when the credits are not withdrawable (nothing written).
 */
export async function holdWithdrawal(
  tx: Executor,
  input: { userId: string; credits: number; reserved: number; withdrawalId: string; description: string },
) {
  const [row] = await tx
    .update(profiles)
    .set({
      credits: sql`${profiles.credits} - ${input.credits}`,
      earnedCredits: sql`${profiles.earnedCredits} - ${input.credits}`,
    })
    .where(
      and(
        eq(profiles.id, input.userId),
        gte(profiles.credits, input.credits),
        gte(profiles.earnedCredits, input.credits + input.reserved),
      ),
    )
    .returning({ credits: profiles.credits });
  if (!row) return false;
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'withdrawal_hold',
    description: input.description,
    withdrawalId: input.withdrawalId,
    legs: [
      { account: 'user', userId: input.userId, amount: -input.credits, balanceAfter: row.credits },
      { account: 'payouts_pending', amount: input.credits },
    ],
  });
  return true;
}

/** A withdrawal paid out: `payouts_pending` → `payouts` (what left the site) and the fee to the platform. */
export async function payWithdrawal(
  tx: Executor,
  input: { credits: number; fee: number; withdrawalId: string; description: string; createdBy?: string },
) {
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'withdrawal_paid',
    description: input.description,
    withdrawalId: input.withdrawalId,
    createdBy: input.createdBy,
    legs: [
      { account: 'payouts_pending', amount: -input.credits },
      { account: 'payouts', amount: input.credits - input.fee },
      { account: 'platform_fees', amount: input.fee },
    ],
  });
}

/** A withdrawal rejected or failed: its credits go back to the member, as earned (withdrawable) credits. */
export async function returnWithdrawal(
  tx: Executor,
  input: {
    userId: string | null;
    credits: number;
    withdrawalId: string;
    description: string;
    createdBy?: string;
  },
) {
  const member = await memberLeg(tx, input.userId, input.credits, {
    credits: sql`${profiles.credits} + ${input.credits}`,
    // Capped by what is left: a chargeback since the request may have taken the account below zero.
    earnedCredits: sql`least(${profiles.earnedCredits} + ${input.credits}, greatest(${profiles.credits} + ${input.credits}, 0))`,
  });
  await writeTransfer(tx, {
    currency: 'credits',
    kind: 'withdrawal_returned',
    description: input.description,
    withdrawalId: input.withdrawalId,
    createdBy: input.createdBy,
    legs: [{ account: 'payouts_pending', amount: -input.credits }, member],
  });
}
