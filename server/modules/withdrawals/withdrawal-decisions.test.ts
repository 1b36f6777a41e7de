import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawalMessages as m, messages } from '../../../contract/messages.ts';
import { notificationTarget } from '../../../contract/notification-target.ts';
import { auditLog, notifications, profiles, withdrawals } from '../../db/schema/index.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { type BuiltUser, buildOrder, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { type MoneySuite, moneySuite } from '../../test/money-suite.ts';
import { buildReadySeller, type Call, caller, codeOf } from '../../test/withdrawal-kit.ts';
import { confirmDelivery, openDispute, settleDispute } from '../commerce/orders/service.ts';

let t: MoneySuite['t'];
let admin: MoneySuite['admin'];
let moderator: MoneySuite['moderator'];
let call: Call;
moneySuite((s) => {
  ({ t, admin, moderator } = s);
  call = caller(t);
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
const profile = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const stored = async (id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const expectError = (res: Awaited<ReturnType<Call>>, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
};

/** A seller with a pending manual withdrawal of 1000 of their 1900 earned credits. */
async function pendingWithdrawal() {
  const member = await buildReadySeller(t, { salePrice: 2000 });
  const res = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
    method: 'manual',
    credits: 1000,
    code: await codeOf(member),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { member, id: res.json().id as string };
}

const decide = (id: string, action: 'approve' | 'reject', cookie: string | undefined, payload: object) =>
  call('POST', `/api/v1/admin/withdrawals/${id}/${action}`, cookie, payload);

describe('GET /admin/withdrawals', () => {
  it('401 signed out, 403 for members and moderators, 400 for a bad filter or cursor', async () => {
    const member = await buildSignedInUser(t);
    expectError(await call('GET', '/api/v1/admin/withdrawals'), 401, messages.unauthenticated);
    expectError(await call('GET', '/api/v1/admin/withdrawals', member.cookie), 403, m.onlyAdmins);
    expectError(await call('GET', '/api/v1/admin/withdrawals', moderator.cookie), 403, m.onlyAdmins);
    expect((await call('GET', '/api/v1/admin/withdrawals?status=lost', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/admin/withdrawals?cursor=bad', admin.cookie)).statusCode).toBe(400);
  });

  it('pending by default, newest first, each with the seller’s record', async () => {
    const { member, id } = await pendingWithdrawal();
    // One more released sale, one disputed and lost (refunded), one disputed and released by staff.
    const buyer = await buildUser(t);
    await confirmDelivery(
      t.db,
      viewerOf(buyer),
      (await buildOrder(t, { buyerId: buyer.id, sellerId: member.id, price: 50 })).id,
    );
    for (const outcome of ['refund', 'release'] as const) {
      const order = await buildOrder(t, { buyerId: buyer.id, sellerId: member.id, price: 40 });
      await openDispute(t.db, viewerOf(buyer), order.id, 'The key never worked, not once, on any machine.');
      await settleDispute(t.db, viewerOf(admin), order.id, { outcome, note: 'Looked into it' });
    }
    const { id: later } = await pendingWithdrawal();
    const res = await call('GET', '/api/v1/admin/withdrawals', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().items.map((w: { id: string }) => w.id);
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(id));
    const row = res.json().items.find((w: { id: string }) => w.id === id);
    expect(row).toMatchObject({
      member: { id: member.id, username: member.username },
      status: 'pending',
      credits: 1000,
      releasedSales: 3,
      disputes: 2,
      lostDisputes: 1,
      completedWithdrawals: 0,
    });
    expect(new Date(row.memberSince).getTime()).toBe((await profile(member.id)).createdAt.getTime());
  });

  it('pages by status, newest first, without repeats', async () => {
    const member = await buildUser(t);
    await t.db.insert(withdrawals).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: member.id,
        method: 'manual' as const,
        credits: 1000,
        fee: 20,
        amountMinor: 980,
        currency: 'USD',
        destination: 'IBAN',
        status: 'rejected' as const,
        reason: `Old ${i}`,
        createdAt: sql`now() - make_interval(mins => ${i})`,
      })),
    );
    const first = (await call('GET', '/api/v1/admin/withdrawals?status=rejected', admin.cookie)).json();
    expect(first.items).toHaveLength(20);
    expect(first.items.every((w: { status: string }) => w.status === 'rejected')).toBe(true);
    const cursor = encodeURIComponent(first.nextCursor);
    const second = (
      await call('GET', `/api/v1/admin/withdrawals?status=rejected&cursor=${cursor}`, admin.cookie)
    ).json();
    const all = [...first.items, ...second.items].map((w: { id: string }) => w.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(23);
    // Every status: one newest-first list merged from the statuses' own.
    const mixed = (await call('GET', '/api/v1/admin/withdrawals?status=all', admin.cookie)).json();
    expect(mixed.items).toHaveLength(20);
    const times = mixed.items.map((w: { createdAt: string }) => Date.parse(w.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(mixed.items.map((w: { status: string }) => w.status)).size).toBeGreaterThan(1);
  });
});

describe('POST /admin/withdrawals/:id/approve and /reject', () => {
  it('401 signed out, 403 for moderators, 404 unknown, 400 for bad input', async () => {
    const { id } = await pendingWithdrawal();
    expectError(await decide(id, 'approve', undefined, { reference: 'R1' }), 401, messages.unauthenticated);
    expectError(await decide(id, 'approve', moderator.cookie, { reference: 'R1' }), 403, m.onlyAdmins);
    expectError(await decide(id, 'reject', moderator.cookie, { reason: 'No' }), 403, m.onlyAdmins);
    expectError(await decide(randomUUID(), 'approve', admin.cookie, { reference: 'R1' }), 404, m.notFound);
    expectError(await decide(randomUUID(), 'reject', admin.cookie, { reason: 'No' }), 404, m.notFound);
    expectError(await decide('not-a-uuid', 'approve', admin.cookie, { reference: 'R1' }), 400, m.notFound);
    expectError(await decide(id, 'approve', admin.cookie, {}), 400, m.referenceRequired);
    expectError(
      await decide(id, 'approve', admin.cookie, { reference: 'x'.repeat(201) }),
      400,
      m.referenceTooLong,
    );
    expectError(await decide(id, 'reject', admin.cookie, {}), 400, m.reasonRequired);
    expectError(await decide(id, 'reject', admin.cookie, { reason: ' ' }), 400, m.reasonRequired);
    expectError(await decide(id, 'reject', admin.cookie, { reason: 'x'.repeat(1001) }), 400, m.reasonTooLong);
    expect((await decide(id, 'reject', admin.cookie, { reason: 'a\u0000b' })).statusCode).toBe(400);
    expect((await stored(id)).status).toBe('pending');
  });

  it('a manual approval completes with its reference: paid out, audited, the member notified and mailed', async () => {
    const { member, id } = await pendingWithdrawal();
    const res = await decide(id, 'approve', admin.cookie, { reference: ' SEPA-42 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'completed',
      reference: 'SEPA-42',
      member: { id: member.id },
    });
    expect(res.json().completedAt).toBeTruthy();
    expect(await stored(id)).toMatchObject({
      status: 'completed',
      reference: 'SEPA-42',
      decidedBy: admin.id,
    });
    expect((await profile(member.id)).credits).toBe(900);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'withdrawal.approve')));
    expect(entry).toMatchObject({ actorId: admin.id, after: { status: 'completed', reference: 'SEPA-42' } });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.id))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(note).toMatchObject({ title: 'Withdrawal paid out', data: { withdrawalId: id } });
    // The bell leads to the wallet, where the withdrawal is listed.
    expect(notificationTarget(note as { type: string; data: Record<string, string> })).toBe('/wallet');
    const mails = await t.app.jobs.boss.findJobs('mail', {
      data: { template: 'withdrawal', userId: member.id },
    });
    expect(mails).toHaveLength(1);
    expectError(await decide(id, 'approve', admin.cookie, { reference: 'again' }), 409, m.notPending);
    expectError(await decide(id, 'reject', admin.cookie, { reason: 'late' }), 409, m.notPending);
    // The next request sees one completed withdrawal on the record.
    const later = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
      method: 'manual',
      credits: 900,
      code: await codeOf(member, 1),
    });
    expectError(later, 400, m.belowMinimum(1000));
  });

  it('a rejection returns the credits as withdrawable ones, audited and told', async () => {
    const { member, id } = await pendingWithdrawal();
    expect(await profile(member.id)).toMatchObject({ credits: 900, earnedCredits: 900 });
    const res = await decide(id, 'reject', admin.cookie, {
      reason: 'Payout details do not match the account',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'rejected',
      reason: 'Payout details do not match the account',
    });
    expect(await profile(member.id)).toMatchObject({ credits: 1900, earnedCredits: 1900 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'withdrawal.reject')));
    expect(entry?.actorId).toBe(admin.id);
    const mails = await t.app.jobs.boss.findJobs('mail', {
      data: { template: 'withdrawal', userId: member.id },
    });
    expect(mails).toHaveLength(1);
    // Free to ask again.
    const again = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
      method: 'manual',
      credits: 1900,
      code: await codeOf(member, 1),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('approve and reject at once: exactly one wins, and the credits move once', async () => {
    const { member, id } = await pendingWithdrawal();
    const [a, r] = await Promise.all([
      decide(id, 'approve', admin.cookie, { reference: 'RACE-1' }),
      decide(id, 'reject', admin.cookie, { reason: 'Race' }),
    ]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    const status = (await stored(id)).status;
    expect(status).toBe(a.statusCode === 200 ? 'completed' : 'rejected');
    expect((await profile(member.id)).credits).toBe(status === 'completed' ? 900 : 1900);
  });
});

