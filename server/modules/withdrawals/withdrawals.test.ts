import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawalMessages as m, messages } from '../../../contract/messages.ts';
import {
  auditLog,
  ledgerEntries,
  payoutDestinations,
  profiles,
  spentTotpSteps,
  withdrawals,
} from '../../db/schema/index.ts';
import { buildEarnings, buildListing, buildSignedInUser, fundUser } from '../../test/factories.ts';
import { type MoneySuite, moneySuite } from '../../test/money-suite.ts';
import { buildReadySeller, type Call, caller, codeOf } from '../../test/withdrawal-kit.ts';

let t: MoneySuite['t'];
let admin: MoneySuite['admin'];
let call: Call;
moneySuite((s) => {
  ({ t, admin } = s);
  call = caller(t);
});

const profile = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const mine = (userId: string) => t.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
const withdraw = async (
  member: { cookie: string; totpURI: string },
  credits: number,
  step: 0 | 1 = 0,
  at = Date.now(),
) =>
  call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
    method: 'manual',
    credits,
    code: await codeOf(member, step, at),
  });
const expectError = (res: Awaited<ReturnType<Call>>, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
};

describe('GET /wallet/withdrawal-options', () => {
  it('401 signed out', async () => {
    expectError(await call('GET', '/api/v1/wallet/withdrawal-options'), 401, messages.unauthenticated);
  });

  it('the site terms, manual only, and whether two-factor is on', async () => {
    const plain = await buildSignedInUser(t);
    expect((await call('GET', '/api/v1/wallet/withdrawal-options', plain.cookie)).json()).toEqual({
      methods: ['manual'],
      minCredits: 1000,
      feePercent: 2,
      reserveDays: 7,
      addressHoldHours: 24,
      currency: 'USD',
      creditsPerUnit: 100,
      twoFactorEnabled: false,
    });
    const secured = await buildReadySeller(t, { address: false });
    const res = await call('GET', '/api/v1/wallet/withdrawal-options', secured.cookie);
    expect(res.json().twoFactorEnabled).toBe(true);
  });
});

describe('payout addresses', () => {
  const put = (cookie: string | undefined, payload: object) =>
    call('PUT', '/api/v1/wallet/payout-addresses', cookie, payload);

  it('401 signed out, for reading and setting', async () => {
    expectError(await call('GET', '/api/v1/wallet/payout-addresses'), 401, messages.unauthenticated);
    expectError(
      await put(undefined, { method: 'manual', destination: 'x', code: '123456' }),
      401,
      messages.unauthenticated,
    );
  });

  it('400 for each bad input', async () => {
    const member = await buildReadySeller(t, { address: false });
    const cases: [object, string][] = [
      [{ method: 'paypal', destination: 'x', code: '123456' }, m.methodInvalid],
      [{ method: 'manual', destination: '  ', code: '123456' }, m.destinationRequired],
      [{ method: 'manual', destination: 'x'.repeat(201), code: '123456' }, m.destinationTooLong],
      [{ method: 'manual', destination: 42, code: '123456' }, m.destinationRequired],
      [{ method: 'manual', destination: 'x' }, m.codeRequired],
      [{ method: 'manual', destination: 'x', code: 'abcdef' }, m.codeInvalid],
      [
        { method: 'btcpay', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', code: '123456' },
        m.methodUnavailable,
      ],
    ];
    for (const [payload, message] of cases) expectError(await put(member.cookie, payload), 400, message);
    const nul = await put(member.cookie, { method: 'manual', destination: 'a\u0000b', code: '123456' });
    expect(nul.statusCode).toBe(400);
    expect(
      await t.db.select().from(payoutDestinations).where(eq(payoutDestinations.userId, member.id)),
    ).toEqual([]);
  });

  it('needs two-factor sign-in on, and a right code', async () => {
    const plain = await buildSignedInUser(t);
    expectError(
      await put(plain.cookie, { method: 'manual', destination: 'IBAN 1', code: '123456' }),
      403,
      m.twoFactorRequired,
    );
    const member = await buildReadySeller(t, { address: false });
    const right = await codeOf(member);
    const wrong = right === '000000' ? '111111' : '000000';
    expectError(
      await put(member.cookie, { method: 'manual', destination: 'IBAN 1', code: wrong }),
      400,
      m.codeInvalid,
    );
  });

  it('saves the address usable in 24 hours, alerts the member and audits; a replayed code is refused', async () => {
    const member = await buildReadySeller(t, { address: false });
    const code = await codeOf(member);
    const res = await put(member.cookie, { method: 'manual', destination: ' IBAN DE00 1 ', code });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({ method: 'manual', destination: 'IBAN DE00 1' });
    const hold = new Date(item.usableAt).getTime() - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3600_000);
    expect((await call('GET', '/api/v1/wallet/payout-addresses', member.cookie)).json()).toEqual({
      items: [item],
    });
    expect(await t.db.select().from(spentTotpSteps).where(eq(spentTotpSteps.userId, member.id))).toHaveLength(
      1,
    );
    const alerts = await t.app.jobs.boss.findJobs('security-alert', {
      data: { userId: member.id, kind: 'payout-address-changed' },
    });
    expect(alerts).toHaveLength(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, member.id), eq(auditLog.action, 'payout_destination.set')));
    expect(entry?.after).toMatchObject({ method: 'manual', destination: '…00 1' });

    expectError(
      await put(member.cookie, { method: 'manual', destination: 'IBAN DE00 2', code }),
      409,
      m.codeUsed,
    );
    expect(
      (await t.db.select().from(payoutDestinations).where(eq(payoutDestinations.userId, member.id)))[0]
        ?.destination,
    ).toBe('IBAN DE00 1');
  });
});

