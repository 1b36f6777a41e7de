import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BtcpayServer, startBtcpayServer } from '../../test/btcpay-server.ts';
import { loadGreenfield } from '../../test/greenfield-schemas.ts';
import { PayoutOutcomeUnknown } from '../withdrawals/payout-sender.ts';
import { GreenfieldError } from './btcpay.ts';
import {
  btcpayPayoutSender,
  claimPullPayment,
  createPullPayment,
  getPayoutState,
  pullPaymentName,
} from './btcpay-payouts.ts';
import { ProcessorUnavailable } from './processor.ts';

/** Withdrawals paid through Greenfield pull payments, against the loopback BTCPay Server (database-free). */
let server: BtcpayServer;
const config = (over: Partial<{ apiKey: string; url: string }> = {}) => ({
  url: server.url,
  storeId: server.storeId,
  apiKey: server.apiKey,
  webhookSecret: server.webhookSecret,
  ...over,
});
const greenfield = loadGreenfield();
const address = 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw';
const request = (id = crypto.randomUUID()) => ({
  id,
  userId: crypto.randomUUID(),
  destination: address,
  amountMinor: 980,
  currency: 'USD',
});

beforeAll(async () => {
  server = await startBtcpayServer();
});
afterAll(() => server.close());

describe('BTCPay pull payments', () => {
  it('makes a pull payment in the site currency, claims it whole, and follows the payout', async () => {
    const id = await createPullPayment(config(), { name: 'Withdrawal w-1', amount: '9.80', currency: 'USD' });
    const made = server.requests.findLast((r) => r.method === 'POST' && r.path.endsWith('/pull-payments'))!;
    expect(made).toMatchObject({ path: `/api/v1/stores/${server.storeId}/pull-payments`, authorized: true });
    expect(greenfield.check(greenfield.requests.PullPayments_CreatePullPayment!, made.body)).toEqual([]);
    expect(made.body).toEqual({
      name: 'Withdrawal w-1',
      amount: '9.80',
      currency: 'USD',
      payoutMethods: ['BTC-CHAIN'],
      autoApproveClaims: true,
    });
    expect(greenfield.check('PullPaymentData', server.pullPayment(id))).toEqual([]);

    const payoutId = await claimPullPayment(config(), id, { destination: address, amount: '9.80' });
    const claim = server.requests.findLast((r) => r.method === 'POST' && r.path.endsWith('/payouts'))!;
    expect(claim).toMatchObject({ path: `/api/v1/pull-payments/${id}/payouts`, authorized: true });
    expect(greenfield.check('CreatePayoutRequest', claim.body)).toEqual([]);
    expect(claim.body).toEqual({ destination: address, amount: '9.80', payoutMethodId: 'BTC-CHAIN' });
    const payout = server.payout(payoutId)!;
    expect(greenfield.check('PayoutData', payout)).toEqual([]);
    // BTCPay converts at its rate (the loopback's: 1 BTC = 50,000.00) when it approves the claim.
    expect(payout).toMatchObject({
      pullPaymentId: id,
      state: 'AwaitingPayment',
      originalCurrency: 'USD',
      originalAmount: '9.80',
      payoutCurrency: 'BTC',
      payoutAmount: '0.00019600',
      destination: address,
    });
    expect(await getPayoutState(config(), payoutId)).toBe('AwaitingPayment');
    for (const state of ['InProgress', 'Completed', 'Cancelled'] as const) {
      server.setPayout(payoutId, state);
      expect(await getPayoutState(config(), payoutId)).toBe(state);
    }
  });

  it('refuses an amount that is not a positive decimal, asking nothing', async () => {
    const before = server.requests.length;
    for (const amount of ['0', '-1', '1e3', '1,5', '']) {
      await expect(createPullPayment(config(), { name: 'x', amount, currency: 'USD' })).rejects.toThrow(
        /positive decimal/,
      );
      await expect(claimPullPayment(config(), 'pp', { destination: address, amount })).rejects.toThrow(
        /positive decimal/,
      );
    }
    expect(server.requests.length).toBe(before);
  });

  it('says a refusal clearly (4xx) and an outage as ProcessorUnavailable (5xx, no connection)', async () => {
    const id = await createPullPayment(config(), { name: 'Withdrawal w-2', amount: '5.00', currency: 'USD' });
    const over = await claimPullPayment(config(), id, { destination: address, amount: '5.01' }).catch(
      (e) => e,
    );
    expect(over).toBeInstanceOf(GreenfieldError);
    expect(over.status).toBe(400);
    expect(over.code).toBe('overdraft');
    const missing = await claimPullPayment(config(), 'NoSuchPullPayment', {
      destination: address,
      amount: '1.00',
    }).catch((e) => e);
    expect(missing).toBeInstanceOf(GreenfieldError);
    expect(missing.status).toBe(404);

    const wrongKey = await getPayoutState(config({ apiKey: 'wrong' }), 'x').catch((e) => e);
    expect(wrongKey).toBeInstanceOf(GreenfieldError);
    expect(wrongKey.message).toMatch(/401.*unauthenticated/);
    expect(wrongKey.message).not.toContain(server.apiKey);

    server.setDown(true);
    try {
      await expect(getPayoutState(config(), 'x')).rejects.toBeInstanceOf(ProcessorUnavailable);
    } finally {
      server.setDown(false);
    }
    await expect(getPayoutState(config({ url: 'http://127.0.0.1:1' }), 'x')).rejects.toBeInstanceOf(
      ProcessorUnavailable,
    );
  });
});

describe('the BTCPay payout sender', () => {
  it('sends a withdrawal as a pull payment named after it and one claim of all of it', async () => {
    const sender = btcpayPayoutSender(config());
    const w = request();
    const { payoutRef } = await sender.send(w);
    const payout = server.payout(payoutRef)!;
    expect(server.pullPayment(payout.pullPaymentId!)).toMatchObject({
      name: pullPaymentName(w.id),
      amount: '9.80',
      currency: 'USD',
      autoApproveClaims: true,
      archived: false,
    });
    expect(await sender.check(payoutRef)).toBe('open');
    server.setPayout(payoutRef, 'Completed');
    expect(await sender.check(payoutRef)).toBe('completed');
    // A send whose answer was lost finds its payout again by the pull payment's name.
    expect(await sender.recover(w)).toEqual({ payoutRef });
  });

  it('a refused claim archives the pull payment and throws; a claim with no answer is PayoutOutcomeUnknown', async () => {
    const sender = btcpayPayoutSender(config());
    const refused = request();
    const err = await sender.send({ ...refused, destination: '' }).catch((e) => e);
    expect(err).toBeInstanceOf(GreenfieldError);
    const pp = server.pullPayments().find((p) => p.name === pullPaymentName(refused.id))!;
    expect(pp.archived).toBe(true);

    const lost = request();
    const claim = server.hold((r) => r.method === 'POST' && /^\/api\/v1\/pull-payments\//.test(r.path));
    const sending = sender.send(lost).catch((e) => e);
    await claim.reached;
    server.setDown(true);
    claim.release();
    const unknown = await sending;
    server.setDown(false);
    expect(unknown).toBeInstanceOf(PayoutOutcomeUnknown);
    // No payout was made: recover closes the pull payment, then says so.
    expect(await sender.recover(lost)).toBeNull();
    expect(server.pullPayments().find((p) => p.name === pullPaymentName(lost.id))).toMatchObject({
      archived: true,
    });
    // Nothing of that name at all: nothing was made.
    expect(await sender.recover(request())).toBeNull();
  });
});
