import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPageSize } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m, messages, reputationMessages } from '../../../../contract/messages.ts';
import {
  listingContentReveals,
  marketplaceListings,
  marketplaceOrders,
  marketplaceVouches,
  notifications,
  profiles,
  siteSettings,
  userFollowers,
} from '../../../db/schema/index.ts';
import { buildListing, buildOrder, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerCheck } from '../../wallet/service.ts';

let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let admin: Member;
let moderator: Member;
let seller: Member;
let buyer: Member;
let other: Member;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator, seller, buyer, other] = await Promise.all([
    buildSignedInUser(t, { role: 'admin' }),
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t),
    buildSignedInUser(t),
    buildSignedInUser(t),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  cookie?: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const readListing = async (id: string) =>
  (await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id)))[0];
const credits = async (id: string) =>
  (await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, id)))[0]!.c;
const ordersFor = (listingIds: string[]) =>
  t.db.select().from(marketplaceOrders).where(inArray(marketplaceOrders.listingId, listingIds));

const valid = {
  title: 'Aimbot for CS2',
  game: 'Counter-Strike 2',
  type: 'cheat',
  detectionStatus: 'undetected',
  features: 'Aimbot, ESP',
  requirements: 'Windows 10+',
  description: 'A private aimbot with humanised movement and ESP.',
  contentLink: 'https://files.example.com/secret.zip',
  price: 250,
  imageUrl: 'https://img.example.com/a.png',
};

