import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import { payoutDestinations, profiles, spentTotpSteps, withdrawals } from '../../db/schema/index.ts';
import { cleanUp } from '../../plugins/clean-up.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { type BuiltUser, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { type MoneySuite, moneySuite } from '../../test/money-suite.ts';
import { until } from '../../test/sockets.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { buildReadySeller, type Call, caller, codeOf } from '../../test/withdrawal-kit.ts';
import { loadAuthSecret } from '../auth/secret.ts';
import { REALTIME_CHANNEL } from '../realtime/bus.ts';
import { securityAlertMail } from '../sessions/alerts.ts';
import { approveWithdrawal, completeWithdrawal, failWithdrawal } from './decisions.ts';
import type { PayoutRequest, PayoutSender } from './payout-sender.ts';
import { createWithdrawal, looksLikeBitcoinAddress, setDestination, type WithdrawalDeps } from './service.ts';

/* BTCPay payouts through a PayoutSender (the processor itself is another module's), and the live wallet event. */

let t: MoneySuite['t'];
let admin: MoneySuite['admin'];
let call: Call;
moneySuite((s) => {
  ({ t, admin } = s);
  call = caller(t);
});

const sent: PayoutRequest[] = [];
let refuse = false;
const sender: PayoutSender = {
  method: 'btcpay',
  async send(w) {
    sent.push(w);
    if (refuse) throw new Error('BTCPay: insufficient funds in the store wallet');
    return { payoutRef: `payout-${w.id}` };
  },
  // The sweep is tested against BTCPay's loopback server (btcpay-payouts-flow.test.ts).
  check: async () => 'open',
  recover: async () => null,
};
let deps: WithdrawalDeps;
beforeAll(async () => {
  deps = {
    db: t.db,
    authSecret: await loadAuthSecret(t.db, t.config.authSecret),
    methods: ['manual', 'btcpay'],
    sender,
    alerts: t.app.securityAlerts,
  };
});

const viewerOf = (u: BuiltUser): Viewer => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  avatarUrl: null,
  trustLevel: 'trusted',
  emailVerified: true,
  joinedAt: new Date(),
});
const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const stored = async (id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const credits = async (id: string) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.credits;

/** A seller with 1900 earned credits, a Bitcoin address past its hold, and a pending BTCPay withdrawal of 1000. */
async function pendingBtcpay() {
  const member = await buildReadySeller(t, { salePrice: 2000, address: false });
  await t.db.insert(payoutDestinations).values({
    userId: member.id,
    method: 'btcpay',
    destination: address,
    usableAt: new Date(Date.now() - 1000),
  });
  const w = await createWithdrawal(deps, viewerOf(member), {
    method: 'btcpay',
    credits: 1000,
    code: await codeOf(member),
  });
  return { member, w };
}

describe('Bitcoin payout addresses', () => {
  it('accept bech32 and base58 shapes of mainnet, testnet and regtest, and refuse the rest', () => {
    for (const ok of [
      address,
      address.toUpperCase(),
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    ])
      expect([ok, looksLikeBitcoinAddress(ok)]).toEqual([ok, true]);
    for (const bad of [
      '',
      'hello',
      'bc1',
      'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'bc1qb0000000000000',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0O',
      `1${'a'.repeat(40)}`,
    ])
      expect([bad, looksLikeBitcoinAddress(bad)]).toEqual([bad, false]);
  });

  it('a BTCPay address must look like one', async () => {
    const member = await buildReadySeller(t, { address: false });
    const set = async (destination: string) =>
      setDestination(
        deps,
        viewerOf(member),
        { method: 'btcpay', destination, code: await codeOf(member) },
        {},
      );
    await expect(set('my wallet')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: m.destinationInvalid,
    });
    expect((await set(address)).items).toMatchObject([{ method: 'btcpay', destination: address }]);
  });
});

