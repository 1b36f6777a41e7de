import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages as m, messages } from '../../../contract/messages.ts';
import { deposits, ledgerEntries, profiles, siteSettings } from '../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { reconcileOverdue } from './service.ts';

/* Issue 35: top-ups through the sandbox checkout (the processors' own tests are btcpay.test.ts and stripe.test.ts). */

let t: TestApp;
let admin: Member;
moneySuite(
  (s) => {
    ({ t, admin } = s);
  },
  () => ({ env: { JOB_WORKERS: 'true' } }),
);

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
const creditsOf = async (id: string) =>
  (await t.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.credits;
const depositRow = async (id: string) => (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;
const quiet = { warn: () => {} };

async function startDeposit(cookie: string, credits = 1000) {
  const res = await call('POST', '/api/v1/wallet/deposits', cookie, { method: 'sandbox', credits });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; status: string; checkoutUrl: string };
}

describe('GET /wallet/deposit-options', () => {
  it('401 signed out; the sandbox alone when no processor is configured, with the default terms', async () => {
    expect((await call('GET', '/api/v1/wallet/deposit-options')).statusCode).toBe(401);
    const me = await buildSignedInUser(t);
    const res = await call('GET', '/api/v1/wallet/deposit-options', me.cookie);
    expect(res.json()).toEqual({
      methods: ['sandbox'],
      currency: 'USD',
      creditsPerUnit: 100,
      minCredits: 500,
      maxCredits: 1_000_000,
      presets: [500, 1000, 2500, 5000, 10_000],
    });
  });
});

describe('POST /wallet/deposits', () => {
  it('401 signed out', async () => {
    const res = await call('POST', '/api/v1/wallet/deposits', undefined, {
      method: 'sandbox',
      credits: 1000,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.unauthenticated);
  });

  it('400 for every bad input, naming the field, and nothing written', async () => {
    const me = await buildSignedInUser(t);
    const cases: [unknown, string, string][] = [
      [{ method: 'sandbox', credits: '1000' }, 'credits', m.creditsRequired],
      [{ method: 'sandbox', credits: 10.5 }, 'credits', m.creditsWhole],
      [{ method: 'sandbox', credits: -5 }, 'credits', m.creditsPositive],
      [{ method: 'sandbox', credits: 0 }, 'credits', m.creditsPositive],
      [{ method: 'sandbox', credits: 1e12 }, 'credits', m.creditsTooHigh],
      [{ method: 'sandbox' }, 'credits', m.creditsRequired],
      [{ method: 'paypal', credits: 1000 }, 'method', m.methodInvalid],
      [{ method: 'sandbox', credits: 100 }, 'credits', m.belowMinimum(500)],
      [{ method: 'sandbox', credits: 2_000_000 }, 'credits', m.aboveMaximum(1_000_000)],
      [{ method: 'btcpay', credits: 1000 }, 'method', m.methodUnavailable],
      [{ method: 'stripe', credits: 1000 }, 'method', m.methodUnavailable],
    ];
    for (const [body, field, text] of cases) {
      const res = await call('POST', '/api/v1/wallet/deposits', me.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(body)).toBe(text);
    }
    const nul = await call('POST', '/api/v1/wallet/deposits', me.cookie, {
      method: 'sand\u0000box',
      credits: 1000,
    });
    expect(nul.statusCode).toBe(400);
    expect(await t.db.select().from(deposits).where(eq(deposits.userId, me.id))).toEqual([]);
  });

  it('makes a pending deposit priced at the site rate, with the sandbox checkout on our own site', async () => {
    const me = await buildSignedInUser(t);
    const made = await startDeposit(me.cookie, 1234);
    expect(made.status).toBe('pending');
    expect(made.checkoutUrl).toMatch(new RegExp(`/wallet/sandbox-checkout/${made.id}$`));
    const row = await depositRow(made.id);
    // 1,234 credits at 100 a dollar: 12.34 USD, in cents.
    expect(row).toMatchObject({
      userId: me.id,
      method: 'sandbox',
      credits: 1234,
      amountMinor: 1234,
      currency: 'USD',
    });
    expect(await creditsOf(me.id)).toBe(0);
  });

  it('rounds the price up to the cent and follows the admin terms', async () => {
    await t.db
      .insert(siteSettings)
      .values({
        key: 'payments',
        value: { currency: 'EUR', creditsPerUnit: 3, minCredits: 1, maxCredits: 50 },
      })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { currency: 'EUR', creditsPerUnit: 3, minCredits: 1, maxCredits: 50 } },
      });
    try {
      const me = await buildSignedInUser(t);
      const made = await startDeposit(me.cookie, 10);
      // 10 / 3 = 3.333… EUR: 334 cents, never 333.
      expect(await depositRow(made.id)).toMatchObject({ amountMinor: 334, currency: 'EUR' });
    } finally {
      await t.db.delete(siteSettings).where(eq(siteSettings.key, 'payments'));
    }
  });
});

