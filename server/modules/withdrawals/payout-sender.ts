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

/** Where a payout stands at its processor: still on its way, sent, or called off (nothing sent). */
export type PayoutOutcome = 'open' | 'completed' | 'cancelled';

/**
 * A processor that pays approved withdrawals out (BTCPay's payouts). Approval marks the withdrawal
 * `processing` and commits, then calls `send` outside any transaction and records the `payoutRef` it answers;
 * a throw returns the credits (`failWithdrawal`), except PayoutOutcomeUnknown, which leaves the withdrawal
 * `processing` for the reconciliation sweep. The processor's webhook, or the sweep's `check`, later ends the
 * withdrawal with `completeWithdrawal` or `failWithdrawal` (decisions.ts).
 */
export interface PayoutSender {
  method: Exclude<WithdrawalMethod, 'manual'>;
  send(w: PayoutRequest): Promise<{ payoutRef: string }>;
  /** The payout as the processor has it now. */
  check(payoutRef: string): Promise<PayoutOutcome>;
  /**
   * A send whose answer never arrived or was never recorded: the payout the processor made for this
   * withdrawal, or null once it is sure none was made and none can be made any more.
   */
  recover(w: PayoutRequest): Promise<{ payoutRef: string } | null>;
}

/**
 * The sender could not tell whether the processor made the payout (it asked, and no answer came): returning
 * the credits could pay the member twice, so the withdrawal stays `processing` until the sweep finds out.
 */
export class PayoutOutcomeUnknown extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutOutcomeUnknown';
  }
}
