import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages as m, messages } from '../../../../contract/messages.ts';
import {
  auditLog,
  ledgerEntries,
  marketplaceOrders,
  notifications,
  profiles,
  ticketMessages,
  tickets,
} from '../../../db/schema/index.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { type Member, moneySuite } from '../../../test/money-suite.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerCheck } from '../../wallet/service.ts';
import { divide, releaseDueOrders } from './service.ts';

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
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
const reason = 'The key I received does not work at all.';

/** A fresh seller and funded buyer, and a purchase of a listing at `price`: the order id. */
async function purchase(price = 100) {
  const [seller, buyer, other] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t),
    buildSignedInUser(t),
  ]);
  await fundUser(t, buyer.id, price);
  const listing = await buildListing(t, { userId: seller.id, price });
  const res = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
    expectedPrice: listing.price,
  });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, other, listing, orderId: res.json().id as string, order: res.json() };
}

describe('purchase into escrow', () => {
  it('holds the price: the buyer is debited, the seller not yet paid, the order held until the window ends', async () => {
    const { seller, buyer, orderId, order } = await purchase(100);
    expect(order).toMatchObject({ status: 'held', role: 'buyer', price: 100, fee: 5 });
    const hours = (Date.parse(order.releaseAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect(await credits(buyer.id)).toBe(0);
    expect(await credits(seller.id)).toBe(0);
    expect((await readOrder(orderId)).status).toBe('held');
    const check = await ledgerCheck(t.db);
    expect(check.escrowHeld).toBe(check.escrowOwed);
  });

  it('uses the buyer-protection setting for the window', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site-settings/buyer_protection',
      headers: { cookie: admin.cookie },
      payload: { hours: 1 },
    });
    const { order } = await purchase(10);
    const hours = (Date.parse(order.releaseAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site-settings/buyer_protection',
      headers: { cookie: admin.cookie },
      payload: { hours: 72 },
    });
  });
});

