import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maxAccountAmount } from '../../../contract/limits.ts';
import { adminMessages, walletMessages as w } from '../../../contract/messages.ts';
import { auditLog, ledgerEntries, profiles } from '../../db/schema/index.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { grant } from './service.ts';

/* Issue 14 rule 5: 64-bit amounts carried as safe integers, a declared maximum per account, strict input. */

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

const addBalance = (id: string, payload: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${id}/balance`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const read = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const ledgerOf = (id: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
const auditsOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe('amounts past 32 bits', () => {
  it('keep exact in balances, the ledger and the wallet (bigint columns, safe integers in JSON)', async () => {
    const m = await buildSignedInUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await addBalance(m.id, { amount: 1_000_000_000, currency: 'credits', description: 'Big' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await addBalance(m.id, { amount: 7, currency: 'credits', description: 'Odd' });
    expect(res.json()).toMatchObject({ credits: 5_000_000_007 });
    expect((await read(m.id)).credits).toBe(5_000_000_007);
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet',
      headers: { cookie: m.cookie },
    });
    expect(wallet.json()).toMatchObject({ credits: 5_000_000_007 });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/ledger',
      headers: { cookie: m.cookie },
    });
    expect(history.json().items[0]).toMatchObject({ amount: 7, balanceAfter: 5_000_000_007 });
  });
});

describe('the maximum per account', () => {
  it('a grant that would pass it answers 409, never 500, and changes nothing', async () => {
    const m = await buildSignedInUser(t);
    // Up to the limit by grants of the largest allowed size would take 1,000 requests: start near it.
    await t.db.transaction(async (tx) => {
      await grant(tx, {
        userId: m.id,
        currency: 'balance',
        amount: maxAccountAmount - 5,
        description: 'Seed',
        adminId: null,
      });
    });
    const ledgerBefore = (await ledgerOf(m.id)).length;
    const auditsBefore = (await auditsOf(m.id)).length;
    const res = await addBalance(m.id, { amount: 6, currency: 'balance', description: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(w.accountLimit);
    expect((await read(m.id)).balance).toBe(maxAccountAmount - 5);
    expect(await ledgerOf(m.id)).toHaveLength(ledgerBefore);
    expect(await auditsOf(m.id)).toHaveLength(auditsBefore);
    // Exactly up to the limit is fine.
    const ok = await addBalance(m.id, { amount: 5, currency: 'balance', description: 'To the brim' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().balance).toBe(maxAccountAmount);
    expect(Number.isSafeInteger(maxAccountAmount * 2)).toBe(true);
  });
});

describe('POST /admin/users/:id/balance takes a JSON integer only', () => {
  it.each([
    ['a hex string', '0x10'],
    ['a boolean', true],
    ['an array', [5]],
    ['an exponent string', '1e3'],
    ['a numeric string', '5'],
    ['a fraction', 2.5],
    ['zero', 0],
    ['null', null],
  ])('refuses %s with the spec message and changes nothing', async (_, amount) => {
    const m = await buildSignedInUser(t);
    const res = await addBalance(m.id, { amount, currency: 'credits', description: 'Coerced?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(adminMessages.amountPositive);
    expect((await read(m.id)).credits).toBe(0);
    expect(await ledgerOf(m.id)).toEqual([]);
  });

  it('still needs an admin (403 for a moderator) and a signed-in caller (401)', async () => {
    const m = await buildSignedInUser(t);
    const body = { amount: 5, currency: 'credits', description: 'x' };
    expect((await addBalance(m.id, body, moderator.cookie)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${m.id}/balance`,
      payload: body,
    });
    expect(anon.statusCode).toBe(401);
    expect((await read(m.id)).credits).toBe(0);
  });
});
