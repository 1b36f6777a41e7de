import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cheatMessages,
  watchMessages as m,
  marketplaceMessages,
  orderMessages,
} from '../../../../contract/messages.ts';
import { notificationTarget } from '../../../../contract/notification-target.ts';
import {
  auditLog,
  cheatWatches,
  listingWatches,
  marketplaceListings,
  marketplaceOrders,
  notifications,
  tickets,
} from '../../../db/schema/index.ts';
import { buildCheat, buildListing, buildSignedInUser, fundUser } from '../../../test/factories.ts';
import { type Member, moneySuite } from '../../../test/money-suite.ts';
import { connected, openSocket, type Socket } from '../../../test/sockets.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((made) => {
  ({ t, admin, moderator } = made);
});

const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const alertsOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'detection_alert')));
const cheatBody = (
  c: { title: string; description: string; game: string; downloadUrl: string },
  status: string,
) => ({
  title: c.title,
  description: c.description,
  game: c.game,
  downloadUrl: c.downloadUrl,
  status,
});

/** A seller's cheat listing bought by a funded buyer through the API: the order id. */
async function boughtListing(price = 50) {
  const [seller, buyer] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
  await fundUser(t, buyer.id, price);
  const listing = await buildListing(t, {
    userId: seller.id,
    price,
    type: 'cheat',
    detectionStatus: 'undetected',
  });
  const res = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
    expectedPrice: price,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, listing, orderId: res.json().id as string };
}

