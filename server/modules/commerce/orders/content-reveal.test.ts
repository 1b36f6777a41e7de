import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages as m } from '../../../../contract/messages.ts';
import { auditLog, listingContentReveals, marketplaceListings } from '../../../db/schema/index.ts';
import { buildOrder, buildSignedInUser } from '../../../test/factories.ts';
import { type Member, moneySuite } from '../../../test/money-suite.ts';
import type { TestApp } from '../../../test/test-app.ts';

/* Issue 14 rule 3: content links for the two parties only; staff reveal them on a disputed order, audited once. */

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const reason = 'The key I received does not work at all.';

async function order(disputed: boolean) {
  const [seller, buyer, other] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t),
    buildSignedInUser(t),
  ]);
  const o = await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id, price: 30 });
  if (disputed) {
    const res = await call('POST', `/api/v1/orders/${o.id}/dispute`, buyer.cookie, { reason });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [listing] = await t.db
    .select()
    .from(marketplaceListings)
    .where(eq(marketplaceListings.id, o.listingId));
  return { seller, buyer, other, id: o.id, link: listing!.contentLink, listingId: o.listingId };
}

const revealsOf = (orderId: string) =>
  t.db.select().from(listingContentReveals).where(eq(listingContentReveals.orderId, orderId));
/** Staff reveals only (the buyer's own first sight of the link, when disputing, is recorded too). */
const staffRevealsOf = async (orderId: string) =>
  (await revealsOf(orderId)).filter((r) => r.userId === admin.id || r.userId === moderator.id);
const auditsOf = (orderId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.reveal_content')));

describe('POST /api/v1/admin/orders/:id/reveal', () => {
  it('refuses visitors (401), members, the parties included (403), unknown (404) and malformed ids (400)', async () => {
    const o = await order(true);
    const url = `/api/v1/admin/orders/${o.id}/reveal`;
    expect((await call('POST', url)).statusCode).toBe(401);
    for (const who of [o.buyer, o.seller, o.other]) {
      const res = await call('POST', url, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.onlyStaffReveal);
      expect(res.body).not.toContain(o.link);
    }
    const missing = await call('POST', `/api/v1/admin/orders/${randomUUID()}/reveal`, moderator.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
    expect((await call('POST', '/api/v1/admin/orders/nope/reveal', moderator.cookie)).statusCode).toBe(400);
    expect(await staffRevealsOf(o.id)).toEqual([]);
    expect(await auditsOf(o.id)).toEqual([]);
  });

  it('answers 409 for an order not under dispute, and shows staff no link on it', async () => {
    const o = await order(false);
    const res = await call('POST', `/api/v1/admin/orders/${o.id}/reveal`, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.revealOnlyDisputed);
    expect(res.body).not.toContain(o.link);
    for (const staff of [admin, moderator]) {
      const detail = await call('GET', `/api/v1/orders/${o.id}`, staff.cookie);
      expect(detail.json().contentLink).toBeNull();
      const listing = await call('GET', `/api/v1/listings/${o.listingId}`, staff.cookie);
      expect(listing.json().contentLink).toBeNull();
    }
    expect(await auditsOf(o.id)).toEqual([]);
  });

  it('reveals a disputed order’s link to staff, audited once per staff member (who, when, which order)', async () => {
    const o = await order(true);
    const url = `/api/v1/admin/orders/${o.id}/reveal`;
    // Staff read the disputed order: still no link until they ask for it.
    expect((await call('GET', `/api/v1/orders/${o.id}`, moderator.cookie)).json().contentLink).toBeNull();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', url, moderator.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ contentLink: o.link, keys: [] });
    }
    expect((await call('POST', url, admin.cookie)).json()).toEqual({ contentLink: o.link, keys: [] });
    const audits = await auditsOf(o.id);
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.actorId).sort()).toEqual([admin.id, moderator.id].sort());
    expect(audits[0]).toMatchObject({ targetType: 'order', createdAt: expect.any(Date) });
    expect((await staffRevealsOf(o.id)).map((r) => r.userId).sort()).toEqual([admin.id, moderator.id].sort());
    // The audit log page shows it.
    const log = await call('GET', '/api/v1/admin/audit-log', admin.cookie);
    expect(log.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'order.reveal_content',
          targetId: o.id,
          actor: { id: moderator.id, username: moderator.username },
        }),
      ]),
    );
  });
});

describe('content links to the parties, reveals recorded once', () => {
  it('the buyer reading the order and the listing again and again is recorded once; the seller not at all', async () => {
    const o = await order(false);
    for (let i = 0; i < 3; i++) {
      expect((await call('GET', `/api/v1/orders/${o.id}`, o.buyer.cookie)).json().contentLink).toBe(o.link);
      expect((await call('GET', `/api/v1/listings/${o.listingId}`, o.buyer.cookie)).json().contentLink).toBe(
        o.link,
      );
      expect((await call('GET', `/api/v1/orders/${o.id}`, o.seller.cookie)).json().contentLink).toBe(o.link);
    }
    expect(await revealsOf(o.id)).toEqual([
      expect.objectContaining({ userId: o.buyer.id, listingId: o.listingId }),
    ]);
    expect(await auditsOf(o.id)).toEqual([]);
  });
});
