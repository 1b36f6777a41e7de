import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maxAccountAmount } from '../../../../contract/limits.ts';
import { orderMessages as m, walletMessages as w } from '../../../../contract/messages.ts';
import { marketplaceOrders, profiles } from '../../../db/schema/index.ts';
import { buildOrder, buildSignedInUser } from '../../../test/factories.ts';
import { type Member, moneySuite } from '../../../test/money-suite.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { grant, ledgerCheck } from '../../wallet/service.ts';
import { releaseDueOrders } from './service.ts';

/*
 * Issue 14 rules 4 and 5 on the escrow side: a banned seller's escrow waits for staff, and a payout past the
 * seller's account limit answers 409 and leaves the order held (never stuck, never half-paid).
 */

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const credits = async (id: string) =>
  (await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;
const readOrder = async (id: string) =>
  (await t.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, id)))[0]!;
const expire = (id: string) =>
  t.db
    .update(marketplaceOrders)
    .set({ releaseAt: sql`now() - interval '1 second'` })
    .where(eq(marketplaceOrders.id, id));
const ban = (id: string, banned: boolean) =>
  call('PATCH', `/api/v1/admin/users/${id}`, admin.cookie, { banned });

async function sale(price = 100) {
  const [seller, buyer] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
  const o = await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id, price });
  return { seller, buyer, id: o.id };
}

describe("a banned seller's escrow", () => {
  it('is not paid by the release job nor by the buyer’s confirmation; unbanning lets the job pay it', async () => {
    const s = await sale(100);
    expect((await ban(s.seller.id, true)).statusCode).toBe(200);
    await expire(s.id);
    expect(await releaseDueOrders(t.db)).toBe(0);
    expect((await readOrder(s.id)).status).toBe('held');
    expect(await credits(s.seller.id)).toBe(0);
    const confirm = await call('POST', `/api/v1/orders/${s.id}/confirm`, s.buyer.cookie);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(m.sellerBanned);
    expect((await readOrder(s.id)).status).toBe('held');
    expect((await ledgerCheck(t.db)).escrowHeld).toBeGreaterThanOrEqual(100);

    expect((await ban(s.seller.id, false)).statusCode).toBe(200);
    expect(await releaseDueOrders(t.db)).toBe(1);
    expect(await readOrder(s.id)).toMatchObject({ status: 'released', sellerPayout: 95 });
    expect(await credits(s.seller.id)).toBe(95);
  });

  it('waits for staff, who settle it without a dispute (refund to the buyer), audited', async () => {
    const s = await sale(100);
    await ban(s.seller.id, true);
    // Staff are told they may settle it (the orders page shows Settle); its buyer is not.
    const held = (await call('GET', '/api/v1/admin/orders?status=held', moderator.cookie)).json();
    expect(held.items.find((o: { id: string }) => o.id === s.id)?.abilities).toEqual({ settle: true });
    expect((await call('GET', `/api/v1/orders/${s.id}`, s.buyer.cookie)).json().abilities).toEqual({
      settle: false,
    });
    const res = await call('POST', `/api/v1/admin/orders/${s.id}/settle`, moderator.cookie, {
      outcome: 'refund',
      note: 'Seller banned for fraud',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: 100 });
    expect(await credits(s.buyer.id)).toBe(100);
    expect(await credits(s.seller.id)).toBe(0);
  });

  it('a held order of a seller in good standing still cannot be settled by staff without a dispute', async () => {
    const s = await sale(50);
    expect((await call('GET', `/api/v1/orders/${s.id}`, moderator.cookie)).json().abilities).toEqual({
      settle: false,
    });
    const res = await call('POST', `/api/v1/admin/orders/${s.id}/settle`, moderator.cookie, {
      outcome: 'refund',
      note: 'No',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.notDisputed);
    expect((await readOrder(s.id)).status).toBe('held');
  });
});

describe('a payout past the account limit', () => {
  it('answers 409 on confirmation and leaves the order held; the job skips it and pays the orders behind it', async () => {
    const full = await sale(100);
    // The seller's account is 10 credits short of the limit (granted through the wallet: the ledger agrees).
    await t.db.transaction((tx) =>
      grant(tx, {
        userId: full.seller.id,
        currency: 'credits',
        amount: maxAccountAmount - 10,
        description: 'test',
        adminId: null,
      }),
    );
    const confirm = await call('POST', `/api/v1/orders/${full.id}/confirm`, full.buyer.cookie);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(w.accountLimit);
    expect((await readOrder(full.id)).status).toBe('held');
    expect(await credits(full.seller.id)).toBe(maxAccountAmount - 10);

    const fine = await sale(40);
    await expire(full.id);
    await expire(fine.id);
    // The full seller's order is due first; the sweep passes it and pays the next one.
    await t.db
      .update(marketplaceOrders)
      .set({ releaseAt: sql`now() - interval '1 hour'` })
      .where(eq(marketplaceOrders.id, full.id));
    expect(await releaseDueOrders(t.db, 1)).toBe(1);
    expect((await readOrder(full.id)).status).toBe('held');
    expect((await readOrder(fine.id)).status).toBe('released');

    // Not stuck: staff can still settle it (after a dispute the buyer could still open, or a refund).
    await t.db
      .update(marketplaceOrders)
      .set({ releaseAt: sql`now() + interval '1 hour'` })
      .where(eq(marketplaceOrders.id, full.id));
    const dispute = await call('POST', `/api/v1/orders/${full.id}/dispute`, full.buyer.cookie, {
      reason: 'The seller cannot be paid, please refund me.',
    });
    expect(dispute.statusCode).toBe(200);
    const settle = await call('POST', `/api/v1/admin/orders/${full.id}/settle`, admin.cookie, {
      outcome: 'refund',
      note: 'Seller account full',
    });
    expect(settle.statusCode).toBe(200);
    expect(await credits(full.buyer.id)).toBe(100);
  });
});