describe('POST /wallet/withdrawals', () => {
  it('401 signed out', async () => {
    expectError(
      await call('POST', '/api/v1/wallet/withdrawals', undefined, {
        method: 'manual',
        credits: 1000,
        code: '123456',
      }),
      401,
      messages.unauthenticated,
    );
  });

  it('400 for each bad input, nothing written', async () => {
    const member = await buildReadySeller(t, { salePrice: 2000 });
    const cases: [object, string][] = [
      [{ method: 'manual', credits: '1000', code: '123456' }, m.creditsRequired],
      [{ method: 'manual', credits: 1000.5, code: '123456' }, m.creditsWhole],
      [{ method: 'manual', credits: -5, code: '123456' }, m.creditsPositive],
      [{ method: 'manual', credits: 0, code: '123456' }, m.creditsPositive],
      [{ method: 'manual', credits: 1_000_000_001, code: '123456' }, m.creditsTooHigh],
      [{ method: 'wire', credits: 1000, code: '123456' }, m.methodInvalid],
      [{ method: 'btcpay', credits: 1000, code: '123456' }, m.methodUnavailable],
      [{ method: 'manual', credits: 1000 }, m.codeRequired],
      [{ method: 'manual', credits: 1000, code: '12345x' }, m.codeInvalid],
      [{ method: 'manual', credits: 999, code: '123456' }, m.belowMinimum(1000)],
    ];
    for (const [payload, message] of cases)
      expectError(await call('POST', '/api/v1/wallet/withdrawals', member.cookie, payload), 400, message);
    expect(
      (
        await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
          method: 'manual',
          credits: 1000,
          code: '1\u00002',
        })
      ).statusCode,
    ).toBe(400);
    expect(await mine(member.id)).toEqual([]);
  });

  it('released sale earnings can be withdrawn: credits held, the request answered and stored', async () => {
    const member = await buildReadySeller(t, { salePrice: 2000 });
    expect(await profile(member.id)).toMatchObject({ credits: 1900, earnedCredits: 1900 });
    const res = await withdraw(member, 1900);
    expect(res.statusCode, res.body).toBe(201);
    // fee = floor(1900 × 2 %) = 38; (1900 − 38) credits at 100 per USD = 18.62.
    expect(res.json()).toMatchObject({
      method: 'manual',
      credits: 1900,
      fee: 38,
      amount: '18.62',
      currency: 'USD',
      status: 'pending',
      destination: 'IBAN DE89 3704 0044 0532 0130 00',
      reference: null,
    });
    const [row] = await mine(member.id);
    expect(row).toMatchObject({
      id: res.json().id,
      credits: 1900,
      fee: 38,
      amountMinor: 1862,
      status: 'pending',
    });
    expect(await profile(member.id)).toMatchObject({ credits: 0, earnedCredits: 0 });
    const hold = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.withdrawalId, row!.id));
    expect(hold.map((e) => [e.account, e.amount]).sort()).toEqual([
      ['payouts_pending', 1900],
      ['user', -1900],
    ]);
  });

  it('granted credits cannot be withdrawn', async () => {
    const member = await buildReadySeller(t);
    await fundUser(t, member.id, 5000);
    expectError(await withdraw(member, 1000), 409, m.notWithdrawable(0));
    expect(await profile(member.id)).toMatchObject({ credits: 5000, earnedCredits: 0 });
    expect(await mine(member.id)).toEqual([]);
  });

  it('a purchase spends granted credits first, then earned ones', async () => {
    const member = await buildReadySeller(t, { salePrice: 2000 });
    await fundUser(t, member.id, 500);
    const listing = await buildListing(t, { userId: admin.id, price: 600 });
    const bought = await call('POST', `/api/v1/listings/${listing.id}/purchase`, member.cookie, {
      expectedPrice: 600,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await profile(member.id)).toMatchObject({ credits: 1800, earnedCredits: 1800 });
    expectError(await withdraw(member, 1801), 409, m.notWithdrawable(1800));
    expect((await withdraw(member, 1800, 1)).statusCode).toBe(201);
  });

  it('earnings inside the reserve wait; with a reserve of 0 days they are withdrawable', async () => {
    const member = await buildReadySeller(t);
    await buildEarnings(t, member.id, 2000);
    expectError(await withdraw(member, 1000), 409, m.notWithdrawable(0));
    const set = (reserveDays: number) =>
      call('PUT', '/api/v1/admin/site-settings/withdrawals', admin.cookie, {
        reserveDays,
        minCredits: 1000,
        feePercent: 2,
        addressHoldHours: 24,
      });
    expect((await set(0)).statusCode).toBe(200);
    try {
      expect((await withdraw(member, 1000, 1)).statusCode).toBe(201);
    } finally {
      expect((await set(7)).statusCode).toBe(200);
    }
  });

  it('needs two-factor on and a right authenticator code (no backup code), and refuses a replayed one', async () => {
    const plain = await buildSignedInUser(t);
    expectError(
      await call('POST', '/api/v1/wallet/withdrawals', plain.cookie, {
        method: 'manual',
        credits: 1000,
        code: '123456',
      }),
      403,
      m.twoFactorRequired,
    );
    const member = await buildReadySeller(t, { salePrice: 3000 });
    const right = await codeOf(member);
    expectError(
      await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
        method: 'manual',
        credits: 1000,
        code: right === '000000' ? '111111' : '000000',
      }),
      400,
      m.codeInvalid,
    );
    // Backup codes get a member back into the account; they move no money.
    expectError(
      await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
        method: 'manual',
        credits: 1000,
        code: member.backupCodes[0],
      }),
      400,
      m.codeInvalid,
    );
    expect(
      (
        await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
          method: 'manual',
          credits: 1000,
          code: right,
        })
      ).statusCode,
    ).toBe(201);
    expectError(
      await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
        method: 'manual',
        credits: 1000,
        code: right,
      }),
      409,
      m.codeUsed,
    );
  });

  it('needs a payout address for the method, usable after its 24-hour hold', async () => {
    const member = await buildReadySeller(t, { salePrice: 2000, address: false });
    expectError(await withdraw(member, 1000), 409, m.noDestination);
    // The address spends the current step and the withdrawal the next, both from one reading of the clock: read
    // apart, a step boundary between them once gave the withdrawal the step the address had spent (409 used).
    const at = Date.now();
    const put = await call('PUT', '/api/v1/wallet/payout-addresses', member.cookie, {
      method: 'manual',
      destination: 'IBAN 9',
      code: await codeOf(member, 0, at),
    });
    const usableAt = put.json().items[0].usableAt;
    expectError(await withdraw(member, 1000, 1, at), 409, m.destinationOnHold(usableAt));
    expect(await mine(member.id)).toEqual([]);
  });

  it('one open request at a time; two at once: exactly one wins', async () => {
    const member = await buildReadySeller(t, { salePrice: 5000 });
    const [a, b] = await Promise.all([withdraw(member, 1000, 0), withdraw(member, 1000, 1)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.message).toBe(m.openRequest);
    expect(await mine(member.id)).toHaveLength(1);
    expect((await profile(member.id)).credits).toBe(4750 - 1000);
  });

  it('an account below zero after a chargeback cannot withdraw', async () => {
    const member = await buildReadySeller(t, { salePrice: 2000 });
    // A chargeback as the wallet records it: credits below zero, earned ones capped at nothing.
    await t.db.update(profiles).set({ credits: -10, earnedCredits: 0 }).where(eq(profiles.id, member.id));
    try {
      expectError(await withdraw(member, 1000), 409, m.accountNegative);
    } finally {
      await t.db
        .update(profiles)
        .set({ credits: 1900, earnedCredits: 1900 })
        .where(eq(profiles.id, member.id));
    }
  });
});
