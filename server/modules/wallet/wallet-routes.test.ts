import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, walletMessages as w } from '../../../contract/messages.ts';
import { ledgerPageSize } from '../../../contract/orders.ts';
import { ledgerEntries, profiles } from '../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerCheck } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerCheck(t.db)).toMatchObject({ ok: true });
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const read = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('GET /wallet', () => {
  it('401 signed out', async () => {
    const res = await call('GET', '/api/v1/wallet');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.unauthenticated);
  });

  it('shows both currencies and the escrow on either side of my orders', async () => {
    const [buyer, seller] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await fundUser(t, buyer.id, 300);
    await fundUser(t, buyer.id, 50, 'balance');
    const listing = await buildListing(t, { userId: seller.id, price: 120 });
    await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
      expectedPrice: listing.price,
    });
    expect((await call('GET', '/api/v1/wallet', buyer.cookie)).json()).toEqual({
      balance: 50,
      credits: 180,
      escrowPaid: 120,
      escrowIncoming: 0,
      withdrawable: 0,
      reserved: 0,
      reserve: [],
      pendingDeposits: 0,
      pendingWithdrawals: 0,
    });
    expect((await call('GET', '/api/v1/wallet', seller.cookie)).json()).toEqual({
      balance: 0,
      credits: 0,
      escrowPaid: 0,
      escrowIncoming: 120,
      withdrawable: 0,
      reserved: 0,
      reserve: [],
      pendingDeposits: 0,
      pendingWithdrawals: 0,
    });
  });
});

describe('GET /wallet/ledger', () => {
  it('401 signed out; 400 bad currency or cursor', async () => {
    expect((await call('GET', '/api/v1/wallet/ledger')).statusCode).toBe(401);
    const me = await buildSignedInUser(t);
    expect((await call('GET', '/api/v1/wallet/ledger?currency=gold', me.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/wallet/ledger?cursor=abc', me.cookie)).statusCode).toBe(400);
  });

  it('lists only my rows, newest first, with the running balance, paged and filtered by currency', async () => {
    const [me, someone] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await fundUser(t, someone.id, 999);
    for (let i = 1; i <= ledgerPageSize + 2; i += 1) await fundUser(t, me.id, i);
    await fundUser(t, me.id, 7, 'balance');
    const first = (await call('GET', '/api/v1/wallet/ledger', me.cookie)).json();
    expect(first.items).toHaveLength(ledgerPageSize);
    expect(first.items[0]).toMatchObject({
      currency: 'balance',
      amount: 7,
      balanceAfter: 7,
      description: 'Test funds',
    });
    const total = ((ledgerPageSize + 2) * (ledgerPageSize + 3)) / 2;
    expect(first.items[1]).toMatchObject({
      currency: 'credits',
      amount: ledgerPageSize + 2,
      balanceAfter: total,
    });
    const second = (await call('GET', `/api/v1/wallet/ledger?cursor=${first.nextCursor}`, me.cookie)).json();
    expect(second.items.map((r: { amount: number }) => r.amount)).toEqual([3, 2, 1]);
    expect(second.items.at(-1).balanceAfter).toBe(1);
    expect(second.nextCursor).toBeNull();
    const onlyBalance = (await call('GET', '/api/v1/wallet/ledger?currency=balance', me.cookie)).json();
    expect(onlyBalance.items).toHaveLength(1);
    const all = [...first.items, ...second.items];
    expect(all.some((r: { amount: number }) => r.amount === 999)).toBe(false);
  });
});

describe('POST /wallet/convert', () => {
  it('401 signed out; 400 each message', async () => {
    expect((await call('POST', '/api/v1/wallet/convert', undefined, { amount: 1 })).statusCode).toBe(401);
    const me = await buildSignedInUser(t);
    for (const [payload, message] of [
      [{}, w.amountRequired],
      [{ amount: '5' }, w.amountRequired],
      [{ amount: 0 }, w.amountPositive],
      [{ amount: -3 }, w.amountPositive],
      [{ amount: 1.5 }, w.amountPositive],
      [{ amount: 1_000_001 }, w.amountTooHigh],
    ] as const) {
      const res = await call('POST', '/api/v1/wallet/convert', me.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('moves main balance into credits 1:1, in the ledger; refuses more than the balance', async () => {
    const me = await buildSignedInUser(t);
    await fundUser(t, me.id, 30, 'balance');
    await fundUser(t, me.id, 5);
    const res = await call('POST', '/api/v1/wallet/convert', me.cookie, { amount: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: 10, credits: 25 });
    expect(await read(me.id)).toMatchObject({ balance: 10, credits: 25 });
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, me.id), eq(ledgerEntries.kind, 'convert')));
    expect(rows.map((r) => [r.currency, r.amount, r.balanceAfter]).sort()).toEqual([
      ['balance', -20, 10],
      ['credits', 20, 25],
    ]);
    const tooMuch = await call('POST', '/api/v1/wallet/convert', me.cookie, { amount: 11 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(w.insufficientBalance);
    expect(await read(me.id)).toMatchObject({ balance: 10, credits: 25 });
  });

  it('concurrent moves never take the balance below zero', async () => {
    const me = await buildSignedInUser(t);
    await fundUser(t, me.id, 10, 'balance');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/v1/wallet/convert', me.cookie, { amount: 3 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await read(me.id)).toMatchObject({ balance: 1, credits: 9 });
  });
});
