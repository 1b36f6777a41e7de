import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reputationMessages as m, marketplaceMessages } from '../../../contract/messages.ts';
import type { TrustLevel } from '../../../contract/trust.ts';
import { auditLog, marketplaceVouches, profiles } from '../../db/schema/index.ts';
import {
  buildListing,
  buildOrder,
  buildSignedInUser,
  buildUser,
  fundUser,
  signIn,
} from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import { countStatements } from '../../test/statement-counter.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const counters = async (id: string) =>
  (
    await t.db
      .select({ vouches: profiles.vouches, ratingTotal: profiles.ratingTotal })
      .from(profiles)
      .where(eq(profiles.id, id))
  )[0]!;
const vouchOf = async (id: string) =>
  (await t.db.select().from(marketplaceVouches).where(eq(marketplaceVouches.id, id)))[0]!;

/** `buyer` buys a listing of `seller` and confirms delivery: a released order, ready for feedback. */
async function completedPurchase(buyer: Member, seller: Member, price = 10) {
  await fundUser(t, buyer.id, price);
  const listing = await buildListing(t, { userId: seller.id, price });
  const bought = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
    expectedPrice: price,
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const confirmed = await call('POST', `/api/v1/orders/${bought.json().id}/confirm`, buyer.cookie);
  expect(confirmed.statusCode).toBe(200);
  return { listing, orderId: bought.json().id as string };
}
const feedback = (buyer: Member, listingId: string, rating = 5) =>
  call('POST', `/api/v1/listings/${listingId}/feedback`, buyer.cookie, { rating, comment: 'Great seller' });

let lastAddress = 0;
/**
 * A member below `trusted` (the vouch-ring rule leaves trusted members' trades alone), signed in from an
 * address of their own, so nothing links two of them but their trades.
 */
async function trader(trustLevel: TrustLevel = 'member'): Promise<Member> {
  const user = await buildUser(t, { trustLevel });
  lastAddress += 1;
  return { ...user, cookie: await signIn(t, user, `10.36.${lastAddress >> 8}.${lastAddress & 255}`) };
}

/** A pair that trades only with each other, again and again (a possible ring), and their flagged vouch. */
async function flaggedVouch(rating = 5) {
  const [buyer, seller] = await Promise.all([trader(), trader()]);
  await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
  const { listing } = await completedPurchase(buyer, seller);
  const res = await feedback(buyer, listing.id, rating);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toEqual({
    id: expect.any(String),
    counted: false,
    message: marketplaceMessages.vouchAwaitingReview,
  });
  return { buyer, seller, listing, vouchId: res.json().id as string };
}

describe('feedback only after release', () => {
  it('a held, disputed or refunded order cannot be rated; a released one can, once', async () => {
    const [buyer, seller] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await fundUser(t, buyer.id, 10);
    const listing = await buildListing(t, { userId: seller.id, price: 10 });
    const bought = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
      expectedPrice: 10,
    });
    const held = await feedback(buyer, listing.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(m.feedbackAfterRelease);
    await call('POST', `/api/v1/orders/${bought.json().id}/dispute`, buyer.cookie, {
      reason: 'The key does not work at all.',
    });
    expect((await feedback(buyer, listing.id)).statusCode).toBe(409);
    const refund = await call('POST', `/api/v1/admin/orders/${bought.json().id}/settle`, moderator.cookie, {
      outcome: 'refund',
      note: 'Refunded',
    });
    expect(refund.statusCode).toBe(200);
    const refunded = await feedback(buyer, listing.id);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().error.message).toBe(m.feedbackAfterRelease);
    expect(
      await t.db.select().from(marketplaceVouches).where(eq(marketplaceVouches.toUserId, seller.id)),
    ).toEqual([]);
  });
});