describe('PUT/DELETE /api/v1/cheats/:id/watch', () => {
  it('needs a member, a real cheat and a valid id; watching twice is one watch; the detail says so', async () => {
    const cheat = await buildCheat(t);
    const member = await buildSignedInUser(t);
    const url = `/api/v1/cheats/${cheat.id}/watch`;
    const visitor = await call('PUT', url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(m.loginToWatch);
    const bad = await call('PUT', '/api/v1/cheats/nope/watch', member.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(cheatMessages.notFound);
    const missing = await call('PUT', `/api/v1/cheats/${randomUUID()}/watch`, member.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(cheatMessages.notFound);

    expect((await call('GET', `/api/v1/cheats/${cheat.id}`, member.cookie)).json().watching).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', url, member.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ watching: true });
    }
    expect(await t.db.select().from(cheatWatches).where(eq(cheatWatches.cheatId, cheat.id))).toEqual([
      expect.objectContaining({ userId: member.id }),
    ]);
    expect((await call('GET', `/api/v1/cheats/${cheat.id}`, member.cookie)).json().watching).toBe(true);
    expect((await call('GET', `/api/v1/cheats/${cheat.id}`)).json().watching).toBe(false);

    expect((await call('DELETE', url)).statusCode).toBe(401);
    const off = await call('DELETE', url, member.cookie);
    expect(off.json()).toEqual({ watching: false });
    expect(await t.db.select().from(cheatWatches).where(eq(cheatWatches.cheatId, cheat.id))).toEqual([]);
  });
});

describe('GET /api/v1/cheats (the board) with watches', () => {
  it('marks the cards the member watches, in one statement; other members and visitors see false', async () => {
    const game = `Watched ${randomUUID().slice(0, 6)}`;
    const [watched, other] = [await buildCheat(t, { game }), await buildCheat(t, { game })];
    const [member, someoneElse] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    expect((await call('PUT', `/api/v1/cheats/${watched.id}/watch`, member.cookie)).statusCode).toBe(200);
    const board = (cookie?: string) =>
      call('GET', `/api/v1/cheats?q=${encodeURIComponent(game)}`, cookie).then((res) => {
        expect(res.statusCode).toBe(200);
        return Object.fromEntries(
          (res.json().items as Array<{ id: string; watching: boolean }>).map((c) => [c.id, c.watching]),
        );
      });
    const { result, statements } = await countStatements(t.database, () => board(member.cookie));
    expect(result).toEqual({ [watched.id]: true, [other.id]: false });
    expect(statements.filter((s) => /cheat_watches/.test(s))).toHaveLength(1);
    expect(await board(someoneElse.cookie)).toEqual({ [watched.id]: false, [other.id]: false });
    expect(await board()).toEqual({ [watched.id]: false, [other.id]: false });
  });
});

describe('PUT/DELETE /api/v1/listings/:id/watch', () => {
  it('members watch cheat listings of others; not their own, not other types, not missing ones', async () => {
    const [seller, member] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    const cheat = await buildListing(t, { userId: seller.id, type: 'cheat' });
    const account = await buildListing(t, { userId: seller.id, type: 'account' });
    const url = `/api/v1/listings/${cheat.id}/watch`;
    expect((await call('PUT', url)).statusCode).toBe(401);
    const own = await call('PUT', url, seller.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.ownListing);
    const other = await call('PUT', `/api/v1/listings/${account.id}/watch`, member.cookie);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(m.onlyCheatListings);
    expect((await call('PUT', `/api/v1/listings/${randomUUID()}/watch`, member.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/v1/listings/x/watch', member.cookie)).statusCode).toBe(400);

    const before = (await call('GET', `/api/v1/listings/${cheat.id}`, member.cookie)).json();
    expect(before).toMatchObject({ watching: false, abilities: { watch: true, setDetection: false } });
    expect((await call('PUT', url, member.cookie)).json()).toEqual({ watching: true });
    expect((await call('GET', `/api/v1/listings/${cheat.id}`, member.cookie)).json().watching).toBe(true);
    const sellerView = (await call('GET', `/api/v1/listings/${cheat.id}`, seller.cookie)).json();
    expect(sellerView.abilities).toMatchObject({ watch: false, setDetection: true });
    expect((await call('DELETE', url, member.cookie)).json()).toEqual({ watching: false });
    expect(await t.db.select().from(listingWatches).where(eq(listingWatches.listingId, cheat.id))).toEqual(
      [],
    );
  });

  it('a buyer watches what they bought, in the purchase transaction', async () => {
    const { buyer, listing } = await boughtListing();
    expect(
      await t.db
        .select({ userId: listingWatches.userId })
        .from(listingWatches)
        .where(eq(listingWatches.listingId, listing.id)),
    ).toEqual([{ userId: buyer.id }]);
  });
});

describe('cheat status alerts', () => {
  it('staff changing a status alert every watcher (not the actor, not others) in one statement; the same status alerts nobody', async () => {
    const cheat = await buildCheat(t, { status: 'undetected' });
    const [w1, w2, bystander] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    for (const who of [w1, w2, moderator]) await call('PUT', `/api/v1/cheats/${cheat.id}/watch`, who.cookie);

    const same = await call(
      'PUT',
      `/api/v1/admin/cheats/${cheat.id}`,
      moderator.cookie,
      cheatBody(cheat, 'undetected'),
    );
    expect(same.statusCode).toBe(200);
    expect(await alertsOf(w1.id)).toEqual([]);

    const { statements, result } = await countStatements(t.database, () =>
      call('PUT', `/api/v1/admin/cheats/${cheat.id}`, moderator.cookie, cheatBody(cheat, 'detected')),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(statements.filter((s) => /insert into "notifications"/i.test(s))).toHaveLength(1);
    for (const who of [w1, w2]) {
      const [alert, ...more] = await alertsOf(who.id);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({
        title: 'Cheat status changed',
        content: `${cheat.title} is now Detected.`,
        data: { cheatId: cheat.id },
        read: false,
      });
      expect(notificationTarget(alert!)).toBe(`/cheats/${cheat.id}`);
    }
    expect(await alertsOf(moderator.id)).toEqual([]);
    expect(await alertsOf(bystander.id)).toEqual([]);
  });

  it('ten status flips make one unread alert with the latest status and one mail (issue 36)', async () => {
    const cheat = await buildCheat(t, { status: 'undetected' });
    const watcher = await buildSignedInUser(t);
    await call('PUT', `/api/v1/cheats/${cheat.id}/watch`, watcher.cookie);
    const statuses = ['detected', 'undetected'] as const;
    for (let i = 0; i < 10; i++) {
      const res = await call(
        'PUT',
        `/api/v1/admin/cheats/${cheat.id}`,
        moderator.cookie,
        cheatBody(cheat, statuses[i % 2]!),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const alerts = await alertsOf(watcher.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'Cheat status changed',
      content: `${cheat.title} is now Undetected.`,
      data: { cheatId: cheat.id },
      read: false,
    });
    const mailJobs = async () =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'notification-mail'
            and data->>'notificationId' in (select id::text from notifications where user_id = ${watcher.id})`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await mailJobs()).toBe(1);
    // Read, the next change is a new alert (and a new mail).
    await call('POST', `/api/v1/notifications/${alerts[0]!.id}/read`, watcher.cookie);
    await call('PUT', `/api/v1/admin/cheats/${cheat.id}`, moderator.cookie, cheatBody(cheat, 'detected'));
    const unread = (await alertsOf(watcher.id)).filter((a) => !a.read);
    expect(unread).toMatchObject([{ content: `${cheat.title} is now Detected.` }]);
    expect(await mailJobs()).toBe(2);

    // A watched listing's flips are one unread alert of their own, beside the cheat's.
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id, type: 'cheat' });
    await call('PUT', `/api/v1/listings/${listing.id}/watch`, watcher.cookie);
    for (const detectionStatus of ['detected', 'undetected', 'detected']) {
      const res = await call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, {
        detectionStatus,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const listingAlerts = (await alertsOf(watcher.id)).filter((a) => a.data.listingId === listing.id);
    expect(listingAlerts).toMatchObject([
      { title: 'Listing marked detected', content: `${listing.title} is now marked Detected by its seller.` },
    ]);
    expect((await alertsOf(watcher.id)).filter((a) => !a.read)).toHaveLength(2);
    expect(await mailJobs()).toBe(3);
  });

  it('reaches the watcher’s open socket live', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cheat = await buildCheat(t, { status: 'undetected' });
    const watcher = await buildSignedInUser(t);
    await call('PUT', `/api/v1/cheats/${cheat.id}/watch`, watcher.cookie);
    const socket = openSocket(url, { origin: 'http://localhost:3000', cookie: watcher.cookie });
    sockets.push(socket);
    await connected(socket);
    const arrived = new Promise<{ id: string }>((resolve) => socket.once('notification', resolve));
    await call('PUT', `/api/v1/admin/cheats/${cheat.id}`, admin.cookie, cheatBody(cheat, 'other'));
    const event = await arrived;
    const [alert] = await alertsOf(watcher.id);
    expect(event.id).toBe(alert!.id);
  });
});

describe('PUT /api/v1/listings/:id/detection', () => {
  it('the seller or staff only; a cheat listing; a known status; each message', async () => {
    const [seller, member] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    const listing = await buildListing(t, {
      userId: seller.id,
      type: 'cheat',
      detectionStatus: 'undetected',
    });
    const account = await buildListing(t, { userId: seller.id, type: 'account' });
    const url = `/api/v1/listings/${listing.id}/detection`;
    const body = { detectionStatus: 'detected' };
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    const stranger = await call('PUT', url, member.cookie, body);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe(marketplaceMessages.noPermissionEdit);
    const bad = await call('PUT', url, seller.cookie, { detectionStatus: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.detectionStatus).toBe(m.detectionRequired);
    const notCheat = await call('PUT', `/api/v1/listings/${account.id}/detection`, seller.cookie, body);
    expect(notCheat.statusCode).toBe(400);
    expect(notCheat.json().error.fields.detectionStatus).toBe(m.onlyCheatListings);
    expect(
      (await call('PUT', `/api/v1/listings/${randomUUID()}/detection`, seller.cookie, body)).statusCode,
    ).toBe(404);

    const ok = await call('PUT', url, seller.cookie, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().detectionStatus).toBe('detected');
    const [row] = await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listing.id));
    expect(row!.detectionStatus).toBe('detected');

    // Staff may change it too, audited as an action on someone else's listing.
    expect((await call('PUT', url, moderator.cookie, { detectionStatus: 'undetected' })).statusCode).toBe(
      200,
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, listing.id));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: moderator.id,
        action: 'listing.detection',
        before: { detectionStatus: 'detected' },
        after: { detectionStatus: 'undetected' },
      }),
    ]);
  });

  it('alerts watchers (not the seller who changed it); a buyer inside the window gets the dispute offer', async () => {
    const { seller, buyer, listing, orderId } = await boughtListing();
    const [watcher, bystander] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await call('PUT', `/api/v1/listings/${listing.id}/watch`, watcher.cookie);
    // Staff who watch it are alerted when the seller changes it.
    await call('PUT', `/api/v1/listings/${listing.id}/watch`, moderator.cookie);

    const { statements, result } = await countStatements(t.database, () =>
      call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, { detectionStatus: 'detected' }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(statements.filter((s) => /insert into "notifications"/i.test(s))).toHaveLength(1);

    const [offer, ...moreForBuyer] = await alertsOf(buyer.id);
    expect(moreForBuyer).toEqual([]);
    expect(offer).toMatchObject({
      title: 'Listing marked detected',
      data: { listingId: listing.id, orderId, dispute: 'detected' },
    });
    expect(offer!.content).toContain('open a dispute in one click');
    expect(notificationTarget(offer!)).toBe(`/orders?dispute=${orderId}`);

    for (const who of [watcher, moderator]) {
      const [plain, ...more] = await alertsOf(who.id);
      expect(more).toEqual([]);
      expect(plain).toMatchObject({
        title: 'Listing marked detected',
        content: `${listing.title} is now marked Detected by its seller.`,
        data: { listingId: listing.id },
      });
      expect(notificationTarget(plain!)).toBe(`/marketplace/${listing.id}`);
    }
    expect(await alertsOf(seller.id)).toEqual([]);
    expect(await alertsOf(bystander.id)).toEqual([]);

    // The one-click dispute: the prefilled reason opens it, and it goes to staff as a ticket, as today.
    const dispute = await call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, {
      reason: m.detectedDisputeReason,
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    expect(dispute.json()).toMatchObject({ status: 'disputed', disputeReason: m.detectedDisputeReason });
    const [order] = await t.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, orderId));
    expect(order).toMatchObject({ status: 'disputed', disputeReason: m.detectedDisputeReason });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    expect(ticket).toMatchObject({ userId: buyer.id, partyId: seller.id });
    const staffQueue = await call('GET', '/api/v1/admin/orders?status=disputed', moderator.cookie);
    expect(staffQueue.json().items.map((o: { id: string }) => o.id)).toContain(orderId);

    // Back to undetected: a plain change, no offer for anyone (the order is no longer held either).
    await call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, {
      detectionStatus: 'undetected',
    });
    const latest = (await alertsOf(buyer.id)).find((n) => n.title === 'Detection status changed');
    expect(latest?.data).toEqual({ listingId: listing.id });
  });

  it('outside the protection window: no dispute offer, and the API still refuses the dispute', async () => {
    const { seller, buyer, listing, orderId } = await boughtListing();
    await t.db
      .update(marketplaceOrders)
      .set({ releaseAt: sql`now() - interval '1 second'` })
      .where(eq(marketplaceOrders.id, orderId));
    await call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, {
      detectionStatus: 'detected',
    });
    const [alert, ...more] = await alertsOf(buyer.id);
    expect(more).toEqual([]);
    expect(alert!.data).toEqual({ listingId: listing.id });
    expect(notificationTarget(alert!)).toBe(`/marketplace/${listing.id}`);
    const refused = await call('POST', `/api/v1/orders/${orderId}/dispute`, buyer.cookie, {
      reason: m.detectedDisputeReason,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(orderMessages.windowEnded);
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toEqual([]);
  });

  it('a buyer inside the window who stopped watching still gets the offer', async () => {
    const { seller, buyer, listing, orderId } = await boughtListing();
    await call('DELETE', `/api/v1/listings/${listing.id}/watch`, buyer.cookie);
    await call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, {
      detectionStatus: 'detected',
    });
    const [alert] = await alertsOf(buyer.id);
    expect(alert!.data).toEqual({ listingId: listing.id, orderId, dispute: 'detected' });
  });
});
