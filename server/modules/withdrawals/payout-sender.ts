import type { WithdrawalMethod } from '../../../contract/withdrawals.ts';

/** The withdrawal as a payout processor needs it. */
export interface PayoutRequest {
  id: string;
  userId: string | null;
  destination: string;
  /** The payout in the currency's minor units (cents). */
  amountMinor: number;
  currency: string;
}

/**
 * A processor that pays approved withdrawals out (BTCPay's payouts). Approval marks the withdrawal
 * `processing` and commits, then calls `send` outside any transaction and records the `payoutRef` it answers;
 * a throw returns the credits (`failWithdrawal`). The processor's webhook or poll later ends the withdrawal
 * with `completeWithdrawal` or `failWithdrawal` (decisions.ts).
 */
export interface PayoutSender {
  method: Exclude<WithdrawalMethod, 'manual'>;
  send(w: PayoutRequest): Promise<{ payoutRef: string }>;
}
