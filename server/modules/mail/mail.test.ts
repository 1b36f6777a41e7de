import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unsubscribeMessages } from '../../../contract/mail.ts';
import { userSettings } from '../../db/schema/index.ts';
import {
  buildForumCategory,
  buildListing,
  buildSignedInUser,
  buildTicket,
  buildUser,
  fundUser,
} from '../../test/factories.ts';
import { mailSuite, type TestSmtp } from '../../test/smtp.ts';
import type { TestApp } from '../../test/test-app.ts';

/** Notification mails end to end: the app's queue mails a real SMTP server on loopback. */
let t: TestApp;
let smtp: TestSmtp;
mailSuite((made) => {
  ({ t, smtp } = made);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to[0] === email);
const settings = async (id: string) =>
  (await t.db.select().from(userSettings).where(eq(userSettings.userId, id)))[0];

async function sell(price = 50) {
  const seller = await buildSignedInUser(t);
  const buyer = await buildSignedInUser(t);
  await fundUser(t, buyer.id, price);
  const listing = await buildListing(t, { userId: seller.id, price });
  const res = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
    expectedPrice: price,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, listing, orderId: res.json().id as string };
}

const unsubscribeLink = (header: string) => {
  const match = header.match(/^<(http[^>]+)>$/);
  expect(match, header).not.toBeNull();
  const url = new URL(match![1]!);
  return `${url.pathname}${url.search}`;
};

