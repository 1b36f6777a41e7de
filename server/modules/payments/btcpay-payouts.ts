import type { PayoutRequest, PayoutSender } from '../withdrawals/payout-sender.ts';
import { PayoutOutcomeUnknown } from '../withdrawals/payout-sender.ts';
import { type BtcpayConfig, GreenfieldError, greenfield } from './btcpay.ts';
import { ProcessorUnavailable } from './processor.ts';
import { formatMinor } from './service.ts';

/*
 * Withdrawals paid by BTCPay Server through Greenfield's pull payments. A withdrawal is in the site's currency
 * (USD cents, say) while a store payout is in its payout method's currency (BTC), so we do not convert
 * ourselves: a pull payment of the withdrawal's amount in the site's currency
 * (`POST /api/v1/stores/{storeId}/pull-payments`, claims approved automatically, on-chain only), then one
 * claim of all of it to the member's address (`POST /api/v1/pull-payments/{id}/payouts`): BTCPay converts at
 * its rate when it approves the payout, and the store's payout processor sends it. The payout's id is the
 * withdrawal's payout reference; `GET /api/v1/payouts/{payoutId}` tells where it stands.
 * Errors are the client's: ProcessorUnavailable (no answer, 5xx) or GreenfieldError (refused, 4xx).
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

/** The one payout method (Greenfield's PayoutMethodId) we pay withdrawals by: on-chain bitcoin. */
export const PAYOUT_METHOD = 'BTC-CHAIN';

interface PayoutData {
  id: string;
  pullPaymentId?: string;
  state: PayoutState;
}

interface PullPaymentData {
  id: string;
  name?: string;
  archived?: boolean;
}

/** The name of a withdrawal's pull payment: how a send that died before its answer is found again. */
export const pullPaymentName = (withdrawalId: string) => `Withdrawal ${withdrawalId}`;

const pullPaymentPath = (id: string) => `/api/v1/pull-payments/${encodeURIComponent(id)}`;
const storePath = (config: BtcpayConfig) => `/api/v1/stores/${encodeURIComponent(config.storeId)}`;

function positiveDecimal(amount: string) {
  if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0)
    throw new Error(`A payout amount is a positive decimal string, not ${JSON.stringify(amount)}`);
}

/** A pull payment of `amount` `currency`, on-chain, its claims approved at once; answers its id. */
export async function createPullPayment(
  config: BtcpayConfig,
  request: { name: string; amount: string; currency: string },
): Promise<string> {
  positiveDecimal(request.amount);
  const created = await greenfield<PullPaymentData>(config, 'POST', `${storePath(config)}/pull-payments`, {
    name: request.name,
    amount: request.amount,
    currency: request.currency,
    // The field's name in Greenfield 2.x (`paymentMethods` before): the template says which.
    payoutMethods: [PAYOUT_METHOD],
    autoApproveClaims: true,
  });
  if (typeof created.id !== 'string') throw new Error('BTCPay answered the new pull payment without an id');
  return created.id;
}

/** Claims `amount` (in the pull payment's currency) of a pull payment to `destination`; answers the payout id. */
export async function claimPullPayment(
  config: BtcpayConfig,
  pullPaymentId: string,
  request: { destination: string; amount: string },
): Promise<string> {
  positiveDecimal(request.amount);
  const payout = await greenfield<PayoutData>(config, 'POST', `${pullPaymentPath(pullPaymentId)}/payouts`, {
    destination: request.destination,
    amount: request.amount,
    payoutMethodId: PAYOUT_METHOD,
  });
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

/** The store's pull payments of this name, archived ones included. */
async function pullPaymentsNamed(config: BtcpayConfig, name: string) {
  const all = await greenfield<PullPaymentData[]>(
    config,
    'GET',
    `${storePath(config)}/pull-payments?includeArchived=true`,
  );
  if (!Array.isArray(all)) throw new ProcessorUnavailable('BTCPay answered the pull payments with no list');
  return all.filter((p) => p.name === name);
}

/** Archiving a pull payment closes it to claims (Greenfield `DELETE /api/v1/pull-payments/{id}`). */
const archivePullPayment = (config: BtcpayConfig, id: string) =>
  greenfield<unknown>(config, 'DELETE', pullPaymentPath(id));

/**
 * The withdrawals module's PayoutSender for BTCPay (withdrawals/payout-sender.ts).
 *
 * `send`: a refusal or outage while making the pull payment fails the withdrawal back (a pull payment pays
 * nobody until claimed, and only we claim it). A refused claim (4xx) fails it back too, after archiving the
 * pull payment. A claim that got no answer (timeout, connection, 5xx) may have made a payout all the same:
 * that is PayoutOutcomeUnknown, the withdrawal stays `processing`, and the reconciliation sweep settles it
 * with `recover`.
 */
export function btcpayPayoutSender(config: BtcpayConfig): PayoutSender {
  return {
    method: 'btcpay',
    async send(w: PayoutRequest) {
      const amount = formatMinor(w.amountMinor);
      const pullPaymentId = await createPullPayment(config, {
        name: pullPaymentName(w.id),
        amount,
        currency: w.currency,
      });
      try {
        return {
          payoutRef: await claimPullPayment(config, pullPaymentId, { destination: w.destination, amount }),
        };
      } catch (err) {
        if (err instanceof GreenfieldError) {
          // Tidiness only: an open pull payment nobody claims pays nobody, and its id is known to us alone.
          await archivePullPayment(config, pullPaymentId).catch(() => {});
          throw err;
        }
        throw new PayoutOutcomeUnknown(`BTCPay's payout for withdrawal ${w.id} may exist`, { cause: err });
      }
    },
    async check(payoutRef) {
      const state = await getPayoutState(config, payoutRef);
      return state === 'Completed' ? 'completed' : state === 'Cancelled' ? 'cancelled' : 'open';
    },
    async recover(w) {
      const found = await pullPaymentsNamed(config, pullPaymentName(w.id));
      const payouts: PayoutData[] = [];
      for (const p of found)
        payouts.push(
          ...(await greenfield<PayoutData[]>(
            config,
            'GET',
            `${pullPaymentPath(p.id)}/payouts?includeCancelled=true`,
          )),
        );
      const payout = payouts.find((p) => p.state !== 'Cancelled') ?? payouts[0];
      if (payout) return { payoutRef: payout.id };
      // No claim was made: close the pull payments so none can be, and only then say there is no payout.
      for (const p of found) if (!p.archived) await archivePullPayment(config, p.id);
      return null;
    },
  };
}