describe('vouch-ring flag', () => {
  it('a rating between two accounts that trade mostly with each other waits for staff and is not counted', async () => {
    const { seller, buyer, vouchId } = await flaggedVouch(5);
    expect(await vouchOf(vouchId)).toMatchObject({
      review: 'pending',
      ringEvidence: { pairOrders: 2, fromOrders: 2, toOrders: 2, sharedNetwork: false },
    });
    expect(await counters(seller.id)).toEqual({ vouches: 0, ratingTotal: 0 });
    const page = (await call('GET', `/api/v1/users/${seller.id}/feedback`)).json();
    expect(page).toMatchObject({ averageRating: 0, vouches: 0, items: [] });
    // The author still sees their feedback is in.
    const detail = (
      await call('GET', `/api/v1/listings/${(await vouchOf(vouchId)).listingId}`, buyer.cookie)
    ).json();
    expect(detail.feedbackGiven).toBe(true);
  });

  it('is counted when either account trades mostly with others (half is not more than half)', async () => {
    const [buyer, seller, third] = await Promise.all([trader(), trader(), trader()]);
    // The buyer's orders: two with this seller, two with another seller (exactly half): not a ring.
    await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    await buildOrder(t, { buyerId: buyer.id, sellerId: third.id });
    await buildOrder(t, { buyerId: buyer.id, sellerId: third.id });
    const { listing } = await completedPurchase(buyer, seller);
    const res = await feedback(buyer, listing.id, 4);
    expect(res.json().counted).toBe(true);
    expect(await vouchOf(res.json().id)).toMatchObject({ review: 'counted', ringEvidence: null });
    expect(await counters(seller.id)).toEqual({ vouches: 1, ratingTotal: 4 });
  });

  it('counts orders either way round between the two', async () => {
    const [a, b] = await Promise.all([trader(), trader()]);
    const other = await trader();
    // b also bought from a; a sold to someone else once: pair 2 of a's 3 and of b's 2.
    await buildOrder(t, { buyerId: b.id, sellerId: a.id });
    await buildOrder(t, { buyerId: other.id, sellerId: a.id });
    const { listing } = await completedPurchase(b, a);
    const res = await feedback(b, listing.id);
    expect(await vouchOf(res.json().id)).toMatchObject({
      review: 'pending',
      ringEvidence: { pairOrders: 2, fromOrders: 2, toOrders: 3, sharedNetwork: false },
    });
  });
});