describe('POST /api/v1/listings', () => {
  it('needs a signed-in member', async () => {
    const res = await call('POST', '/api/v1/listings', undefined, valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToCreate);
  });

  it('creates an active listing for the caller, re-read, and tells followers who want marketplace updates', async () => {
    const follower = await buildSignedInUser(t);
    await t.db.insert(userFollowers).values({ followerId: follower.id, followingId: seller.id });
    const res = await call('POST', '/api/v1/listings', seller.cookie, {
      ...valid,
      userId: other.id,
      status: 'sold',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await readListing(res.json().id))!;
    expect(row).toMatchObject({
      userId: seller.id,
      status: 'active',
      title: valid.title,
      price: 250,
      detectionStatus: 'undetected',
      contentLink: valid.contentLink,
    });
    const sent = await t.db.select().from(notifications).where(eq(notifications.userId, follower.id));
    expect(sent).toEqual([expect.objectContaining({ type: 'marketplace_new', data: { listingId: row.id } })]);
  });

  it('asks detection status only for cheats, defaults type cheat and empty image to none', async () => {
    const acct = await call('POST', '/api/v1/listings', seller.cookie, {
      ...valid,
      type: 'account',
      imageUrl: '',
    });
    expect(await readListing(acct.json().id)).toMatchObject({ detectionStatus: 'unknown', imageUrl: null });
    const { type: _t, ...noType } = valid;
    expect(
      (await readListing((await call('POST', '/api/v1/listings', seller.cookie, noType)).json().id))?.type,
    ).toBe('cheat');
  });

  it.each([
    [{ title: 'abcd' }, 'title', m.titleTooShort],
    [{ title: 'x'.repeat(101) }, 'title', m.titleTooLong],
    [{ game: '  ' }, 'game', m.gameRequired],
    [{ features: '' }, 'features', m.featuresRequired],
    [{ requirements: '' }, 'requirements', m.requirementsRequired],
    [{ description: 'too short' }, 'description', m.descriptionTooShort],
    [{ contentLink: '' }, 'contentLink', m.contentLinkRequired],
    [{ contentLink: 'javascript:alert(1)' }, 'contentLink', m.contentLinkInvalid],
    [{ price: 0 }, 'price', m.priceTooLow],
    [{ price: 100_001 }, 'price', m.priceTooHigh],
    [{ price: 1.5 }, 'price', m.priceTooLow],
    [{ imageUrl: 'data:image/png;base64,AA' }, 'imageUrl', m.imageUrlInvalid],
    [{ type: 'car' }, 'type', undefined],
  ])('refuses %o with the field message and writes nothing', async (patch, field, message) => {
    const before = (await t.db.select().from(marketplaceListings)).length;
    const res = await call('POST', '/api/v1/listings', seller.cookie, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.fields[field]).toBe(message);
    else expect(res.json().error.fields[field]).toEqual(expect.any(String));
    expect((await t.db.select().from(marketplaceListings)).length).toBe(before);
  });
});

describe('GET /api/v1/listings', () => {
  it('filters by status and type, sorts pinned first then by the chosen key, never sends content links', async () => {
    const tag = `tag${randomUUID().slice(0, 6)}`;
    const cheap = await buildListing(t, {
      userId: seller.id,
      title: `${tag} cheap`,
      price: 10,
      type: 'item',
    });
    const dear = await buildListing(t, {
      userId: seller.id,
      title: `${tag} dear`,
      price: 900,
      createdAt: new Date(Date.now() - 60_000),
    });
    const pinned = await buildListing(t, {
      userId: seller.id,
      title: `${tag} pinned`,
      price: 500,
      isPinned: true,
      createdAt: new Date(Date.now() - 120_000),
    });
    const sold = await buildListing(t, {
      userId: seller.id,
      title: `${tag} sold`,
      status: 'sold',
      soldTo: buyer.id,
    });
    const ids = async (qs: string) =>
      (await call('GET', `/api/v1/listings?q=${tag}&${qs}`)).json().items.map((l: { id: string }) => l.id);
    expect(await ids('')).toEqual([pinned.id, cheap.id, dear.id]);
    expect(await ids('sort=price_low')).toEqual([pinned.id, cheap.id, dear.id]);
    expect(await ids('sort=price_high')).toEqual([pinned.id, dear.id, cheap.id]);
    expect(await ids('status=sold')).toEqual([sold.id]);
    expect((await ids('status=all')).length).toBe(4);
    expect(await ids('type=item')).toEqual([cheap.id]);
    const res = await call('GET', `/api/v1/listings?q=${tag}&status=all`, admin.cookie);
    expect(res.body).not.toContain('files.example.com');
    const soldItem = res.json().items.find((l: { id: string }) => l.id === sold.id);
    expect(soldItem.buyer).toMatchObject({ id: buyer.id, username: buyer.username });
    expect(soldItem.seller).toMatchObject({
      id: seller.id,
      username: seller.username,
      vouches: expect.any(Number),
    });
  });

  it('searches title, description and seller username; LIKE wildcards are literal', async () => {
    const someone = await buildSignedInUser(t, { username: `zq${randomUUID().slice(0, 6)}` });
    const bySeller = await buildListing(t, { userId: someone.id });
    const tag = randomUUID().slice(0, 8);
    const byDesc = await buildListing(t, {
      userId: seller.id,
      description: `Has the word ${tag} in it, long enough`,
    });
    const found = async (q: string) =>
      (await call('GET', `/api/v1/listings?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((l: { id: string }) => l.id);
    expect(await found(someone.username.toUpperCase())).toEqual([bySeller.id]);
    expect(await found(tag)).toEqual([byDesc.id]);
    expect(await found('%%%')).toEqual([]);
  });

  it('pages by keyset for each sort without gaps or repeats, one page statement whatever its size', async () => {
    const tag = `pg${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < listingPageSize + 3; i++) {
      await buildListing(t, {
        userId: seller.id,
        title: `${tag} ${i}`,
        price: 1 + (i % 4),
        isPinned: i === 5,
      });
    }
    for (const sort of ['newest', 'price_low', 'price_high']) {
      const first = (await call('GET', `/api/v1/listings?q=${tag}&sort=${sort}`)).json();
      expect(first.items).toHaveLength(listingPageSize);
      const second = (
        await call(
          'GET',
          `/api/v1/listings?q=${tag}&sort=${sort}&cursor=${encodeURIComponent(first.nextCursor)}`,
        )
      ).json();
      expect(second.items).toHaveLength(3);
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.items, ...second.items].map((l: { id: string }) => l.id)).size).toBe(
        listingPageSize + 3,
      );
      expect(first.items[0].isPinned).toBe(true);
    }
    // A word the word index answers: the indexed words containing it, then the page (decision 031), found
    // or not; any other text: the page alone.
    const full = await countStatements(t.database, () => call('GET', `/api/v1/listings?q=${tag}`));
    const none = await countStatements(t.database, () => call('GET', `/api/v1/listings?q=${tag}none`));
    const empty = await countStatements(t.database, () => call('GET', `/api/v1/listings?q=${tag}-none`));
    for (const word of [full, none]) {
      expect(word.statements.length).toBe(2);
      expect(word.statements[0]).toMatch(/from "search_words"/);
      expect(word.statements[1]).toMatch(/from "listing_words"/);
    }
    expect(empty.statements.length).toBe(1);
    expect(empty.statements[0]).not.toMatch(/listing_words/);
  });

  it('answers 400 for bad filters and forged cursors', async () => {
    expect((await call('GET', '/api/v1/listings?status=gone')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/listings?sort=random')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/listings?cursor=bm9wZQ')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify([true, 'x; drop', randomUUID()])).toString('base64url');
    expect((await call('GET', `/api/v1/listings?sort=price_low&cursor=${forged}`)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/listings/:id', () => {
  it('sends the content link to the seller and the buyer only, and records the buyer’s first reveal once', async () => {
    const order = await buildOrder(t, { buyerId: buyer.id, sellerId: seller.id });
    const [l] = await t.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, order.listingId));
    const url = `/api/v1/listings/${l!.id}`;
    // Staff see it only through "Reveal content link" on a disputed order (orders/content-reveal.test.ts).
    for (const c of [undefined, other.cookie, moderator.cookie, admin.cookie]) {
      const res = await call('GET', url, c);
      expect(res.statusCode).toBe(200);
      expect(res.json().contentLink).toBeNull();
      expect(res.body).not.toContain(l!.contentLink);
    }
    for (const c of [seller.cookie, buyer.cookie, buyer.cookie, buyer.cookie]) {
      expect((await call('GET', url, c)).json().contentLink).toBe(l!.contentLink);
    }
    const reveals = await t.db
      .select()
      .from(listingContentReveals)
      .where(eq(listingContentReveals.listingId, l!.id));
    expect(reveals).toEqual([
      expect.objectContaining({ userId: buyer.id, orderId: order.id, createdAt: expect.any(Date) }),
    ]);
  });

  it('answers 404 Listing not found and 400 for a malformed id', async () => {
    const res = await call('GET', `/api/v1/listings/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.notFound);
    expect((await call('GET', '/api/v1/listings/nope')).statusCode).toBe(400);
  });
});

describe('PATCH and DELETE /api/v1/listings/:id', () => {
  const edit = {
    title: 'Edited title',
    description: 'An edited description, long enough.',
    price: 42,
    imageUrl: '',
  };

  it('lets the seller or staff edit title, description, price and image only, while active', async () => {
    const l = await buildListing(t, { userId: seller.id });
    const url = `/api/v1/listings/${l.id}`;
    const anon = await call('PATCH', url, undefined, edit);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(m.loginToUpdate);
    const byOther = await call('PATCH', url, other.cookie, edit);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe(m.noPermissionEdit);
    const bad = await call('PATCH', url, seller.cookie, { ...edit, price: 0 });
    expect(bad.json().error.fields.price).toBe(m.priceTooLow);
    const res = await call('PATCH', url, seller.cookie, {
      ...edit,
      game: 'Other',
      contentLink: 'https://x.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readListing(l.id)).toMatchObject({
      ...edit,
      imageUrl: null,
      game: l.game,
      contentLink: l.contentLink,
    });
    expect(
      (await call('PATCH', url, moderator.cookie, { ...edit, title: 'By a moderator' })).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/v1/listings/${randomUUID()}`, seller.cookie, edit)).statusCode).toBe(
      404,
    );
  });

  it('keeps sold listings immutable', async () => {
    const l = await buildListing(t, { userId: seller.id, status: 'sold', soldTo: buyer.id });
    const res = await call('PATCH', `/api/v1/listings/${l.id}`, seller.cookie, edit);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.alreadySold);
    expect((await call('DELETE', `/api/v1/listings/${l.id}`, admin.cookie)).statusCode).toBe(409);
    expect((await readListing(l.id))?.title).toBe(l.title);
  });

  it('deletes for the seller or staff only', async () => {
    const l = await buildListing(t, { userId: seller.id });
    const url = `/api/v1/listings/${l.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const byOther = await call('DELETE', url, other.cookie);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe(m.noPermissionDelete);
    expect((await call('DELETE', url, seller.cookie)).statusCode).toBe(204);
    expect(await readListing(l.id)).toBeUndefined();
    expect((await call('DELETE', url, seller.cookie)).statusCode).toBe(404);
    const l2 = await buildListing(t, { userId: seller.id });
    expect((await call('DELETE', `/api/v1/listings/${l2.id}`, moderator.cookie)).statusCode).toBe(204);
  });
});

describe('POST /api/v1/listings/:id/purchase', () => {
  it('needs a signed-in member, refuses your own listing and unknown ids', async () => {
    const l = await buildListing(t, { userId: seller.id });
    const url = `/api/v1/listings/${l.id}/purchase`;
    const body = { expectedPrice: l.price };
    const anon = await call('POST', url, undefined, body);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(m.loginToPurchase);
    const own = await call('POST', url, seller.cookie, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.ownListing);
    expect(
      (await call('POST', `/api/v1/listings/${randomUUID()}/purchase`, buyer.cookie, body)).statusCode,
    ).toBe(404);
  });

  it('refuses without enough credits and changes nothing', async () => {
    const poor = await buildSignedInUser(t);
    const l = await buildListing(t, { userId: seller.id, price: 100 });
    const res = await call('POST', `/api/v1/listings/${l.id}/purchase`, poor.cookie, {
      expectedPrice: l.price,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.purchaseFailed);
    expect((await readListing(l.id))?.status).toBe('active');
    expect(await ordersFor([l.id])).toEqual([]);
  });

  it('sells: listing sold to the buyer, the price held in escrow with the fee captured (site setting, floored), order and notification', async () => {
    const b = await buildSignedInUser(t);
    const s = await buildSignedInUser(t);
    await fundUser(t, b.id, 1000);
    await t.db
      .insert(siteSettings)
      .values({ key: 'marketplace_fee', value: { percentage: 7 } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { percentage: 7 } } });
    const l = await buildListing(t, { userId: s.id, price: 99 });
    const res = await call('POST', `/api/v1/listings/${l.id}/purchase`, b.cookie, { expectedPrice: l.price });
    await t.db.delete(siteSettings).where(eq(siteSettings.key, 'marketplace_fee'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: 99, fee: 6, listingId: l.id, role: 'buyer', status: 'held' });
    expect(await readListing(l.id)).toMatchObject({ status: 'sold', soldTo: b.id, soldAt: expect.any(Date) });
    expect(await credits(b.id)).toBe(901);
    // The seller is paid when delivery is confirmed or the protection window ends (orders.test.ts).
    expect(await credits(s.id)).toBe(0);
    const [o] = await ordersFor([l.id]);
    expect(o).toMatchObject({ buyerId: b.id, sellerId: s.id, price: 99, fee: 6, status: 'held' });
    const sent = await t.db.select().from(notifications).where(eq(notifications.userId, s.id));
    expect(sent).toEqual([
      expect.objectContaining({ type: 'order_new', data: expect.objectContaining({ listingId: l.id }) }),
    ]);
    const again = await call('POST', `/api/v1/listings/${l.id}/purchase`, other.cookie, {
      expectedPrice: l.price,
    });
    expect(again.json().error.message).toBe(m.purchaseFailed);
    const orders = (await call('GET', '/api/v1/orders', s.cookie)).json();
    expect(orders.items).toEqual([
      expect.objectContaining({
        id: o!.id,
        role: 'seller',
        buyer: { id: b.id, username: b.username },
      }),
    ]);
  });

  it('charges the default 5 % fee when no setting exists', async () => {
    const b = await buildSignedInUser(t);
    await fundUser(t, b.id, 100);
    const l = await buildListing(t, { userId: seller.id, price: 59 });
    expect(
      (await call('POST', `/api/v1/listings/${l.id}/purchase`, b.cookie, { expectedPrice: l.price })).json()
        .fee,
    ).toBe(2);
  });

  it('50 concurrent buyers for one listing make exactly one order', async () => {
    const l = await buildListing(t, { userId: seller.id, price: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, () => buildSignedInUser(t)));
    for (const p of people) await fundUser(t, p.id, 10);
    const results = await Promise.all(
      people.map((p) =>
        call('POST', `/api/v1/listings/${l.id}/purchase`, p.cookie, { expectedPrice: l.price }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await ordersFor([l.id])).toHaveLength(1);
    const left = await Promise.all(people.map((p) => credits(p.id)));
    expect(left.filter((c) => c === 0)).toHaveLength(1);
  }, 180_000);

  it('20 concurrent purchases with credits for 3 make exactly 3 orders and no negative balance', async () => {
    const b = await buildSignedInUser(t);
    await fundUser(t, b.id, 30);
    const ls = await Promise.all(
      Array.from({ length: 20 }, () => buildListing(t, { userId: seller.id, price: 10 })),
    );
    const results = await Promise.all(
      ls.map((l) => call('POST', `/api/v1/listings/${l.id}/purchase`, b.cookie, { expectedPrice: l.price })),
    );
    expect(
      results.filter((r) => r.statusCode === 201),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(3);
    expect(await ordersFor(ls.map((l) => l.id))).toHaveLength(3);
    expect(await credits(b.id)).toBe(0);
  });

  it('the same Idempotency-Key replayed 10 times makes one order', async () => {
    const b = await buildSignedInUser(t);
    await fundUser(t, b.id, 500);
    const l = await buildListing(t, { userId: seller.id, price: 50 });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(
          'POST',
          `/api/v1/listings/${l.id}/purchase`,
          b.cookie,
          { expectedPrice: l.price },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await ordersFor([l.id])).toHaveLength(1);
    expect(await credits(b.id)).toBe(450);
  });

  it('after all of it the ledger balances: members hold what was granted minus what waits in escrow', async () => {
    const check = await ledgerCheck(t.db);
    expect(check).toMatchObject({ ok: true, unbalancedTransfers: 0, total: 0, mismatchedUsers: [] });
    expect(check.escrowHeld).toBeGreaterThan(0);
    expect(check.escrowHeld).toBe(check.escrowOwed);
    const [{ held }] = (
      (await t.db.execute(sql`select coalesce(sum(credits), 0)::int as held from profiles`)) as unknown as {
        rows: { held: number }[];
      }
    ).rows as [{ held: number }];
    const granted = -(check.byAccount['credits:grants'] ?? 0);
    expect(granted).toBeGreaterThan(0);
    expect(held + check.escrowHeld + (check.byAccount['credits:platform_fees'] ?? 0)).toBe(granted);
  });
});

describe('POST /api/v1/listings/:id/feedback', () => {
  it('lets the buyer leave feedback once per completed purchase and updates the seller rating and vouches', async () => {
    const b = await buildSignedInUser(t);
    const s = await buildSignedInUser(t);
    await fundUser(t, b.id, 100);
    // The seller has sold to others too, so these two do not trade mostly with each other (no vouch-ring flag).
    await buildOrder(t, { buyerId: other.id, sellerId: s.id });
    await buildOrder(t, { buyerId: other.id, sellerId: s.id });
    const l = await buildListing(t, { userId: s.id, price: 10 });
    const url = `/api/v1/listings/${l.id}/feedback`;
    const body = { rating: 4, comment: 'Works great' };
    expect((await call('POST', url, b.cookie, body)).statusCode).toBe(403);
    const bought = await call('POST', `/api/v1/listings/${l.id}/purchase`, b.cookie, {
      expectedPrice: l.price,
    });
    // Feedback waits for the order to complete (released).
    const early = await call('POST', url, b.cookie, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(reputationMessages.feedbackAfterRelease);
    expect((await call('GET', `/api/v1/listings/${l.id}`, b.cookie)).json().abilities.feedback).toBe(false);
    expect((await call('POST', `/api/v1/orders/${bought.json().id}/confirm`, b.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/listings/${l.id}`, b.cookie)).json().abilities.feedback).toBe(true);
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    const byOther = await call('POST', url, other.cookie, body);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe(m.onlyBuyerFeedback);
    expect((await call('POST', url, s.cookie, body)).statusCode).toBe(403);
    expect((await call('POST', url, b.cookie, { comment: 'x' })).json().error.fields.rating).toBe(
      m.ratingRequired,
    );
    expect((await call('POST', url, b.cookie, { rating: 6, comment: 'x' })).json().error.fields.rating).toBe(
      m.ratingRequired,
    );
    expect(
      (await call('POST', url, b.cookie, { rating: 5, comment: '  ' })).json().error.fields.comment,
    ).toBe(m.commentRequired);
    expect((await call('POST', `/api/v1/listings/${randomUUID()}/feedback`, b.cookie, body)).statusCode).toBe(
      404,
    );
    const given = await call('POST', url, b.cookie, body);
    expect(given.statusCode).toBe(201);
    expect(given.json().counted).toBe(true);
    const again = await call('POST', url, b.cookie, { rating: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.feedbackGiven);
    const vouches = await t.db.select().from(marketplaceVouches).where(eq(marketplaceVouches.toUserId, s.id));
    expect(vouches).toEqual([
      expect.objectContaining({ fromUserId: b.id, rating: 4, comment: 'Works great' }),
    ]);
    const [p] = await t.db.select().from(profiles).where(eq(profiles.id, s.id));
    expect(p).toMatchObject({ vouches: 1, ratingTotal: 4 });
    const detail = (await call('GET', `/api/v1/listings/${l.id}`, b.cookie)).json();
    expect(detail.feedbackGiven).toBe(true);
    expect(detail.abilities.feedback).toBe(false);
    expect(detail.seller).toMatchObject({ vouches: 1, averageRating: 4 });
    const fb = (await call('GET', `/api/v1/users/${s.id}/feedback`)).json();
    expect(fb).toMatchObject({ averageRating: 4, vouches: 1 });
    expect(fb.items).toEqual([
      expect.objectContaining({
        rating: 4,
        listingTitle: l.title,
        author: { id: b.id, username: b.username },
      }),
    ]);
    expect((await call('GET', `/api/v1/users/${randomUUID()}/feedback`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/orders', () => {
  it('needs a signed-in member and lists only mine', async () => {
    expect((await call('GET', '/api/v1/orders')).statusCode).toBe(401);
    const lonely = await buildSignedInUser(t);
    expect((await call('GET', '/api/v1/orders', lonely.cookie)).json().items).toEqual([]);
    expect((await call('GET', '/api/v1/orders?cursor=zz', lonely.cookie)).statusCode).toBe(400);
  });
});

describe('admin listings', () => {
  it('lists for staff only', async () => {
    expect((await call('GET', '/api/v1/admin/listings')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/admin/listings', other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect((await call('GET', '/api/v1/admin/listings?status=all', moderator.cookie)).statusCode).toBe(200);
  });

  it('pins and deletes for admins only, with the spec messages for moderators', async () => {
    const l = await buildListing(t, { userId: seller.id, status: 'sold', soldTo: buyer.id });
    const pin = `/api/v1/admin/listings/${l.id}/pin`;
    expect((await call('PUT', pin, undefined, { isPinned: true })).statusCode).toBe(401);
    const byMod = await call('PUT', pin, moderator.cookie, { isPinned: true });
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsPin);
    expect((await call('PUT', pin, admin.cookie, { isPinned: 'y' })).statusCode).toBe(400);
    expect((await call('PUT', pin, admin.cookie, { isPinned: true })).statusCode).toBe(200);
    expect((await readListing(l.id))?.isPinned).toBe(true);
    expect(
      (await call('PUT', `/api/v1/admin/listings/${randomUUID()}/pin`, admin.cookie, { isPinned: true }))
        .statusCode,
    ).toBe(404);
    const del = `/api/v1/admin/listings/${l.id}`;
    const delByMod = await call('DELETE', del, moderator.cookie);
    expect(delByMod.statusCode).toBe(403);
    expect(delByMod.json().error.message).toBe(m.onlyAdminsDelete);
    expect((await call('DELETE', del, admin.cookie)).statusCode).toBe(204);
    expect(await readListing(l.id)).toBeUndefined();
    expect((await call('DELETE', del, admin.cookie)).statusCode).toBe(404);
  });
});
