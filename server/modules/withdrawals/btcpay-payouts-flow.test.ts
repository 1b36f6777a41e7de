import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../../contract/messages.ts';
import { ledgerEntries, profiles, spentTotpSteps, withdrawals } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { type BtcpayServer, startBtcpayServer } from '../../test/btcpay-server.ts';
import { buildEarnings, buildTwoFactorUser } from '../../test/factories.ts';
import { type MoneySuite, moneySuite } from '../../test/money-suite.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { type Call, caller, codeOf } from '../../test/withdrawal-kit.ts';
import { btcpayPayoutSender, pullPaymentName } from '../payments/btcpay-payouts.ts';
import { reconcilePayouts } from './decisions.ts';

/**
 * Withdrawals paid by BTCPay Server, end to end against the loopback Greenfield server: approval makes a pull
 * payment in the site's currency and claims it to the member's address; the payout webhook (signed, re-read
 * at the source, applied once) completes or fails the withdrawal; BTCPay down at approval returns the credits;
 * the reconciliation sweep ends what a lost webhook or a lost answer left `processing`. The app listens on
 * loopback so webhooks arrive as real HTTP bytes.
 */
let server: BtcpayServer;
let t: MoneySuite['t'];
let admin: MoneySuite['admin'];
let call: Call;
let hook: string;