describe('BTCPay payouts', () => {
  it('approval marks it processing, sends the payout, records its id; the processor completes it once', async () => {
    const { member, w } = await pendingBtcpay();
    sent.length = 0;
    refuse = false;
    const approved = await approveWithdrawal(deps, viewerOf(admin), w.id, {});
    expect(approved).toMatchObject({ id: w.id, status: 'processing', member: { id: member.id } });
    expect(sent).toEqual([
      { id: w.id, userId: member.id, destination: address, amountMinor: 980, currency: 'USD' },
    ]);
    expect(await stored(w.id)).toMatchObject({
      status: 'processing',
      payoutRef: `payout-${w.id}`,
      decidedBy: admin.id,
    });
    await expect(approveWithdrawal(deps, viewerOf(admin), w.id, {})).rejects.toMatchObject({
      message: m.notPending,
    });
    expect(await completeWithdrawal(t.db, w.id)).toBe(true);
    expect(await completeWithdrawal(t.db, w.id)).toBe(false);
    expect(await failWithdrawal(t.db, w.id, 'late')).toBe(false);
    expect(await stored(w.id)).toMatchObject({ status: 'completed' });
    expect(await credits(member.id)).toBe(900);
  });

  it('a sender that throws fails the withdrawal and returns the credits', async () => {
    const { member, w } = await pendingBtcpay();
    refuse = true;
    try {
      const res = await approveWithdrawal(deps, viewerOf(admin), w.id, {});
      expect(res).toMatchObject({ status: 'failed' });
    } finally {
      refuse = false;
    }
    expect(await stored(w.id)).toMatchObject({
      status: 'failed',
      payoutRef: null,
      reason: 'The payout could not be sent',
    });
    expect(await credits(member.id)).toBe(1900);
  });

  it('the site without a sender refuses to approve a BTCPay request', async () => {
    const { w } = await pendingBtcpay();
    const res = await call('POST', `/api/v1/admin/withdrawals/${w.id}/approve`, admin.cookie, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(m.methodUnavailable);
    // Rejected by hand instead: the credits go back.
    expect(
      (await call('POST', `/api/v1/admin/withdrawals/${w.id}/reject`, admin.cookie, { reason: 'No BTCPay' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the live wallet event', () => {
  it('reaches the member’s room after a decision commits', async () => {
    const { member, w } = await pendingBtcpay();
    const payloads: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (p) => payloads.push(p));
    try {
      const res = await call('POST', `/api/v1/admin/withdrawals/${w.id}/reject`, admin.cookie, {
        reason: 'Not this time',
      });
      expect(res.statusCode, res.body).toBe(200);
      const wallet = () => payloads.map((p) => JSON.parse(p)).filter((e) => e.event === 'wallet');
      await until(() => wallet().length > 0);
      expect(wallet()).toEqual([
        { room: `user:${member.id}`, event: 'wallet', payload: { withdrawalId: w.id } },
      ]);
    } finally {
      await stop();
    }
  });
});

describe('spent authenticator steps', () => {
  it('the clean-up forgets steps older than the window and keeps the fresh ones', async () => {
    const member = await buildUser(t);
    const now = Math.floor(Date.now() / 30_000);
    await t.db
      .insert(spentTotpSteps)
      .values([now - 100, now - 3, now - 1, now].map((step) => ({ userId: member.id, step })));
    await cleanUp(t.db, { prune: async () => {} });
    const left = await t.db.select().from(spentTotpSteps).where(eq(spentTotpSteps.userId, member.id));
    expect(left.map((r) => r.step).sort()).toEqual([now - 1, now]);
  });
});

describe('the payout address alert', () => {
  it('is a security alert mail that names the change and offers “This wasn’t me”', () => {
    const mail = securityAlertMail('payout-address-changed', {
      username: 'seller<1>',
      notMeLink: 'https://example.test/security/not-me#token=t',
    });
    expect(mail.subject).toBe('Your CheatMarket payout address was changed');
    expect(mail.text).toContain('A payout address of your account was changed.');
    expect(mail.html).toContain('seller&lt;1&gt;');
    expect(mail.html).toContain('https://example.test/security/not-me#token=t');
  });
});

describe('rate limits', () => {
  it('an 11th withdrawal request or address change within the hour gets 429 with Retry-After', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      // No two-factor: each call is refused (403), and each still counts.
      const member = await buildSignedInUser(limited);
      const flood = async (method: 'POST' | 'PUT', url: string, payload: object) => {
        const statuses: number[] = [];
        let last: Awaited<ReturnType<Call>> | undefined;
        for (let i = 0; i < 11; i++) {
          last = await caller(limited)(method, url, member.cookie, payload);
          statuses.push(last.statusCode);
        }
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
        expect(statuses[10]).toBe(429);
        expect(last?.headers['retry-after']).toBeTruthy();
      };
      await flood('POST', '/api/v1/wallet/withdrawals', { method: 'manual', credits: 1000, code: '123456' });
      await flood('PUT', '/api/v1/wallet/payout-addresses', {
        method: 'manual',
        destination: 'IBAN',
        code: '123456',
      });
    } finally {
      await limited.close();
    }
  });
});
