import { type BtcpayConfig, greenfield } from './btcpay.ts';

/*
 * Withdrawals paid by BTCPay Server: a store payout (Greenfield `POST /api/v1/stores/{storeId}/payouts`,
 * CreatePayoutThroughStoreRequest), created approved so the store's payout processor sends it, then read back
 * (`GET /api/v1/payouts/{payoutId}`) until it is Completed or Cancelled. The withdrawals module wires it to
 * its PayoutSender; errors are the client's: ProcessorUnavailable (try again later) or GreenfieldError (refused).
 */

/** Greenfield's PayoutState. */
export const payoutStates = [
  'AwaitingApproval',
  'AwaitingPayment',
  'InProgress',
  'Completed',
  'Cancelled',
] as const;
export type PayoutState = (typeof payoutStates)[number];

/** The payout method (Greenfield's PayoutMethodId) each currency we pay out in goes by: on-chain. */
const payoutMethods: Record<string, string> = { BTC: 'BTC-CHAIN' };

export interface PayoutRequest {
  /** The member's address. */
  destination: string;
  /** A decimal string in `currency` ("0.00125000"). */
  amount: string;
  currency: string;
  /** Shown in BTCPay beside the payout (e.g. our withdrawal's id). */
  metadata?: Record<string, string>;
}

interface PayoutData {
  id: string;
  state: PayoutState;
}

/** Creates an approved store payout; answers its id, to be recorded as the withdrawal's payout reference. */
export async function createPayout(config: BtcpayConfig, request: PayoutRequest): Promise<string> {
  const payoutMethodId = payoutMethods[request.currency];
  if (!payoutMethodId) throw new Error(`BTCPay payouts are not set up for ${request.currency}`);
  if (!/^\d+(\.\d+)?$/.test(request.amount) || Number(request.amount) <= 0)
    throw new Error(`A payout amount is a positive decimal string, not ${JSON.stringify(request.amount)}`);
  const payout = await greenfield<PayoutData>(
    config,
    'POST',
    `/api/v1/stores/${encodeURIComponent(config.storeId)}/payouts`,
    {
      destination: request.destination,
      amount: request.amount,
      payoutMethodId,
      approved: true,
      ...(request.metadata ? { metadata: request.metadata } : {}),
    },
  );
  if (typeof payout.id !== 'string') throw new Error('BTCPay answered the new payout without an id');
  return payout.id;
}

/** Where a payout stands at BTCPay. */
export async function getPayoutState(config: BtcpayConfig, payoutId: string): Promise<PayoutState> {
  const payout = await greenfield<PayoutData>(
    config,
    'GET',
    `/api/v1/payouts/${encodeURIComponent(payoutId)}`,
  );
  if (!payoutStates.includes(payout.state))
    throw new Error(`BTCPay payout ${payoutId} is in an unknown state`);
  return payout.state;
}