describe('the sandbox checkout', () => {
  it('pays once: credits through the ledger from the sandbox clearing account, a receipt, the wallet shows it', async () => {
    const me = await buildSignedInUser(t);
    const made = await startDeposit(me.cookie, 2500);
    const invoice = await call('GET', `/api/v1/payments/sandbox/${made.id}`, me.cookie);
    expect(invoice.json()).toEqual({
      id: made.id,
      credits: 2500,
      amount: '25.00',
      currency: 'USD',
      status: 'pending',
    });
    const summary = await call('GET', '/api/v1/wallet', me.cookie);
    expect(summary.json()).toMatchObject({ pendingDeposits: 2500, credits: 0, withdrawable: 0 });

    const paid = await call('POST', `/api/v1/payments/sandbox/${made.id}/pay`, me.cookie, {
      outcome: 'paid',
    });
    expect(paid.json().status).toBe('settled');
    const again = await call('POST', `/api/v1/payments/sandbox/${made.id}/pay`, me.cookie, {
      outcome: 'paid',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.notPending);

    expect(await creditsOf(me.id)).toBe(2500);
    const legs = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.depositId, made.id));
    expect(legs.map((l) => [l.account, l.amount]).sort()).toEqual([
      ['deposits_sandbox', -2500],
      ['user', 2500],
    ]);
    // Bought credits are spendable, never withdrawable.
    expect((await call('GET', '/api/v1/wallet', me.cookie)).json()).toMatchObject({
      credits: 2500,
      withdrawable: 0,
      pendingDeposits: 0,
    });
    const one = await call('GET', `/api/v1/wallet/deposits/${made.id}`, me.cookie);
    expect(one.json()).toMatchObject({ status: 'settled', checkoutUrl: null, amount: '25.00' });
    await t.app.jobs.settle();
    const receipt = t.outbox.find((mail) => mail.to === me.email && mail.subject.startsWith('Credits added'));
    expect(receipt?.text).toContain('2,500 credits for 25.00 USD');
  });

  it('racing payments of one deposit credit it once', async () => {
    const me = await buildSignedInUser(t);
    const made = await startDeposit(me.cookie, 700);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/api/v1/payments/sandbox/${made.id}/pay`, me.cookie, { outcome: 'paid' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).not.toHaveLength(0);
    expect(await creditsOf(me.id)).toBe(700);
  });

  it('letting it expire credits nothing', async () => {
    const me = await buildSignedInUser(t);
    const made = await startDeposit(me.cookie);
    const res = await call('POST', `/api/v1/payments/sandbox/${made.id}/pay`, me.cookie, {
      outcome: 'expired',
    });
    expect(res.json().status).toBe('expired');
    expect(await creditsOf(me.id)).toBe(0);
  });

  it('404 for another member’s deposit or a missing one, 400 for a malformed id or outcome', async () => {
    const [me, other] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    const made = await startDeposit(me.cookie);
    for (const url of [`/api/v1/payments/sandbox/${made.id}`, `/api/v1/wallet/deposits/${made.id}`]) {
      const res = await call('GET', url, other.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.depositNotFound);
    }
    const missing = await call(
      'GET',
      '/api/v1/wallet/deposits/7d6f7a3e-1b2c-4d5e-8f90-123456789abc',
      me.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', '/api/v1/wallet/deposits/nope', me.cookie)).statusCode).toBe(400);
    const bad = await call('POST', `/api/v1/payments/sandbox/${made.id}/pay`, me.cookie, {
      outcome: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(await creditsOf(me.id)).toBe(0);
  });
});

describe('GET /wallet/deposits and the CSV', () => {
  it('lists my deposits newest first, filtered by status, and exports them', async () => {
    const me = await buildSignedInUser(t);
    const first = await startDeposit(me.cookie, 600);
    const second = await startDeposit(me.cookie, 800);
    await call('POST', `/api/v1/payments/sandbox/${second.id}/pay`, me.cookie, { outcome: 'paid' });
    const all = (await call('GET', '/api/v1/wallet/deposits', me.cookie)).json();
    expect(all.items.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    const settled = (await call('GET', '/api/v1/wallet/deposits?status=settled', me.cookie)).json();
    expect(settled.items.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect((await call('GET', '/api/v1/wallet/deposits?status=paid', me.cookie)).statusCode).toBe(400);

    const csv = await call('GET', '/api/v1/wallet/deposits/export.csv', me.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,deposit,method,credits,amount,currency,status,problem,reversed,settled');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([second.id, first.id]);

    const history = await call('GET', '/api/v1/wallet/ledger/export.csv', me.cookie);
    expect(history.body.split('\r\n')[1]).toContain(
      `deposit,Top-up: 800 credits for 8.00 USD,800,800,${second.id}`,
    );
  });
});

describe('reconciliation', () => {
  it('expires sandbox deposits left past their window; a settled one is never touched', async () => {
    const me = await buildSignedInUser(t);
    const left = await startDeposit(me.cookie);
    const paid = await startDeposit(me.cookie);
    await call('POST', `/api/v1/payments/sandbox/${paid.id}/pay`, me.cookie, { outcome: 'paid' });
    await t.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(deposits.userId, me.id));
    const deps = { db: t.db, publicUrl: 'http://localhost', processors: {} };
    await reconcileOverdue(deps, quiet);
    expect((await depositRow(left.id)).status).toBe('invalid');
    expect((await depositRow(paid.id)).status).toBe('settled');
    expect(await creditsOf(me.id)).toBe(1000);
  });
});

describe('earned and bought credits', () => {
  it('a purchase spends bought credits first; the seller’s share is earned', async () => {
    const [buyer, seller] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await fundUser(t, buyer.id, 500);
    const listing = await buildListing(t, { userId: seller.id, price: 200 });
    const bought = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
      expectedPrice: 200,
    });
    expect(bought.statusCode).toBe(201);
    const [order] = (await call('GET', '/api/v1/orders?role=buyer', buyer.cookie)).json().items;
    expect((await call('POST', `/api/v1/orders/${order.id}/confirm`, buyer.cookie)).statusCode).toBe(200);
    const row = async (id: string) =>
      (
        await t.db
          .select({ credits: profiles.credits, earned: profiles.earnedCredits })
          .from(profiles)
          .where(eq(profiles.id, id))
      )[0];
    expect(await row(buyer.id)).toEqual({ credits: 300, earned: 0 });
    expect(await row(seller.id)).toEqual({ credits: 190, earned: 190 });
    // The seller spends 150 of 190 with 100 granted: the grant goes first, 50 earned credits go after it.
    await fundUser(t, seller.id, 100);
    const other = await buildListing(t, { userId: admin.id, price: 150 });
    await call('POST', `/api/v1/listings/${other.id}/purchase`, seller.cookie, { expectedPrice: 150 });
    expect(await row(seller.id)).toEqual({ credits: 140, earned: 140 });
  });
});
