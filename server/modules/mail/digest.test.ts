import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unsubscribeMessages } from '../../../contract/mail.ts';
import { sessions, userFollowers, userSettings } from '../../db/schema/index.ts';
import { enqueue } from '../../plugins/queue.ts';
import {
  buildForumCategory,
  buildForumReply,
  buildForumThread,
  buildListing,
  buildNotification,
  buildSignedInUser,
  buildUser,
} from '../../test/factories.ts';
import { mailSuite, type TestSmtp } from '../../test/smtp.ts';
import type { TestApp } from '../../test/test-app.ts';

/** The digest (issue 16, item 5) end to end: the queue's digest job mails a real SMTP server on loopback. */
let t: TestApp;
let smtp: TestSmtp;
mailSuite((made) => {
  ({ t, smtp } = made);
});

const mailsTo = (email: string) => smtp.received.filter((m) => m.to[0] === email);
const settings = async (id: string) =>
  (await t.db.select().from(userSettings).where(eq(userSettings.userId, id)))[0];

/** One run of the periodic job, as its timer would queue it, and every mail it queued. */
async function runDigest() {
  await enqueue(t.db, 'digest', {});
  await t.app.jobs.settle();
}

/** A member whose last visit (their session's last activity) was `days` ago. */
async function memberAway(days: number, digest?: 'off' | 'daily' | 'weekly') {
  const user = await buildSignedInUser(t);
  await t.db
    .update(sessions)
    .set({ updatedAt: sql`now() - make_interval(hours => ${Math.round(days * 24)})` })
    .where(eq(sessions.userId, user.id));
  if (digest) await t.db.insert(userSettings).values({ userId: user.id, digest });
  return user;
}

const unsubscribePath = (header: string) => {
  const url = new URL(header.replace(/^<|>$/g, ''));
  return `${url.pathname}${url.search}`;
};