describe('the member’s withdrawals', () => {
  it('401 signed out, 400 for a bad filter', async () => {
    expectError(await call('GET', '/api/v1/wallet/withdrawals'), 401, messages.unauthenticated);
    expectError(await call('GET', '/api/v1/wallet/withdrawals/export.csv'), 401, messages.unauthenticated);
    const member = await buildSignedInUser(t);
    expect((await call('GET', '/api/v1/wallet/withdrawals?status=nope', member.cookie)).statusCode).toBe(400);
  });

  it('lists only mine, newest first, by status; the CSV escapes cells a spreadsheet would run', async () => {
    const { member, id } = await pendingWithdrawal();
    await decide(id, 'reject', admin.cookie, {
      reason: '=HYPERLINK("http://evil.example","click"), then "quotes"',
    });
    await pendingWithdrawal();
    const again = await call('POST', '/api/v1/wallet/withdrawals', member.cookie, {
      method: 'manual',
      credits: 1000,
      code: await codeOf(member, 1),
    });
    expect(again.statusCode, again.body).toBe(201);
    const all = (await call('GET', '/api/v1/wallet/withdrawals', member.cookie)).json();
    expect(all.items.map((w: { id: string }) => w.id)).toEqual([again.json().id, id]);
    expect(all.nextCursor).toBeNull();
    const rejected = (await call('GET', '/api/v1/wallet/withdrawals?status=rejected', member.cookie)).json();
    expect(rejected.items.map((w: { id: string }) => w.id)).toEqual([id]);

    const csv = await call('GET', '/api/v1/wallet/withdrawals/export.csv', member.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,id,method,credits,fee,amount,currency,destination,status,reference,reason,decided,completed',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then ""quotes"""`);
    expect(csv.body).not.toContain(',=HYPERLINK');
  });
});