describe('notification mails', () => {
  it('a sale mails the seller with a link to their orders, both parts, the theme and a one-click unsubscribe', async () => {
    const { seller, listing } = await sell();
    await t.app.jobs.settle();
    const [mail] = mailsTo(seller.email);
    expect(mail?.subject).toBe('Listing sold — CheatMarket');
    expect(mail!.text).toContain(listing.title);
    expect(mail!.text).toContain('http://localhost:3000/orders');
    expect(mail!.html).toContain('href="http://localhost:3000/orders"');
    // The theme's readable fill of #6366F1 behind the white text (site-settings/tones.ts).
    expect(mail!.html).toContain('background:#595CD9');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeLink(mail!.headers['list-unsubscribe']!)).toMatch(
      /^\/api\/v1\/email\/unsubscribe\?user=.+&kind=email_notifications&sig=.+$/,
    );
  });

  it('sends nothing when email_notifications is off, and again when it is back on', async () => {
    const seller = await buildSignedInUser(t);
    const put = (on: boolean) =>
      call('PUT', '/api/v1/me/settings', seller.cookie, {
        emailNotifications: on,
        marketplaceUpdates: true,
        securityAlerts: true,
      });
    expect((await put(false)).statusCode).toBe(200);
    const buyer = await buildSignedInUser(t);
    await fundUser(t, buyer.id, 20);
    const a = await buildListing(t, { userId: seller.id, price: 10 });
    const b = await buildListing(t, { userId: seller.id, price: 10 });
    await call('POST', `/api/v1/listings/${a.id}/purchase`, buyer.cookie, { expectedPrice: 10 });
    await t.app.jobs.settle();
    expect(mailsTo(seller.email)).toHaveLength(0);
    expect((await put(true)).statusCode).toBe(200);
    await call('POST', `/api/v1/listings/${b.id}/purchase`, buyer.cookie, { expectedPrice: 10 });
    await t.app.jobs.settle();
    expect(mailsTo(seller.email)).toHaveLength(1);
  });

  it('the buyer confirming mails the seller; a dispute mails the seller', async () => {
    const first = await sell();
    await t.app.jobs.settle();
    smtp.received.length = 0;
    expect(
      (await call('POST', `/api/v1/orders/${first.orderId}/confirm`, first.buyer.cookie)).statusCode,
    ).toBe(200);
    await t.app.jobs.settle();
    expect(mailsTo(first.seller.email).map((m) => m.text)).toEqual([expect.stringContaining('/orders')]);

    const second = await sell();
    await t.app.jobs.settle();
    smtp.received.length = 0;
    const dispute = await call('POST', `/api/v1/orders/${second.orderId}/dispute`, second.buyer.cookie, {
      reason: 'The key does not work at all.',
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    await t.app.jobs.settle();
    expect(mailsTo(second.seller.email)).toHaveLength(1);
  });

  it('a staff reply to a ticket mails its owner with a link to the ticket', async () => {
    const owner = await buildUser(t);
    const staff = await buildSignedInUser(t, { role: 'moderator' });
    const ticket = await buildTicket(t, { userId: owner.id });
    const res = await call('POST', `/api/v1/tickets/${ticket.id}/messages`, staff.cookie, {
      message: 'On it.',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.settle();
    const [mail] = mailsTo(owner.email);
    expect(mail?.text).toContain(`http://localhost:3000/tickets/${ticket.id}`);
  });

  it('direct messages while away: one mail per conversation per hour, however many messages', async () => {
    const alice = await buildSignedInUser(t);
    const bob = await buildUser(t);
    const carol = await buildSignedInUser(t);
    for (const text of ['hi', 'are you there?', 'hello?'])
      expect(
        (await call('POST', '/api/v1/messages', alice.cookie, { recipientId: bob.id, message: text }))
          .statusCode,
      ).toBe(201);
    await t.app.jobs.settle();
    expect(
      (await call('POST', '/api/v1/messages', carol.cookie, { recipientId: bob.id, message: 'yo' }))
        .statusCode,
    ).toBe(201);
    await t.app.jobs.settle();
    const mails = mailsTo(bob.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text.match(/\/messages\/([0-9a-f-]+)/)?.[1]).sort()).toEqual(
      [alice.id, carol.id].sort(),
    );
  });

  it('marketplace_updates governs new-listing mails from people I follow', async () => {
    const seller = await buildSignedInUser(t);
    const fan = await buildSignedInUser(t);
    const quiet = await buildSignedInUser(t);
    for (const follower of [fan, quiet])
      expect(
        (await call('PUT', `/api/v1/users/${seller.id}/follow`, follower.cookie)).statusCode,
      ).toBeLessThan(300);
    expect(
      (
        await call('PUT', '/api/v1/me/settings', quiet.cookie, {
          emailNotifications: true,
          marketplaceUpdates: false,
          securityAlerts: true,
        })
      ).statusCode,
    ).toBe(200);
    const create = (title: string) =>
      call('POST', '/api/v1/listings', seller.cookie, {
        title,
        game: 'Counter-Strike 2',
        type: 'cheat',
        detectionStatus: 'undetected',
        features: 'Aimbot, ESP',
        requirements: 'Windows 10+',
        description: 'A listing for the mail test, long enough.',
        contentLink: 'https://files.example.com/secret.zip',
        price: 10,
      });
    const first = await create('First follow listing');
    expect(first.statusCode, first.body).toBe(201);
    await t.app.jobs.settle();
    const [mail] = mailsTo(fan.email);
    expect(mail?.text).toContain(`http://localhost:3000/marketplace/${first.json().id}`);
    expect(unsubscribeLink(mail!.headers['list-unsubscribe']!)).toContain('kind=marketplace_updates');
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });

  it('a forum mention mails the member a link to the reply, unless their email_notifications is off', async () => {
    const [author, mentioned, quiet] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    const off = await call('PUT', '/api/v1/me/settings', quiet.cookie, {
      emailNotifications: false,
      marketplaceUpdates: true,
      securityAlerts: true,
    });
    expect(off.statusCode).toBe(200);
    const categoryId = (await buildForumCategory(t)).id;
    const thread = await call('POST', '/api/v1/forum/threads', author.cookie, {
      categoryId,
      title: 'Config that works',
      content: 'Opening post',
    });
    const threadId = thread.json().id as string;
    const reply = await call('POST', `/api/v1/forum/threads/${threadId}/replies`, author.cookie, {
      content: `@${mentioned.username} @${quiet.username} have a look`,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await t.app.jobs.settle();
    const [mail] = mailsTo(mentioned.email);
    expect(mail?.subject).toBe(`${author.username} mentioned you — CheatMarket`);
    expect(mail!.text).toContain('Config that works');
    const link = `http://localhost:3000/forum/post/${threadId}#reply-${reply.json().id}`;
    expect(mail!.text).toContain(`Open the post: ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  async function linkFor(kind: 'email_notifications') {
    const { seller } = await sell();
    await t.app.jobs.settle();
    const [mail] = mailsTo(seller.email);
    return { seller, url: unsubscribeLink(mail!.headers['list-unsubscribe']!), kind };
  }

  it('GET shows what it would do and changes nothing; POST turns exactly that kind off, without signing in', async () => {
    const { seller, url } = await linkFor('email_notifications');
    const get = await call('GET', url);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({
      kind: 'email_notifications',
      unsubscribed: false,
      message: unsubscribeMessages.confirm.email_notifications,
    });
    expect((await settings(seller.id))?.emailNotifications ?? true).toBe(true);

    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject({
      unsubscribed: true,
      message: unsubscribeMessages.done.email_notifications,
    });
    expect(await settings(seller.id)).toMatchObject({
      emailNotifications: false,
      marketplaceUpdates: true,
      securityAlerts: true,
    });
  });

  it('a link whose signature does not match (another member, another kind) is a 404 and changes nothing', async () => {
    const { seller, url } = await linkFor('email_notifications');
    const other = await buildUser(t);
    const forged = [
      url.replace(seller.id, other.id),
      url.replace('kind=email_notifications', 'kind=marketplace_updates'),
      url.replace(/sig=[^&]+/, 'sig=AAAA'),
    ];
    for (const u of forged) {
      const res = await call('POST', u);
      expect(res.statusCode, u).toBe(404);
      expect(res.json().error.message).toBe(unsubscribeMessages.invalidLink);
    }
    expect(await settings(other.id)).toBeUndefined();
    expect((await settings(seller.id))?.marketplaceUpdates ?? true).toBe(true);
  });

  it('bad input: an unknown kind or a missing signature is a 400 with its message', async () => {
    const user = await buildUser(t);
    const unknown = await call('GET', `/api/v1/email/unsubscribe?user=${user.id}&kind=spam&sig=x`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown email kind');
    const missing = await call('GET', `/api/v1/email/unsubscribe?user=${user.id}&kind=email_notifications`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(unsubscribeMessages.invalidLink);
  });
});