describe('GET /api/v1/admin/vouch-reviews', () => {
  it('staff only; lists flagged feedback by standing with the evidence', async () => {
    const { buyer, seller, vouchId, listing } = await flaggedVouch(3);
    const url = '/api/v1/admin/vouch-reviews';
    expect((await call('GET', url)).statusCode).toBe(401);
    const member = await call('GET', url, buyer.cookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(m.onlyStaffReview);
    expect((await call('GET', `${url}?status=maybe`, moderator.cookie)).statusCode).toBe(400);
    expect((await call('GET', `${url}?cursor=zz`, moderator.cookie)).statusCode).toBe(400);
    const res = await call('GET', url, moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual({
      id: vouchId,
      rating: 3,
      comment: 'Great seller',
      listingId: listing.id,
      listingTitle: listing.title,
      from: { id: buyer.id, username: buyer.username },
      to: { id: seller.id, username: seller.username },
      pairOrders: 2,
      fromOrders: 2,
      toOrders: 2,
      sharedNetwork: false,
      review: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: expect.any(String),
    });
    const approved = (await call('GET', `${url}?status=approved`, moderator.cookie)).json();
    expect(approved.items.map((v: { id: string }) => v.id)).not.toContain(vouchId);
  });
});

describe('POST /api/v1/admin/vouch-reviews/:id/approve|reject', () => {
  it('approve: counted from then on, once, audited', async () => {
    const { seller, buyer, vouchId } = await flaggedVouch(4);
    const url = `/api/v1/admin/vouch-reviews/${vouchId}/approve`;
    expect((await call('POST', url)).statusCode).toBe(401);
    const member = await call('POST', url, buyer.cookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(m.onlyStaffReview);
    const bad = await call('POST', '/api/v1/admin/vouch-reviews/nope/approve', moderator.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(m.reviewNotFound);
    expect(
      (await call('POST', `/api/v1/admin/vouch-reviews/${randomUUID()}/approve`, moderator.cookie))
        .statusCode,
    ).toBe(404);

    const res = await call('POST', url, moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: vouchId, review: 'approved' });
    expect(await vouchOf(vouchId)).toMatchObject({ review: 'approved', reviewedBy: moderator.id });
    expect(await counters(seller.id)).toEqual({ vouches: 1, ratingTotal: 4 });
    const page = (await call('GET', `/api/v1/users/${seller.id}/feedback`)).json();
    expect(page).toMatchObject({ averageRating: 4, vouches: 1 });
    expect(page.items.map((v: { id: string }) => v.id)).toEqual([vouchId]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, vouchId));
    expect(entry).toMatchObject({
      actorId: moderator.id,
      action: 'vouch.approve',
      targetType: 'vouch',
      before: { review: 'pending' },
      after: { review: 'approved', sellerId: seller.id, buyerId: buyer.id, rating: 4 },
    });

    // Decided once: a second decision is refused and moves nothing.
    const again = await call('POST', `/api/v1/admin/vouch-reviews/${vouchId}/reject`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyReviewed);
    expect(await counters(seller.id)).toEqual({ vouches: 1, ratingTotal: 4 });
  });

  it('reject: stays out of the rating, audited', async () => {
    const { seller, vouchId } = await flaggedVouch(5);
    const res = await call('POST', `/api/v1/admin/vouch-reviews/${vouchId}/reject`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await vouchOf(vouchId)).toMatchObject({ review: 'rejected', reviewedBy: admin.id });
    expect(await counters(seller.id)).toEqual({ vouches: 0, ratingTotal: 0 });
    expect((await call('GET', `/api/v1/users/${seller.id}/feedback`)).json().items).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, vouchId));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'vouch.reject' });
    const rejected = (await call('GET', '/api/v1/admin/vouch-reviews?status=rejected', admin.cookie)).json();
    expect(rejected.items).toContainEqual(
      expect.objectContaining({ id: vouchId, reviewedBy: { id: admin.id, username: admin.username } }),
    );
  });

  it('a counted vouch is not in the review queue', async () => {
    const [buyer, seller, third] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    await buildOrder(t, { buyerId: third.id, sellerId: seller.id });
    await buildOrder(t, { buyerId: third.id, sellerId: seller.id });
    const { listing } = await completedPurchase(buyer, seller);
    const id = (await feedback(buyer, listing.id)).json().id as string;
    expect(
      (await call('POST', `/api/v1/admin/vouch-reviews/${id}/approve`, moderator.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('seller figures', () => {
  it('completed orders, dispute rate and member-since beside the average, on the listing and the profile, in one statement', async () => {
    const [seller, b1, b2, b3, b4] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    // Four sales: two completed, one disputed (then released by staff: completed too), one still held.
    await completedPurchase(b1, seller);
    await completedPurchase(b2, seller);
    const disputed = await buildOrder(t, { buyerId: b3.id, sellerId: seller.id });
    await call('POST', `/api/v1/orders/${disputed.id}/dispute`, b3.cookie, {
      reason: 'The key does not work at all.',
    });
    await call('POST', `/api/v1/admin/orders/${disputed.id}/settle`, moderator.cookie, {
      outcome: 'release',
      note: 'Works',
    });
    await buildOrder(t, { buyerId: b4.id, sellerId: seller.id });
    const [joined] = await t.db
      .select({ at: sql<string>`to_json(${profiles.createdAt}) #>> '{}'` })
      .from(profiles)
      .where(eq(profiles.id, seller.id));
    const expected = {
      completedOrders: 3,
      disputeRate: 25,
      memberSince: new Date(joined!.at).toISOString(),
    };

    const listing = await buildListing(t, { userId: seller.id });
    const detail = (await call('GET', `/api/v1/listings/${listing.id}`)).json();
    expect(detail.sellerReputation).toEqual({ averageRating: 0, vouches: 0, ...expected });
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', `/api/v1/users/${seller.id}/feedback`),
    );
    expect(result.json()).toMatchObject(expected);
    expect(statements.filter((s) => s.includes('"marketplace_orders"'))).toHaveLength(1);

    // A seller with no sales yet: nothing completed, no disputes (not a division by zero).
    const newcomer = await buildSignedInUser(t);
    const first = await buildListing(t, { userId: newcomer.id });
    expect((await call('GET', `/api/v1/listings/${first.id}`)).json().sellerReputation).toMatchObject({
      completedOrders: 0,
      disputeRate: 0,
    });
  });
});

describe('every first trade looks like a vouch ring (issue 36)', () => {
  it("a new seller's first sale to a new buyer counts at once, and the buyer is told so", async () => {
    const [buyer, seller] = await Promise.all([trader('new'), trader('new')]);
    const { listing } = await completedPurchase(buyer, seller);
    const res = await feedback(buyer, listing.id, 5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      counted: true,
      message: marketplaceMessages.vouchSubmitted,
    });
    expect(await vouchOf(res.json().id)).toMatchObject({ review: 'counted', ringEvidence: null });
    expect(await counters(seller.id)).toEqual({ vouches: 1, ratingTotal: 5 });
    const page = (await call('GET', `/api/v1/users/${seller.id}/feedback`)).json();
    expect(page).toMatchObject({ averageRating: 5, vouches: 1 });
    expect(page.items).toEqual([expect.objectContaining({ id: res.json().id, awaitingReview: false })]);
  });

  it('two accounts that signed in from the same address are held even on their first trade', async () => {
    const [buyer, seller] = await Promise.all([trader('new'), trader('new')]);
    // The seller signs in once from the buyer's address.
    const [buyerLogin] = await t.db
      .select({ ip: sql<string>`ip_address` })
      .from(sql`login_events`)
      .where(sql`user_id = ${buyer.id}::uuid`);
    await signIn(t, seller, buyerLogin!.ip);
    const { listing } = await completedPurchase(buyer, seller);
    const res = await feedback(buyer, listing.id);
    expect(res.json()).toMatchObject({ counted: false, message: marketplaceMessages.vouchAwaitingReview });
    expect(await vouchOf(res.json().id)).toMatchObject({
      review: 'pending',
      ringEvidence: { pairOrders: 1, fromOrders: 1, toOrders: 1, sharedNetwork: true },
    });
    expect(await counters(seller.id)).toEqual({ vouches: 0, ratingTotal: 0 });
  });

  it('a trusted party is no ring: their repeated trades with one member count', async () => {
    const [buyer, seller] = await Promise.all([trader('new'), trader('trusted')]);
    await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    const { listing } = await completedPurchase(buyer, seller);
    expect((await feedback(buyer, listing.id, 4)).json().counted).toBe(true);
    expect(await counters(seller.id)).toEqual({ vouches: 1, ratingTotal: 4 });
  });

  it('the author of a held vouch sees it as awaiting review; nobody else sees it', async () => {
    const { buyer, seller, vouchId } = await flaggedVouch(2);
    const mine = (await call('GET', `/api/v1/users/${seller.id}/feedback`, buyer.cookie)).json();
    expect(mine).toMatchObject({ vouches: 0, averageRating: 0 });
    expect(mine.items).toEqual([
      expect.objectContaining({
        id: vouchId,
        rating: 2,
        awaitingReview: true,
        author: { id: buyer.id, username: buyer.username },
      }),
    ]);
    expect((await call('GET', `/api/v1/users/${seller.id}/feedback`, seller.cookie)).json().items).toEqual(
      [],
    );
    expect((await call('GET', `/api/v1/users/${seller.id}/feedback`)).json().items).toEqual([]);
  });
});