describe('the digest job', () => {
  it('mails a weekly member away 8 days once, with their unread notifications, and not again on the next run', async () => {
    const member = await memberAway(8);
    // A second apart: rows written in one millisecond would tie on created_at (PGlite's clock is that coarse).
    for (let i = 1; i <= 7; i++) {
      const createdAt = new Date(Date.now() - (10 - i) * 1000);
      await buildNotification(t, member.id, { title: `Unread number ${i}`, createdAt });
    }
    await buildNotification(t, member.id, { title: 'Already read', read: true });
    await runDigest();

    const [mail, ...more] = mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('What you missed on CheatMarket');
    expect(mail!.text).toContain('7 unread notifications');
    // The latest five titles only, and never a read one.
    for (const i of [3, 4, 5, 6, 7]) expect(mail!.text).toContain(`Unread number ${i}`);
    expect(mail!.text).not.toContain('Unread number 2');
    expect(mail!.text).not.toContain('Already read');
    expect(mail!.html).toContain('href="http://localhost:3000/"');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribePath(mail!.headers['list-unsubscribe']!)).toMatch(
      /^\/api\/v1\/email\/unsubscribe\?user=.+&kind=digest&sig=.+$/,
    );
    const stamped = (await settings(member.id))?.lastDigestAt;
    expect(stamped).toBeInstanceOf(Date);

    await buildNotification(t, member.id, { title: 'Newer still' });
    await runDigest();
    expect(mailsTo(member.email)).toHaveLength(1);
    expect((await settings(member.id))?.lastDigestAt).toEqual(stamped);
  });

  it('mails nobody who visited yesterday (weekly), nor anyone whose digest is off', async () => {
    const recent = await memberAway(1);
    const off = await memberAway(30, 'off');
    const fresh = await buildUser(t);
    for (const u of [recent, off, fresh]) await buildNotification(t, u.id);
    await runDigest();
    expect(mailsTo(recent.email)).toHaveLength(0);
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(fresh.email)).toHaveLength(0);
    expect(await settings(recent.id)).toBeUndefined();
    expect((await settings(off.id))?.lastDigestAt).toBeNull();
  });

  it('mails a daily member away 2 days (a weekly one stays quiet), at most once a day', async () => {
    const daily = await memberAway(2, 'daily');
    const weekly = await memberAway(2, 'weekly');
    for (const u of [daily, weekly]) await buildNotification(t, u.id, { title: 'Your order shipped' });
    await runDigest();
    expect(mailsTo(daily.email)).toHaveLength(1);
    expect(mailsTo(daily.email)[0]!.text).toContain('Your order shipped');
    expect(mailsTo(weekly.email)).toHaveLength(0);

    await runDigest();
    expect(mailsTo(daily.email)).toHaveLength(1);
    // A day later (still away) the next one goes.
    await t.db
      .update(userSettings)
      .set({ lastDigestAt: sql`now() - interval '25 hours'` })
      .where(eq(userSettings.userId, daily.id));
    await runDigest();
    expect(mailsTo(daily.email)).toHaveLength(2);
  });

  it('sends no mail when there is nothing to say, but counts the period as used', async () => {
    const member = await memberAway(8);
    await runDigest();
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await settings(member.id))?.lastDigestAt).toBeInstanceOf(Date);
  });

  it("the digest's unsubscribe link turns the digest off and nothing else", async () => {
    const member = await memberAway(8);
    await buildNotification(t, member.id);
    await runDigest();
    const [mail] = mailsTo(member.email);
    const url = unsubscribePath(mail!.headers['list-unsubscribe']!);

    const look = await t.app.inject({ method: 'GET', url });
    expect(look.json()).toEqual({
      kind: 'digest',
      unsubscribed: false,
      message: unsubscribeMessages.confirm.digest,
    });
    expect((await settings(member.id))?.digest).toBe('weekly');

    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'digest',
      unsubscribed: true,
      message: unsubscribeMessages.done.digest,
    });
    expect(await settings(member.id)).toMatchObject({
      digest: 'off',
      emailNotifications: true,
      marketplaceUpdates: true,
      securityAlerts: true,
    });

    // Even once the period has passed again, an unsubscribed member gets nothing.
    await t.db
      .update(userSettings)
      .set({ lastDigestAt: sql`now() - interval '8 days'` })
      .where(eq(userSettings.userId, member.id));
    await runDigest();
    expect(mailsTo(member.email)).toHaveLength(1);

    // The link is for the digest of that member only.
    const forged = url.replace('kind=digest', 'kind=email_notifications');
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
  });

  // Last: the forum thread it makes is the week's top thread for everyone from here on.
  it("lists the week's top threads and the period's new listings from people I follow, each linked and escaped", async () => {
    const member = await memberAway(8);
    const followed = await buildUser(t);
    const stranger = await buildUser(t);
    await t.db.insert(userFollowers).values({ followerId: member.id, followingId: followed.id });
    const fresh = await buildListing(t, { userId: followed.id, title: 'Fresh <b>aim</b> kit', price: 42 });
    await buildListing(t, {
      userId: followed.id,
      title: 'Old kit',
      createdAt: sql`now() - interval '9 days'` as never,
    });
    await buildListing(t, { userId: followed.id, title: 'Sold kit', status: 'sold' });
    await buildListing(t, { userId: stranger.id, title: 'Stranger kit' });
    const category = await buildForumCategory(t);
    const busy = await buildForumThread(t, {
      userId: stranger.id,
      categoryId: category.id,
      title: 'Busy thread',
    });
    const quiet = await buildForumThread(t, {
      userId: stranger.id,
      categoryId: category.id,
      title: 'Quiet thread',
    });
    for (let i = 0; i < 3; i++) await buildForumReply(t, { userId: stranger.id, threadId: busy.id });
    await buildForumReply(t, { userId: stranger.id, threadId: quiet.id });
    await runDigest();

    const [mail, ...more] = mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail!.text).not.toContain('unread notification');
    expect(mail!.text).toContain(`- Busy thread (3 replies): http://localhost:3000/forum/post/${busy.id}`);
    expect(mail!.text).toContain(`- Quiet thread (1 reply): http://localhost:3000/forum/post/${quiet.id}`);
    expect(mail!.text.indexOf('Busy thread')).toBeLessThan(mail!.text.indexOf('Quiet thread'));
    expect(mail!.text).toContain(
      `- Fresh <b>aim</b> kit — 42 credits: http://localhost:3000/marketplace/${fresh.id}`,
    );
    expect(mail!.html).toContain(
      `<a href="http://localhost:3000/marketplace/${fresh.id}">Fresh &lt;b&gt;aim&lt;/b&gt; kit — 42 credits</a>`,
    );
    expect(mail!.html).not.toContain('<b>aim</b>');
    for (const absent of ['Old kit', 'Sold kit', 'Stranger kit']) expect(mail!.text).not.toContain(absent);
  });
});