describe('GET /orders and /orders/:id', () => {
  it('401 signed out', async () => {
    expect((await call('GET', '/api/v1/orders')).statusCode).toBe(401);
    const { orderId } = await purchase(10);
    expect((await call('GET', `/api/v1/orders/${orderId}`)).statusCode).toBe(401);
  });

  it('shows the order to both parties and staff, the content link to the two parties only; 404 to anyone else', async () => {
    const { seller, buyer, other, orderId, listing } = await purchase(10);
    for (const [who, role, contentLink] of [
      [buyer, 'buyer', listing.contentLink],
      [seller, 'seller', listing.contentLink],
      // Staff reveal it only on a disputed order, audited (content-reveal.test.ts).
      [moderator, 'staff', null],
      [admin, 'staff', null],
    ] as const) {
      const res = await call('GET', `/api/v1/orders/${orderId}`, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: orderId, role, contentLink, status: 'held' });
      if (!contentLink) expect(res.body).not.toContain(listing.contentLink);
      expect(res.json().buyer).toEqual({ id: buyer.id, username: buyer.username });
    }
    const res = await call('GET', `/api/v1/orders/${orderId}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.notFound);
    expect(
      (await call('GET', '/api/v1/orders/00000000-0000-4000-8000-000000000000', buyer.cookie)).statusCode,
    ).toBe(404);
    const bad = await call('GET', '/api/v1/orders/nope', buyer.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('lists my purchases and my sales, filtered by role', async () => {
    const a = await purchase(10);
    const listing = await buildListing(t, { userId: a.buyer.id, price: 5 });
    await fundUser(t, a.seller.id, 5);
    await call('POST', `/api/v1/listings/${listing.id}/purchase`, a.seller.cookie, {
      expectedPrice: listing.price,
    });
    const all = (await call('GET', '/api/v1/orders', a.buyer.cookie)).json();
    expect(all.items.map((o: { role: string }) => o.role).sort()).toEqual(['buyer', 'seller']);
    const sales = (await call('GET', '/api/v1/orders?role=seller', a.buyer.cookie)).json();
    expect(sales.items).toHaveLength(1);
    expect(sales.items[0]).toMatchObject({ role: 'seller', price: 5 });
    expect((await call('GET', '/api/v1/orders?role=nope', a.buyer.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/orders?cursor=zzz', a.buyer.cookie)).statusCode).toBe(400);
  });

  it('shows the order on the listing page to its parties only', async () => {
    const { buyer, other, listing, orderId } = await purchase(10);
    expect((await call('GET', `/api/v1/listings/${listing.id}`, buyer.cookie)).json().order).toMatchObject({
      id: orderId,
      status: 'held',
    });
    expect((await call('GET', `/api/v1/listings/${listing.id}`, other.cookie)).json().order).toBeNull();
    expect((await call('GET', `/api/v1/listings/${listing.id}`)).json().order).toBeNull();
  });
});

describe('POST /orders/:id/confirm', () => {
  it('401 signed out; 404 for a stranger; 403 for the seller; 400 bad id', async () => {
    const { seller, other, orderId } = await purchase(10);
    expect((await call('POST', `/api/v1/orders/${orderId}/confirm`)).statusCode).toBe(401);
    expect((await call('POST', `/api/v1/orders/${orderId}/confirm`, other.cookie)).statusCode).toBe(404);
    const res = await call('POST', `/api/v1/orders/${orderId}/confirm`, seller.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(m.onlyBuyerConfirm);
    // Staff cannot confirm for the buyer either.
    expect((await call('POST', `/api/v1/orders/${orderId}/confirm`, admin.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/orders/x/confirm', seller.cookie)).statusCode).toBe(400);
    expect((await readOrder(orderId)).status).toBe('held');
  });

  it('pays the seller price minus the fee, once; the ledger shows it; the seller is notified', async () => {
    const { seller, buyer, orderId } = await purchase(100);
    const res = await call('POST', `/api/v1/orders/${orderId}/confirm`, buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'released', sellerPayout: 95, refundedAmount: 0 });
    const row = await readOrder(orderId);
    expect(row).toMatchObject({ status: 'released', sellerPayout: 95 });
    expect(row.settledAt).not.toBeNull();
    expect(await credits(seller.id)).toBe(95);
    const again = await call('POST', `/api/v1/orders/${orderId}/confirm`, buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.notHeld);
    expect(await credits(seller.id)).toBe(95);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'order_completed')));
    expect(note).toMatchObject({ title: 'Payment released' });
    const sellerRow = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, seller.id), eq(ledgerEntries.orderId, orderId)));
    expect(sellerRow).toHaveLength(1);
    expect(sellerRow[0]).toMatchObject({ amount: 95, balanceAfter: 95, kind: 'purchase_release' });
  });

  it('racing confirmations and release sweeps pay the seller exactly once', async () => {
    const { seller, buyer, orderId } = await purchase(100);
    await expire(orderId);
    const results = await Promise.allSettled([
      call('POST', `/api/v1/orders/${orderId}/confirm`, buyer.cookie),
      call('POST', `/api/v1/orders/${orderId}/confirm`, buyer.cookie),
      releaseDueOrders(t.db),
      releaseDueOrders(t.db),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await credits(seller.id)).toBe(95);
    const payouts = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'purchase_release')));
    expect(payouts.filter((r) => r.account === 'escrow')).toHaveLength(1);
  });
});

describe('the release job', () => {
  it('releases orders whose window has ended, and only those', async () => {
    const due = await purchase(40);
    const notDue = await purchase(40);
    await expire(due.orderId);
    expect(await releaseDueOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect((await readOrder(due.orderId)).status).toBe('released');
    expect((await readOrder(notDue.orderId)).status).toBe('held');
    expect(await credits(due.seller.id)).toBe(38);
    expect(await credits(notDue.seller.id)).toBe(0);
    const told = await t.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.type, 'order_completed'));
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: due.seller.id, title: 'Payment released' },
        { userId: due.buyer.id, title: 'Order completed' },
      ]),
    );
    expect(await releaseDueOrders(t.db)).toBe(0);
    expect(await credits(due.seller.id)).toBe(38);
  });

  it('runs inside the server on a timer and releases due orders by itself', async () => {
    const own = await buildTestApp({ env: { ESCROW_RELEASE_INTERVAL_MS: '50', JOB_WORKERS: 'true' } });
    try {
      const [seller, buyer] = await Promise.all([buildSignedInUser(own), buildSignedInUser(own)]);
      await fundUser(own, buyer.id, 20);
      const listing = await buildListing(own, { userId: seller.id, price: 20 });
      const res = await own.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listing.id}/purchase`,
        headers: { cookie: buyer.cookie },
        payload: { expectedPrice: listing.price },
      });
      const id = res.json().id as string;
      await own.db
        .update(marketplaceOrders)
        .set({ releaseAt: sql`now() - interval '1 second'` })
        .where(eq(marketplaceOrders.id, id));
      await expect
        .poll(
          async () =>
            (await own.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, id)))[0]!.status,
          { timeout: 5000 },
        )
        .toBe('released');
      expect((await ledgerCheck(own.db)).ok).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('POST /orders/:id/dispute', () => {
  it('401, 404 stranger, 403 seller, 400 each message', async () => {
    const { seller, buyer, other, orderId } = await purchase(10);
    const url = `/api/v1/orders/${orderId}/dispute`;
    expect((await call('POST', url, undefined, { reason })).statusCode).toBe(401);
    expect((await call('POST', url, other.cookie, { reason })).statusCode).toBe(404);
    const asSeller = await call('POST', url, seller.cookie, { reason });
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.json().error.message).toBe(m.onlyBuyerDispute);
    for (const [payload, message] of [
      [{}, m.reasonTooShort],
      [{ reason: 'too short' }, m.reasonTooShort],
      [{ reason: '                         ' }, m.reasonTooShort],
      [{ reason: 'x'.repeat(2001) }, m.reasonTooLong],
    ] as const) {
      const res = await call('POST', url, buyer.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await readOrder(orderId)).status).toBe('held');
  });

  it('freezes the order, opens a ticket both parties can read and answer, and tells the seller', async () => {
    const { seller, buyer, other, orderId } = await purchase(50);
    const res = await call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disputed', disputeReason: reason });
    const ticketId = res.json().ticketId as string;
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ userId: buyer.id, partyId: seller.id, orderId, status: 'open' });
    const [first] = await t.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(first).toMatchObject({ message: reason, userId: buyer.id });
    // The seller reads and answers it; a stranger cannot see it.
    expect((await call('GET', `/api/v1/tickets/${ticketId}`, seller.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/tickets/${ticketId}`, other.cookie)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/v1/tickets', seller.cookie)).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toContain(ticketId);
    const reply = await call('POST', `/api/v1/tickets/${ticketId}/messages`, seller.cookie, {
      message: 'I delivered the key, it works on my machine.',
    });
    expect(reply.statusCode).toBeLessThan(300);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'order_update')));
    expect(told).toMatchObject({ title: 'Order disputed' });
    // A disputed order is frozen: no confirmation, no automatic release.
    expect((await call('POST', `/api/v1/orders/${orderId}/confirm`, buyer.cookie)).statusCode).toBe(409);
    await expire(orderId);
    await releaseDueOrders(t.db);
    expect((await readOrder(orderId)).status).toBe('disputed');
    expect(await credits(seller.id)).toBe(0);
    const twice = await call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, { reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(m.notHeld);
  });

  it('is refused once the window has ended', async () => {
    const { buyer, orderId } = await purchase(10);
    await expire(orderId);
    const res = await call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, { reason });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.windowEnded);
    expect((await readOrder(orderId)).status).toBe('held');
  });

  it('a dispute racing the release at the window end either wins or loses, never both', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { seller, buyer, orderId } = await purchase(20);
      await t.db
        .update(marketplaceOrders)
        .set({ releaseAt: sql`now() + interval '30 milliseconds'` })
        .where(eq(marketplaceOrders.id, orderId));
      await new Promise((r) => setTimeout(r, 25));
      const [dispute] = await Promise.all([
        call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, { reason }),
        new Promise((r) => setTimeout(r, 10)).then(() => releaseDueOrders(t.db)),
      ]);
      await releaseDueOrders(t.db);
      const row = await readOrder(orderId);
      const tickets_ = await t.db.select().from(tickets).where(eq(tickets.orderId, orderId));
      if (dispute.statusCode === 200) {
        expect(row.status).toBe('disputed');
        expect(await credits(seller.id)).toBe(0);
        expect(tickets_).toHaveLength(1);
      } else {
        expect(dispute.statusCode).toBe(409);
        expect(row.status).toBe('released');
        expect(await credits(seller.id)).toBe(19);
        expect(tickets_).toHaveLength(0);
      }
    }
  });
});

describe('POST /admin/orders/:id/settle and GET /admin/orders', () => {
  async function disputed(price = 100) {
    const p = await purchase(price);
    const res = await call('POST', `/api/v1/orders/${p.orderId}/dispute`, p.buyer.cookie, { reason });
    return { ...p, ticketId: res.json().ticketId as string };
  }

  it('401 signed out, 403 for members and for the parties, 400 each message, 404', async () => {
    const { buyer, seller, orderId } = await disputed();
    const url = `/api/v1/admin/orders/${orderId}/settle`;
    const body = { outcome: 'refund', note: 'Key was invalid.' };
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    for (const who of [buyer, seller]) {
      const res = await call('POST', url, who.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.onlyStaffSettle);
    }
    for (const [payload, message] of [
      [{ outcome: 'refund' }, m.noteRequired],
      [{ outcome: 'refund', note: '   ' }, m.noteRequired],
      [{ outcome: 'refund', note: 'x'.repeat(2001) }, m.noteTooLong],
      [{ note: 'n' }, m.outcomeRequired],
      [{ outcome: 'burn', note: 'n' }, m.outcomeRequired],
      [{ outcome: 'split', note: 'n' }, m.splitAmountInvalid],
      [{ outcome: 'split', buyerRefund: 0, note: 'n' }, m.splitAmountInvalid],
      [{ outcome: 'split', buyerRefund: 100, note: 'n' }, m.splitAmountInvalid],
      [{ outcome: 'split', buyerRefund: 1.5, note: 'n' }, m.splitAmountInvalid],
    ] as const) {
      const res = await call('POST', url, moderator.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const missing = await call(
      'POST',
      '/api/v1/admin/orders/00000000-0000-4000-8000-000000000000/settle',
      moderator.cookie,
      body,
    );
    expect(missing.statusCode).toBe(404);
    expect((await readOrder(orderId)).status).toBe('disputed');
    expect((await call('GET', '/api/v1/admin/orders')).statusCode).toBe(401);
    const list = await call('GET', '/api/v1/admin/orders', buyer.cookie);
    expect(list.statusCode).toBe(403);
  });

  it('refunds the buyer in full: fee waived, audited, ticket answered and closed, both told', async () => {
    const { buyer, seller, orderId, ticketId } = await disputed(100);
    const res = await call('POST', `/api/v1/admin/orders/${orderId}/settle`, moderator.cookie, {
      outcome: 'refund',
      note: 'The key was invalid.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: 100, sellerPayout: 0 });
    expect(await credits(buyer.id)).toBe(100);
    expect(await credits(seller.id)).toBe(0);
    const row = await readOrder(orderId);
    expect(row).toMatchObject({ settledBy: moderator.id, settlementNote: 'The key was invalid.' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.settle'), eq(auditLog.targetId, orderId)));
    expect(entry).toMatchObject({ actorId: moderator.id, targetType: 'order' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.status).toBe('closed');
    const msgs = await t.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(msgs.some((x) => x.isStaffReply && x.message.includes('The key was invalid.'))).toBe(true);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, 'Dispute settled'));
    expect(told.map((x) => x.userId)).toEqual(expect.arrayContaining([buyer.id, seller.id]));
    const again = await call('POST', `/api/v1/admin/orders/${orderId}/settle`, admin.cookie, {
      outcome: 'release',
      note: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.notDisputed);
    expect(await credits(buyer.id)).toBe(100);
  });

  it('releases to the seller (minus the fee) and splits with the fee shrunk to the seller share', async () => {
    const a = await disputed(100);
    expect(
      (
        await call('POST', `/api/v1/admin/orders/${a.orderId}/settle`, admin.cookie, {
          outcome: 'release',
          note: 'Delivered.',
        })
      ).json(),
    ).toMatchObject({ status: 'released', sellerPayout: 95, refundedAmount: 0 });
    expect(await credits(a.seller.id)).toBe(95);
    expect(await credits(a.buyer.id)).toBe(0);

    const b = await disputed(100);
    const split = await call('POST', `/api/v1/admin/orders/${b.orderId}/settle`, admin.cookie, {
      outcome: 'split',
      buyerRefund: 40,
      note: 'Half worked.',
    });
    expect(split.json()).toMatchObject({ status: 'released', refundedAmount: 40, sellerPayout: 57 });
    expect(await credits(b.buyer.id)).toBe(40);
    expect(await credits(b.seller.id)).toBe(57);
  });

  it('lists disputed orders by default, and any status on request', async () => {
    const { orderId } = await disputed(10);
    const res = await call('GET', '/api/v1/admin/orders', moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((o: { status: string }) => o.status === 'disputed')).toBe(true);
    expect(res.json().items.map((o: { id: string }) => o.id)).toContain(orderId);
    const held = (await call('GET', '/api/v1/admin/orders?status=held', moderator.cookie)).json();
    expect(held.items.every((o: { status: string }) => o.status === 'held')).toBe(true);
    expect((await call('GET', '/api/v1/admin/orders?status=nope', moderator.cookie)).statusCode).toBe(400);
  });

  it('two staff settling at once: one wins, the escrow is paid out once', async () => {
    const { buyer, seller, orderId } = await disputed(100);
    const url = `/api/v1/admin/orders/${orderId}/settle`;
    const [x, y] = await Promise.all([
      call('POST', url, admin.cookie, { outcome: 'refund', note: 'a' }),
      call('POST', url, moderator.cookie, { outcome: 'release', note: 'b' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await credits(buyer.id)) + (await credits(seller.id))).toBeOneOf([100, 95]);
  });
});

describe('divide', () => {
  it('conserves the price for every split', () => {
    for (const price of [1, 2, 7, 99, 100, 12345]) {
      const fee = Math.floor((price * 5) / 100);
      for (const refund of [1, Math.floor(price / 2), price - 1].filter((r) => r >= 1 && r < price)) {
        const d = divide({ price, fee }, 'split', refund);
        expect(d.refund + d.payout + d.fee).toBe(price);
        expect(d.fee).toBeLessThanOrEqual(fee);
        expect(d.payout).toBeGreaterThanOrEqual(0);
      }
      expect(divide({ price, fee }, 'refund')).toEqual({ refund: price, payout: 0, fee: 0 });
      expect(divide({ price, fee }, 'release')).toEqual({ refund: 0, payout: price - fee, fee });
    }
  });
});

it('signed-out callers get the sign-in message', async () => {
  const res = await call('GET', '/api/v1/orders');
  expect(res.json().error.message).toBe(messages.unauthenticated);
});
