import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, profiles } from '../../db/schema/index.ts';
import { buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { feeFor, grant, holdPayment, ledgerCheck, settleEscrow } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const read = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('wallet', () => {
  it('grants credits or balance from the grants account, balanced and recorded with the admin', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const user = await buildUser(t);
    expect(
      await t.db.transaction((tx) =>
        grant(tx, {
          userId: user.id,
          currency: 'credits',
          amount: 70,
          description: 'Welcome',
          adminId: admin.id,
        }),
      ),
    ).toBe(70);
    expect(
      await t.db.transaction((tx) =>
        grant(tx, {
          userId: user.id,
          currency: 'balance',
          amount: 5,
          description: 'Refund',
          adminId: admin.id,
        }),
      ),
    ).toBe(5);
    expect(await read(user.id)).toMatchObject({ credits: 70, balance: 5 });
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.createdBy, admin.id));
    expect(rows).toHaveLength(4);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(rows.find((r) => r.account === 'user' && r.currency === 'balance')).toMatchObject({
      amount: 5,
      description: 'Refund',
      userId: user.id,
    });
    expect(
      await t.db.transaction((tx) =>
        grant(tx, { userId: randomUUID(), currency: 'credits', amount: 1, description: 'x', adminId: null }),
      ),
    ).toBeNull();
    await expect(
      t.db.transaction((tx) =>
        grant(tx, { userId: user.id, currency: 'credits', amount: 0, description: 'x', adminId: null }),
      ),
    ).rejects.toThrow();
    await expect(
      t.db.transaction((tx) =>
        grant(tx, { userId: user.id, currency: 'credits', amount: 1.5, description: 'x', adminId: null }),
      ),
    ).rejects.toThrow();
  });

  it('holds only what the buyer has and releases to seller and fees; the ledger always balances', async () => {
    const buyer = await buildUser(t);
    const seller = await buildUser(t);
    await t.db.transaction((tx) =>
      grant(tx, { userId: buyer.id, currency: 'credits', amount: 100, description: 'x', adminId: null }),
    );
    const orderId = randomUUID();
    expect(
      await t.db.transaction((tx) =>
        holdPayment(tx, { buyerId: buyer.id, amount: 101, orderId, description: 'x' }),
      ),
    ).toBe(false);
    await t.db.transaction(async (tx) => {
      expect(await holdPayment(tx, { buyerId: buyer.id, amount: 100, orderId, description: 'x' })).toBe(true);
      await settleEscrow(tx, {
        buyerId: buyer.id,
        sellerId: seller.id,
        amount: 100,
        refund: 0,
        payout: 95,
        fee: feeFor(100, 5),
        kind: 'purchase_release',
        orderId,
        description: 'x',
      });
    });
    expect((await read(buyer.id)).credits).toBe(0);
    expect((await read(seller.id)).credits).toBe(95);
    const check = await ledgerCheck(t.db);
    expect(check).toMatchObject({ unbalancedTransfers: 0, total: 0, mismatchedUsers: [] });
    expect(check.byAccount['credits:platform_fees']).toBe(5);
    expect(check.byAccount['credits:escrow'] ?? 0).toBe(0);
  });

  it('rounds fees down to whole credits', () => {
    expect(feeFor(99, 5)).toBe(4);
    expect(feeFor(19, 5)).toBe(0);
    expect(feeFor(100, 50)).toBe(50);
    expect(feeFor(100, 0)).toBe(0);
  });
});
