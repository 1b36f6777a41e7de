import { paymentMessages as pm } from '../../../contract/messages/payment.ts';
import type { Deposit, DepositStatus } from '../../../contract/payments.ts';
import { commonUi } from '../../../contract/texts/common-ui.ts';
import { sentencesUi } from '../../../contract/texts/sentences-ui.ts';
import {
  depositStatusLabels,
  walletUi as ui,
  withdrawalStatusLabels,
} from '../../../contract/texts/wallet-ui.ts';
import type { WithdrawalStatus } from '../../../contract/withdrawals.ts';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import type { DepositFilter, WithdrawalFilter } from './api.ts';

export const depositStatusTones: Record<DepositStatus, BadgeTone> = {
  pending: 'warning',
  settled: 'success',
  expired: 'neutral',
  invalid: 'danger',
  reversed: 'danger',
};
/** The status filter's choices, in the active language (called at render). */
export const depositFilters = (): Record<DepositFilter, string> => ({
  all: commonUi.all,
  ...depositStatusLabels,
});

export const withdrawalStatusTones: Record<WithdrawalStatus, BadgeTone> = {
  pending: 'warning',
  processing: 'primary',
  completed: 'success',
  rejected: 'neutral',
  failed: 'danger',
};
export const withdrawalFilters = (): Record<WithdrawalFilter, string> => ({
  all: commonUi.all,
  ...withdrawalStatusLabels,
});

/**
 * Credits in the site's currency, "5.00 USD", in cents as the server counts them: a top-up's price rounded
 * up, a payout rounded down (a fraction of a cent is never given away).
 */
export function formatPrice(
  credits: number,
  creditsPerUnit: number,
  currency: string,
  round: 'up' | 'down' = 'up',
): string {
  const minor = (credits * 100) / Math.max(creditsPerUnit, 1);
  return `${((round === 'up' ? Math.ceil(minor) : Math.floor(minor)) / 100).toFixed(2)} ${currency}`;
}

/** What a deposit's state means to its member, in a sentence. */
export function depositSentence(d: Pick<Deposit, 'status' | 'problem' | 'credits' | 'reversedCredits'>) {
  if (d.problem === 'paid_partial') return pm.paidPartial;
  switch (d.status) {
    case 'pending':
      return ui.depositWaiting;
    case 'settled':
      return d.problem === 'paid_over' ? sentencesUi.creditedPaidOver(d.credits) : pm.credited(d.credits);
    case 'expired':
      return ui.depositExpired;
    case 'invalid':
      return ui.depositRefused;
    case 'reversed':
      return ui.depositReversed(d.reversedCredits);
  }
}