beforeAll(async () => {
  server = await startBtcpayServer();
});
moneySuite(
  (s) => {
    ({ t, admin } = s);
    call = caller(t);
  },
  () => ({ env: server.env() }),
);
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  hook = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/payments/btcpay/webhook`;
  const res = await call('PUT', '/api/v1/admin/site-settings/withdrawals', admin.cookie, {
    reserveDays: 0,
    minCredits: 1,
    feePercent: 2,
    addressHoldHours: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => server?.close());

const address = 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw';
const config = () => ({
  url: server.url,
  storeId: server.storeId,
  apiKey: server.apiKey,
  webhookSecret: server.webhookSecret,
});
const sweep = () => reconcilePayouts({ db: t.db, sender: btcpayPayoutSender(config()) });

const stored = async (id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const profile = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
/** The withdrawal's transfers by kind, with their legs summed per account. */
const legs = async (withdrawalId: string) =>
  rows<{ kind: string; account: string; amount: number }>(
    t.db,
    sql`select kind, account, sum(amount)::int as amount from ${ledgerEntries}
      where withdrawal_id = ${withdrawalId} group by kind, account order by kind, account`,
  );
/** Approval was a while ago: the sweep's minimum age has passed. */
const backdateDecision = (id: string) =>
  t.db.update(withdrawals).set({ decidedAt: sql`now() - interval '1 hour'` }).where(eq(withdrawals.id, id));

/** A seller with 1900 earned credits (a sale of 2000), a Bitcoin payout address and a request of 1000. */
async function requested() {
  const member = await buildTwoFactorUser(t);
  await buildEarnings(t, member.id, 2000);
  const set = await call('PUT', '/api/v1/wallet/payout-addresses', member.cookie, {
    method: 'btcpay',
    destination: address,
    code: await codeOf(member, 0),
  });
  expect(set.statusCode, set.body).toBe(200);
  const res = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
    method: 'btcpay',
    credits: 1000,
    code: await codeOf(member, 1),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { member, id: res.json().id as string };
}

const approve = (id: string) => call('POST', `/api/v1/admin/withdrawals/${id}/approve`, admin.cookie, {});

/** Requested and approved: processing, with BTCPay's payout id. */
async function processing() {
  const { member, id } = await requested();
  const res = await approve(id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'processing' });
  const payoutRef = (await stored(id)).payoutRef!;
  expect(payoutRef).toBeTruthy();
  return { member, id, payoutRef };
}

const expectReturned = async (memberId: string, id: string) => {
  expect(await profile(memberId)).toMatchObject({ credits: 1900, earnedCredits: 1900 });
  expect(await legs(id)).toEqual([
    { kind: 'withdrawal_hold', account: 'payouts_pending', amount: 1000 },
    { kind: 'withdrawal_hold', account: 'user', amount: -1000 },
    { kind: 'withdrawal_returned', account: 'payouts_pending', amount: -1000 },
    { kind: 'withdrawal_returned', account: 'user', amount: 1000 },
  ]);
};

describe('the site with BTCPay configured', () => {
  it('offers BTCPay payouts beside manual ones', async () => {
    const { member } = await requested();
    const res = await call('GET', '/api/v1/wallet/withdrawal-options', member.cookie);
    expect(res.json().methods).toEqual(['manual', 'btcpay']);
  });
});

describe('approving a BTCPay withdrawal', () => {
  it('makes a pull payment in USD for the payout amount and claims it to the address', async () => {
    const { id, payoutRef } = await processing();
    const payout = server.payout(payoutRef)!;
    expect(payout).toMatchObject({
      destination: address,
      originalCurrency: 'USD',
      originalAmount: '9.80',
      payoutMethodId: 'BTC-CHAIN',
      state: 'AwaitingPayment',
    });
    expect(server.pullPayment(payout.pullPaymentId!)).toMatchObject({
      name: pullPaymentName(id),
      amount: '9.80',
      currency: 'USD',
      autoApproveClaims: true,
    });
    expect(await stored(id)).toMatchObject({ status: 'processing', payoutRef, decidedBy: admin.id });
  });
});

describe('the payout webhook', () => {
  it('Completed: the withdrawal completes once, its credits go to payouts and the fee; a replay changes nothing', async () => {
    const { member, id, payoutRef } = await processing();
    // BTCPay says it was approved: still on its way, nothing changes.
    const approved = await server.deliver(hook, { type: 'PayoutApproved', payoutId: payoutRef });
    expect(approved.status, approved.body).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'processing' });

    server.setPayout(payoutRef, 'Completed');
    const done = await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef });
    expect(done.status, done.body).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
    expect(await profile(member.id)).toMatchObject({ credits: 900, earnedCredits: 900 });
    const after = await legs(id);
    expect(after).toEqual([
      { kind: 'withdrawal_hold', account: 'payouts_pending', amount: 1000 },
      { kind: 'withdrawal_hold', account: 'user', amount: -1000 },
      { kind: 'withdrawal_paid', account: 'payouts', amount: 980 },
      { kind: 'withdrawal_paid', account: 'payouts_pending', amount: -1000 },
      { kind: 'withdrawal_paid', account: 'platform_fees', amount: 20 },
    ]);
    // The same bytes again, and a redelivery: answered 200, nothing moves.
    expect((await server.send(hook, done.raw, done.signature)).status).toBe(200);
    const again = await server.deliver(hook, {
      type: 'PayoutUpdated',
      payoutId: payoutRef,
      isRedelivery: true,
    });
    expect(again.status).toBe(200);
    expect(await legs(id)).toEqual(after);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });

  it('is re-read at the source: a body that says Completed for a payout still on its way changes nothing', async () => {
    const { id, payoutRef } = await processing();
    const lie = await server.deliver(hook, {
      type: 'PayoutUpdated',
      payoutId: payoutRef,
      alter: (raw) => raw.replace('"AwaitingPayment"', '"Completed"'),
    });
    // Altered after signing: refused.
    expect(lie.status).toBe(400);
    const body = server.webhookBody({ type: 'PayoutUpdated', payoutId: payoutRef });
    const raw = JSON.stringify({ ...body, payoutState: 'Completed' });
    const signed = await server.send(hook, raw, server.sign(raw));
    expect(signed.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    server.setPayout(payoutRef, 'Completed');
    expect((await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });

  it('Cancelled: the withdrawal fails and the credits return as earned, withdrawable again', async () => {
    const { member, id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Cancelled');
    const res = await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef });
    expect(res.status, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'failed',
      reason: 'The payout was cancelled by the payment processor',
    });
    await expectReturned(member.id, id);
    // Withdrawable again, all of it (the codes spent above forgotten, as the clean-up does after the window).
    await t.db.delete(spentTotpSteps).where(eq(spentTotpSteps.userId, member.id));
    const retry = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
      method: 'btcpay',
      credits: 1900,
      code: await codeOf(member),
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ credits: 1900, status: 'pending' });
    const rejected = await call('POST', `/api/v1/admin/withdrawals/${retry.json().id}/reject`, admin.cookie, {
      reason: 'Test over',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('a forged signature gets 400 and changes nothing', async () => {
    const { id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Completed');
    const forged = await server.deliver(hook, {
      type: 'PayoutUpdated',
      payoutId: payoutRef,
      secret: 'forged',
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error.message).toBe(paymentMessages.signatureInvalid);
    const unsigned = await server.deliver(hook, {
      type: 'PayoutUpdated',
      payoutId: payoutRef,
      signature: null,
    });
    expect(unsigned.status).toBe(400);
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    // The real one then completes it.
    expect((await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });

  it('ignores payouts that are no withdrawal of ours and events of another store; 502 when BTCPay cannot be re-read', async () => {
    const { id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Completed');
    const other = await server.deliver(hook, {
      type: 'PayoutUpdated',
      payoutId: payoutRef,
      storeId: 'another',
    });
    expect(other.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    server.setDown(true);
    try {
      const down = await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef });
      expect(down.status).toBe(502);
    } finally {
      server.setDown(false);
    }
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    // A payout the store made for something else is acknowledged and ignored.
    const sender = btcpayPayoutSender(config());
    const { payoutRef: stranger } = await sender.send({
      id: crypto.randomUUID(),
      userId: null,
      destination: address,
      amountMinor: 500,
      currency: 'USD',
    });
    server.setPayout(stranger, 'Completed');
    expect((await server.deliver(hook, { type: 'PayoutUpdated', payoutId: stranger })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    expect((await server.deliver(hook, { type: 'PayoutUpdated', payoutId: payoutRef })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });
});

describe('a payout event without storeId (the template lists none)', () => {
  it('is still acted on: the payout is ours by its reference and re-read with our key', async () => {
    const { id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Completed');
    const { storeId: _store, ...body } = server.webhookBody({ type: 'PayoutUpdated', payoutId: payoutRef });
    const raw = JSON.stringify(body);
    expect((await server.send(hook, raw, server.sign(raw))).status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });
});

describe('BTCPay down at approval', () => {
  it('fails the withdrawal back at once, the credits returned: nothing was made at BTCPay', async () => {
    const { member, id } = await requested();
    const before = server.pullPayments().length;
    server.setDown(true);
    let res: Awaited<ReturnType<Call>>;
    try {
      res = await approve(id);
    } finally {
      server.setDown(false);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', reason: 'The payout could not be sent' });
    expect(await stored(id)).toMatchObject({ status: 'failed', payoutRef: null });
    expect(server.pullPayments().length).toBe(before);
    await expectReturned(member.id, id);
  });
});

describe('the reconciliation sweep', () => {
  it('completes a processing withdrawal whose webhook was lost, once it is past the minimum age', async () => {
    const { member, id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Completed');
    await sweep();
    expect(await stored(id)).toMatchObject({ status: 'processing' });
    await backdateDecision(id);
    expect(await sweep()).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
    expect(await profile(member.id)).toMatchObject({ credits: 900 });
    expect(await sweep()).toBe(0);
  });

  it('finds the payout of a send whose answer was never recorded, by its pull payment, and follows it', async () => {
    const { id, payoutRef } = await processing();
    // As if the process died between BTCPay's answer and recording it.
    await t.db.update(withdrawals).set({ payoutRef: null }).where(eq(withdrawals.id, id));
    await backdateDecision(id);
    await sweep();
    expect(await stored(id)).toMatchObject({ status: 'processing', payoutRef });
    server.setPayout(payoutRef, 'Completed');
    expect(await sweep()).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'completed' });
  });

  it('a claim that got no answer stays processing; the sweep finds no payout, closes the pull payment, returns the credits', async () => {
    const { member, id } = await requested();
    const claim = server.hold((r) => r.method === 'POST' && /^\/api\/v1\/pull-payments\//.test(r.path));
    const approving = approve(id);
    await claim.reached;
    server.setDown(true);
    claim.release();
    const res = await approving;
    server.setDown(false);
    expect(res.statusCode, res.body).toBe(200);
    // BTCPay may have made the payout: the credits stay out until the sweep knows.
    expect(res.json()).toMatchObject({ status: 'processing' });
    expect(await stored(id)).toMatchObject({ status: 'processing', payoutRef: null });
    await backdateDecision(id);
    expect(await sweep()).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'failed', reason: 'The payout could not be sent' });
    expect(server.pullPayments().find((p) => p.name === pullPaymentName(id))).toMatchObject({
      archived: true,
    });
    await expectReturned(member.id, id);
  });

  it('runs as the queue job: an instance with workers completes a payout whose webhook never came', {
    timeout: 90_000,
  }, async () => {
    const { member, id, payoutRef } = await processing();
    server.setPayout(payoutRef, 'Completed');
    await backdateDecision(id);
    const worker = await buildTestApp({
      database: t.database,
      env: { ...server.env(), JOB_WORKERS: 'true', DEPOSIT_RECONCILE_INTERVAL_MS: '60000' },
    });
    try {
      // The worker queues the sweep as it starts (the send is not awaited): wait for the change.
      const started = Date.now();
      while ((await stored(id)).status === 'processing' && Date.now() < started + 60_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await stored(id)).toMatchObject({ status: 'completed' });
      expect(await profile(member.id)).toMatchObject({ credits: 900 });
    } finally {
      await worker.close();
    }
  });
});
