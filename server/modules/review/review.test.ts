import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, forumMessages, reviewMessages as m, messages } from '../../../contract/messages.ts';
import { reviewPageSize } from '../../../contract/review.ts';
import { siteSettingDefaults } from '../../../contract/site.ts';
import {
  auditLog,
  forumReplies,
  forumThreads,
  forumThreadUsers,
  knownDevices,
  loginEvents,
  notifications,
  profiles,
  reviewItems,
  sessions,
  socialPosts,
} from '../../db/schema/index.ts';
import { altcha } from '../../test/altcha.ts';
import {
  type BuiltUser,
  buildForumCategory,
  buildForumThread,
  buildPost,
  buildReviewItem,
  buildSignedInUser,
  buildUser,
} from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Member = BuiltUser & { cookie: string };
let admin: Member;
let moderator: Member;
let trusted: Member;
let categoryId: string;

beforeAll(async () => {
  // Rejections are mailed by the queue's worker: this file runs the workers.
  t = await buildTestApp({ env: { JOB_WORKERS: 'true' } });
  [admin, moderator, trusted] = await Promise.all([
    buildSignedInUser(t, { role: 'admin' }),
    buildSignedInUser(t, { role: 'moderator', trustLevel: 'new' }),
    buildSignedInUser(t),
  ]);
  categoryId = (await buildForumCategory(t)).id;
  // This file is about the queue: a new member's links (which the trust limits refuse by default) are let
  // through to the review rules here; modules/trust tests the limits.
  const { trust } = siteSettingDefaults;
  const open = { ...trust.limits.new, linksPerPost: 100 };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/site-settings/trust',
    headers: { cookie: admin.cookie },
    payload: { ...trust, limits: { ...trust.limits, new: open } },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const newMember = () => buildSignedInUser(t, { trustLevel: 'new' });

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie?: string,
  payload?: object,
  remoteAddress?: string,
) => t.app.inject({ method, url, payload, remoteAddress, headers: cookie ? { cookie } : {} });

/** A post as the web app sends it: with a solved challenge, which a new member's first post needs. */
const post = async (url: string, by: Member, payload: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { cookie: by.cookie, ...(await altcha(t.app, remoteAddress)) },
  });
const postThread = (by: Member, content: string, title = `Thread ${randomUUID().slice(0, 6)}`, ip?: string) =>
  post('/api/v1/forum/threads', by, { categoryId, title, content }, ip);
const postReply = (by: Member, threadId: string, content: string) =>
  post(`/api/v1/forum/threads/${threadId}/replies`, by, { content });
const postSocial = (by: Member, content: string) => post('/api/v1/posts', by, { content });

const item = async (id: string) => (await t.db.select().from(reviewItems).where(eq(reviewItems.id, id)))[0]!;
const threadsBy = (userId: string) => t.db.select().from(forumThreads).where(eq(forumThreads.userId, userId));
const notificationsOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'content_review')));

async function mailsTo(user: { email: string }) {
  await t.app.jobs.settle();
  return t.outbox.filter((mail) => mail.to === user.email);
}

async function signInFrom(user: BuiltUser, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return [res.headers['set-cookie']]
    .flat()
    .filter((c): c is string => Boolean(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function setReview(value: object) {
  const res = await call('PUT', '/api/v1/admin/site-settings/review', admin.cookie, value);
  expect(res.statusCode, res.body).toBe(200);
}

/** A held thread by a new member, and its queue item's id. */
async function heldThread(by?: Member, content = 'My first thread') {
  const author = by ?? (await newMember());
  const res = await postThread(author, content);
  expect(res.statusCode, res.body).toBe(202);
  return { author, id: res.json().id as string };
}

describe('hold or publish', () => {
  it("a new member's first thread waits for staff: 202 with the item, nothing published, nobody notified", async () => {
    const author = await newMember();
    const res = await postThread(
      author,
      `Hello @${trusted.username}, see you around`,
      'My first thread',
      '203.0.113.9',
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ id: expect.any(String), kind: 'forum_thread', status: 'pending' });
    expect(await threadsBy(author.id)).toEqual([]);
    const row = await item(res.json().id);
    expect(row).toMatchObject({
      kind: 'forum_thread',
      authorId: author.id,
      status: 'pending',
      reasons: ['first_posts'],
      ipAddress: '203.0.113.9',
      resultId: null,
      payload: {
        categoryId,
        title: 'My first thread',
        content: `Hello @${trusted.username}, see you around`,
      },
    });
    // The mention fires on approval, not now.
    expect(await notificationsOf(trusted.id, 'forum_mention')).toEqual([]);
  });

  it("a new member's replies and social posts are held too; a reply to a missing or locked thread is refused first", async () => {
    const author = await newMember();
    const thread = await buildForumThread(t, { userId: trusted.id, categoryId });
    const reply = await postReply(author, thread.id, 'First reply');
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toMatchObject({ kind: 'forum_reply', status: 'pending' });
    expect(await t.db.select().from(forumReplies).where(eq(forumReplies.userId, author.id))).toEqual([]);
    const post = await postSocial(author, 'First post');
    expect(post.statusCode, post.body).toBe(202);
    expect(post.json()).toMatchObject({ kind: 'social_post', status: 'pending' });
    expect(await t.db.select().from(socialPosts).where(eq(socialPosts.userId, author.id))).toEqual([]);

    const missing = await postReply(author, randomUUID(), 'Into the void');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(forumMessages.threadNotFound);
    const locked = await buildForumThread(t, { userId: trusted.id, categoryId, isLocked: true });
    const refused = await postReply(author, locked.id, 'Let me in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(forumMessages.threadLocked);
    const noCategory = await call('POST', '/api/v1/forum/threads', author.cookie, {
      categoryId: randomUUID(),
      title: 'Nowhere thread',
      content: 'Nowhere',
    });
    expect(noCategory.statusCode).toBe(404);
    const mine = await t.db.select().from(reviewItems).where(eq(reviewItems.authorId, author.id));
    expect(mine).toHaveLength(2);
  });

  it('a new member with review.firstPosts published posts is no longer held', async () => {
    const author = await newMember();
    const { firstPosts } = siteSettingDefaults.review;
    await buildForumThread(t, { userId: author.id, categoryId });
    for (let i = 1; i < firstPosts; i++) await buildPost(t, author.id);
    const res = await postThread(author, 'Third time lucky');
    expect(res.statusCode, res.body).toBe(201);
    expect((await threadsBy(author.id)).map((r) => r.id)).toContain(res.json().id);
  });

  it('trusted members and staff publish at once; staff even with many links and a spam domain', async () => {
    const thread = await postThread(trusted, 'A normal thread');
    expect(thread.statusCode).toBe(201);
    expect((await postSocial(trusted, 'A normal post')).statusCode).toBe(201);
    expect((await postReply(trusted, thread.json().id, 'A normal reply')).statusCode).toBe(201);
    const links = 'https://a.example https://b.example https://c.example https://d.example https://bit.ly/x';
    // The moderator is at level `new` with no posts: staff are never held.
    const byStaff = await postThread(moderator, links);
    expect(byStaff.statusCode, byStaff.body).toBe(201);
  });

  it('more than review.maxLinks links holds a trusted member’s post', async () => {
    const max = siteSettingDefaults.review.maxLinks;
    const at = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://site${i}.example/page`).join(' and ');
    expect((await postSocial(trusted, `Links: ${at(max)}`)).statusCode).toBe(201);
    const held = await postSocial(trusted, `Links: ${at(max + 1)}`);
    expect(held.statusCode, held.body).toBe(202);
    expect((await item(held.json().id)).reasons).toEqual(['links']);
  });

  it('a known spam domain (the repository’s list, or the setting’s, subdomains too) holds a post', async () => {
    const shortener = await postReply(
      trusted,
      (await buildForumThread(t, { userId: admin.id, categoryId })).id,
      'Grab it at bit.ly/free-cheats',
    );
    expect(shortener.statusCode, shortener.body).toBe(202);
    expect((await item(shortener.json().id)).reasons).toEqual(['spam_domain']);

    expect((await postSocial(trusted, 'Visit https://cheap-keys.example/deal')).statusCode).toBe(201);
    await setReview({ ...siteSettingDefaults.review, spamDomains: ['cheap-keys.example'] });
    try {
      const held = await postSocial(trusted, 'Visit https://www.cheap-keys.example/deal');
      expect(held.statusCode, held.body).toBe(202);
      expect((await item(held.json().id)).reasons).toEqual(['spam_domain']);
    } finally {
      await setReview(siteSettingDefaults.review);
    }
  });

  it('off-platform contact details hold a post (the trust module’s detector)', async () => {
    const res = await postSocial(trusted, 'add me on discord: name#1234');
    expect(res.statusCode, res.body).toBe(202);
    expect((await item(res.json().id)).reasons).toEqual(['off_platform']);
  });

  it('review.firstPosts 0 turns the first-post rule off', async () => {
    await setReview({ ...siteSettingDefaults.review, firstPosts: 0 });
    try {
      expect((await postSocial(await newMember(), 'Straight out')).statusCode).toBe(201);
    } finally {
      await setReview(siteSettingDefaults.review);
    }
  });
});

describe('GET /api/v1/me/review-items', () => {
  it('401 signed out', async () => {
    expect((await call('GET', '/api/v1/me/review-items')).statusCode).toBe(401);
  });

  it("lists only the member's own pending items, where each would go", async () => {
    const author = await newMember();
    const thread = await buildForumThread(t, { userId: trusted.id, categoryId });
    const t1 = await postThread(author, 'Pending thread body', 'Pending thread');
    const r1 = await postReply(author, thread.id, 'Pending reply');
    await heldThread(); // someone else's
    const decided = await buildReviewItem(t, { authorId: author.id, status: 'rejected' });
    const res = await call('GET', '/api/v1/me/review-items', author.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { id: string }) => i.id)).toEqual([r1.json().id, t1.json().id]);
    expect(items).not.toContainEqual(expect.objectContaining({ id: decided.id }));
    expect(items[0]).toMatchObject({
      kind: 'forum_reply',
      threadId: thread.id,
      categoryId: null,
      content: { title: null, text: 'Pending reply', imageUrl: null },
    });
    expect(items[1]).toMatchObject({
      kind: 'forum_thread',
      threadId: null,
      categoryId,
      content: { title: 'Pending thread', text: 'Pending thread body' },
    });
  });
});

describe('GET /api/v1/admin/review-items', () => {
  it('401 signed out, 403 for members, 400 for a bad status or cursor', async () => {
    expect((await call('GET', '/api/v1/admin/review-items')).statusCode).toBe(401);
    const byMember = await call('GET', '/api/v1/admin/review-items', trusted.cookie);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(m.onlyStaff);
    expect((await call('GET', '/api/v1/admin/review-items?status=maybe', moderator.cookie)).statusCode).toBe(
      400,
    );
    const badCursor = await call('GET', '/api/v1/admin/review-items?cursor=nonsense', moderator.cookie);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.message).toBe(messages.invalidCursor);
  });

  it("shows each item with its author's age, level, address, overlapping accounts, reasons and content", async () => {
    // Signed in from an address of its own: every other test member signs in from the loopback.
    const built = await buildUser(t, { trustLevel: 'new' });
    const author = { ...built, cookie: await signInFrom(built, '198.51.100.7') };
    const twin = await buildUser(t);
    const sameDevice = await buildUser(t);
    const stranger = await buildUser(t);
    await t.db.insert(loginEvents).values([
      { userId: twin.id, ipAddress: '198.51.100.7', userAgent: 'UA' },
      { userId: stranger.id, ipAddress: '198.51.100.8', userAgent: 'UA' },
    ]);
    await t.db.insert(knownDevices).values([
      { userId: author.id, device: 'Firefox on Linux', network: '192.0.2.0/24' },
      { userId: sameDevice.id, device: 'Firefox on Linux', network: '192.0.2.0/24' },
      { userId: stranger.id, device: 'Chrome on Windows', network: '192.0.2.0/24' },
    ]);
    const res = await postThread(author, 'Check <b>this</b> https://bit.ly/x', 'Look here', '203.0.113.50');
    expect(res.statusCode).toBe(202);

    const list = await call('GET', '/api/v1/admin/review-items', moderator.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().items.find((i: { id: string }) => i.id === res.json().id);
    expect(shown).toEqual({
      id: res.json().id,
      kind: 'forum_thread',
      reasons: ['first_posts', 'spam_domain'],
      status: 'pending',
      author: {
        id: author.id,
        username: author.username,
        joinedAt: expect.any(String),
        trustLevel: 'new',
        banned: false,
      },
      ipAddress: '203.0.113.50',
      overlap: {
        count: 2,
        accounts: expect.arrayContaining([
          { id: twin.id, username: twin.username },
          { id: sameDevice.id, username: sameDevice.username },
        ]),
      },
      content: { title: 'Look here', text: 'Check <b>this</b> https://bit.ly/x', imageUrl: null },
      place: { category: { id: categoryId, name: expect.any(String) }, thread: null, recipient: null },
      decision: null,
      resultId: null,
      createdAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(shown.author.joinedAt)).toBeLessThan(60 * 60 * 1000);
  });

  it('lists a flagged direct message with its recipient and excerpt', async () => {
    const sender = await buildUser(t);
    const recipient = await buildUser(t);
    const messageId = randomUUID();
    const flag = await buildReviewItem(t, {
      authorId: sender.id,
      kind: 'direct_message',
      reasons: ['off_platform'],
      resultId: messageId,
      payload: { senderId: sender.id, recipientId: recipient.id, excerpt: 'dm me on telegram @seller' },
    });
    const list = await call('GET', '/api/v1/admin/review-items', admin.cookie);
    const shown = list.json().items.find((i: { id: string }) => i.id === flag.id);
    expect(shown).toMatchObject({
      kind: 'direct_message',
      reasons: ['off_platform'],
      resultId: messageId,
      content: { title: null, text: 'dm me on telegram @seller', imageUrl: null },
      place: { category: null, thread: null, recipient: { id: recipient.id, username: recipient.username } },
    });
  });

  it('pages newest first without repeats, and filters by status', async () => {
    const author = await buildUser(t);
    for (let i = 0; i < reviewPageSize + 2; i++) await buildReviewItem(t, { authorId: author.id });
    const first = await call('GET', '/api/v1/admin/review-items', moderator.cookie);
    const page1 = first.json();
    expect(page1.items).toHaveLength(reviewPageSize);
    expect(page1.nextCursor).toBeTruthy();
    const second = await call(
      'GET',
      `/api/v1/admin/review-items?cursor=${encodeURIComponent(page1.nextCursor)}`,
      moderator.cookie,
    );
    const ids = [...page1.items, ...second.json().items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...page1.items, ...second.json().items].map((i: { createdAt: string }) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const pending = await t.db.select().from(reviewItems).where(eq(reviewItems.status, 'pending'));
    expect(ids.length).toBe(pending.length);

    const rejected = await buildReviewItem(t, { authorId: author.id, status: 'rejected' });
    const onlyRejected = await call('GET', '/api/v1/admin/review-items?status=rejected', moderator.cookie);
    expect(onlyRejected.json().items.map((i: { id: string }) => i.id)).toContain(rejected.id);
    expect(onlyRejected.json().items.every((i: { status: string }) => i.status === 'rejected')).toBe(true);
  });

  it('counts pending items for the menu badge (staff only)', async () => {
    expect((await call('GET', '/api/v1/admin/review-items/count')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/admin/review-items/count', trusted.cookie)).statusCode).toBe(403);
    const before = (await call('GET', '/api/v1/admin/review-items/count', moderator.cookie)).json().pending;
    await heldThread();
    const after = await call('GET', '/api/v1/admin/review-items/count', moderator.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json().pending).toBe(Math.min(before + 1, 100));
  });
});

const decisionRoutes = [
  ['approve', undefined],
  ['reject', { reason: 'Spam' }],
  ['reject-and-ban', { reason: 'Spam' }],
] as const;

describe('decision routes refuse', () => {
  it.each(decisionRoutes)(
    '%s: 401 signed out, 403 members, 400 bad id, 404 unknown',
    async (action, body) => {
      const { id } = await heldThread();
      const url = (itemId: string) => `/api/v1/admin/review-items/${itemId}/${action}`;
      expect((await call('POST', url(id), undefined, body)).statusCode).toBe(401);
      const byMember = await call('POST', url(id), trusted.cookie, body);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().error.message).toBe(m.onlyStaff);
      const badId = await call('POST', url('not-a-uuid'), moderator.cookie, body);
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error.message).toBe(m.notFound);
      const unknown = await call('POST', url(randomUUID()), moderator.cookie, body);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(m.notFound);
      expect((await item(id)).status).toBe('pending');
    },
  );

  it.each(['reject', 'reject-and-ban'])('%s: 400 without a reason, or with one too long', async (action) => {
    const { id } = await heldThread();
    const url = `/api/v1/admin/review-items/${id}/${action}`;
    const missing = await call('POST', url, moderator.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(m.reasonRequired);
    const blank = await call('POST', url, moderator.cookie, { reason: '   ' });
    expect(blank.json().error.message).toBe(m.reasonRequired);
    const long = await call('POST', url, moderator.cookie, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(m.reasonTooLong);
    expect((await item(id)).status).toBe('pending');
  });
});

describe('POST /api/v1/admin/review-items/:id/approve', () => {
  it('publishes a held thread through the normal path, notifies the author and mentioned members, audits, once', async () => {
    const author = await newMember();
    const res = await postThread(author, `Thanks @${trusted.username}!`, 'Approved thread');
    const id = res.json().id;
    const approved = await call('POST', `/api/v1/admin/review-items/${id}/approve`, moderator.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    const resultId = approved.json().resultId;
    expect(approved.json()).toEqual({ id, status: 'approved', resultId: expect.any(String), banned: false });

    const [thread] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, resultId));
    expect(thread).toMatchObject({ userId: author.id, categoryId, title: 'Approved thread' });
    expect(thread!.contentHtml).toContain(`/profile/${trusted.id}`);
    // The normal path: the author watches their thread, and the mention notifies now.
    const watching = await t.db
      .select()
      .from(forumThreadUsers)
      .where(and(eq(forumThreadUsers.threadId, resultId), eq(forumThreadUsers.userId, author.id)));
    expect(watching[0]?.watching).toBe(true);
    const mentions = await notificationsOf(trusted.id, 'forum_mention');
    expect(mentions.map((n) => n.data)).toContainEqual({ threadId: resultId });

    expect(await item(id)).toMatchObject({
      status: 'approved',
      decidedBy: moderator.id,
      resultId,
      decidedAt: expect.any(Date),
    });
    const told = await notificationsOf(author.id, 'content_review');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: m.approvedTitle, data: { threadId: resultId } });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(record).toMatchObject({
      actorId: moderator.id,
      action: 'review.approve',
      targetType: 'review_item',
    });

    const again = await call('POST', `/api/v1/admin/review-items/${id}/approve`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyDecided);
    const rejectLater = await call('POST', `/api/v1/admin/review-items/${id}/reject`, admin.cookie, {
      reason: 'Changed my mind',
    });
    expect(rejectLater.statusCode).toBe(409);
    expect(await threadsBy(author.id)).toHaveLength(1);
  });

  it('publishes a held reply (the thread counts it) and a held social post', async () => {
    const author = await newMember();
    const thread = await buildForumThread(t, { userId: trusted.id, categoryId });
    const reply = await postReply(author, thread.id, 'Held reply');
    const post = await postSocial(author, 'Held post');
    const r = await call('POST', `/api/v1/admin/review-items/${reply.json().id}/approve`, admin.cookie);
    expect(r.statusCode, r.body).toBe(200);
    const [replyRow] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, r.json().resultId));
    expect(replyRow).toMatchObject({ threadId: thread.id, userId: author.id, content: 'Held reply' });
    const [threadRow] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, thread.id));
    expect(threadRow!.replyCount).toBe(1);
    const p = await call('POST', `/api/v1/admin/review-items/${post.json().id}/approve`, admin.cookie);
    expect(p.statusCode, p.body).toBe(200);
    const [postRow] = await t.db.select().from(socialPosts).where(eq(socialPosts.id, p.json().resultId));
    expect(postRow).toMatchObject({ userId: author.id, content: 'Held post' });
    const told = await notificationsOf(author.id, 'content_review');
    expect(told.map((n) => n.data)).toEqual(
      expect.arrayContaining([
        { threadId: thread.id, replyId: r.json().resultId },
        { postId: p.json().resultId },
      ]),
    );
  });

  it('of two decisions at once exactly one wins; the other answers 409', async () => {
    const { id, author } = await heldThread();
    const [a, b] = await Promise.all([
      call('POST', `/api/v1/admin/review-items/${id}/approve`, moderator.cookie),
      call('POST', `/api/v1/admin/review-items/${id}/approve`, admin.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await threadsBy(author.id)).toHaveLength(1);
  });

  it('leaves the item pending when its thread is gone by then', async () => {
    const author = await newMember();
    const thread = await buildForumThread(t, { userId: trusted.id, categoryId });
    const reply = await postReply(author, thread.id, 'Too late');
    await t.db.delete(forumThreads).where(eq(forumThreads.id, thread.id));
    const res = await call('POST', `/api/v1/admin/review-items/${reply.json().id}/approve`, admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(forumMessages.threadNotFound);
    expect((await item(reply.json().id)).status).toBe('pending');
  });
});

describe('POST /api/v1/admin/review-items/:id/reject', () => {
  it('drops the post, mails the author the reason, notifies them and audits', async () => {
    const { id, author } = await heldThread(undefined, 'Buy followers cheap');
    await t.clearOutbox();
    const res = await call('POST', `/api/v1/admin/review-items/${id}/reject`, moderator.cookie, {
      reason: '  Advertising is not allowed  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'rejected', resultId: null, banned: false });
    expect(await threadsBy(author.id)).toEqual([]);
    expect(await item(id)).toMatchObject({
      status: 'rejected',
      decidedBy: moderator.id,
      decisionReason: 'Advertising is not allowed',
    });
    const mails = await mailsTo(author);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${m.rejectedTitle} — CheatMarket`);
    expect(mails[0]!.text).toContain('Reason: Advertising is not allowed');
    expect(mails[0]!.text).not.toContain('banned');
    const [told] = await notificationsOf(author.id, 'content_review');
    expect(told).toMatchObject({ title: m.rejectedTitle });
    expect(told!.content).toContain('Advertising is not allowed');
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(record).toMatchObject({ actorId: moderator.id, action: 'review.reject' });
    expect(record!.after).toMatchObject({ reason: 'Advertising is not allowed' });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, author.id)))[0]!.banned).toBe(false);
  });

  it('escapes the author’s words in the mail’s HTML', async () => {
    const author = await newMember();
    const res = await postThread(author, 'Body', '<script>alert(1)</script> title');
    await t.clearOutbox();
    await call('POST', `/api/v1/admin/review-items/${res.json().id}/reject`, admin.cookie, {
      reason: '<img src=x onerror=alert(1)>',
    });
    const [mail] = await mailsTo(author);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('a flagged direct message is dismissed or its sender banned, never plainly rejected', async () => {
    const sender = await buildUser(t);
    const flag = await buildReviewItem(t, {
      authorId: sender.id,
      kind: 'direct_message',
      reasons: ['off_platform'],
      resultId: randomUUID(),
      payload: { senderId: sender.id, recipientId: trusted.id, excerpt: 'wa.me/123' },
    });
    const res = await call('POST', `/api/v1/admin/review-items/${flag.id}/reject`, admin.cookie, {
      reason: 'No',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.messageDecisions);
    expect((await item(flag.id)).status).toBe('pending');
    const dismissed = await call('POST', `/api/v1/admin/review-items/${flag.id}/approve`, admin.cookie);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({
      id: flag.id,
      status: 'approved',
      resultId: flag.resultId,
      banned: false,
    });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, flag.id));
    expect(record!.action).toBe('review.dismiss');
    expect(await notificationsOf(sender.id, 'content_review')).toEqual([]);
  });
});

describe('POST /api/v1/admin/review-items/:id/reject-and-ban', () => {
  it('rejects, bans the author as the users screen does (sessions ended), mails the reason, audits both', async () => {
    const { id, author } = await heldThread(undefined, 'Spam spam spam');
    await t.clearOutbox();
    const res = await call('POST', `/api/v1/admin/review-items/${id}/reject-and-ban`, moderator.cookie, {
      reason: 'Spam account',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'rejected', resultId: null, banned: true });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, author.id)))[0]!.banned).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, author.id))).toEqual([]);
    expect((await call('GET', '/api/v1/me/review-items', author.cookie)).statusCode).toBe(401);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.actorId, moderator.id)))
      .filter((r) => r.targetId === id || r.targetId === author.id)
      .map((r) => r.action);
    expect(actions.sort()).toEqual(['review.reject_and_ban', 'user.ban']);
    const mail = (await mailsTo(author)).find((x) => x.subject.startsWith(m.rejectedTitle));
    expect(mail!.text).toContain('Reason: Spam account');
    expect(mail!.text).toContain('Your CheatMarket account has been banned.');
    expect(await threadsBy(author.id)).toEqual([]);
  });

  it("bans a flagged message's sender", async () => {
    const sender = await buildUser(t);
    const flag = await buildReviewItem(t, {
      authorId: sender.id,
      kind: 'direct_message',
      reasons: ['off_platform'],
      resultId: randomUUID(),
      payload: { senderId: sender.id, recipientId: trusted.id, excerpt: 'telegram @x' },
    });
    const res = await call('POST', `/api/v1/admin/review-items/${flag.id}/reject-and-ban`, moderator.cookie, {
      reason: 'Moving trades off the site',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', banned: true });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, sender.id)))[0]!.banned).toBe(true);
  });

  it('a moderator may not ban an admin: 403, and the item stays pending', async () => {
    const flag = await buildReviewItem(t, {
      authorId: admin.id,
      kind: 'direct_message',
      reasons: ['off_platform'],
      resultId: randomUUID(),
      payload: { senderId: admin.id, recipientId: trusted.id, excerpt: 'discord.gg/x' },
    });
    const res = await call('POST', `/api/v1/admin/review-items/${flag.id}/reject-and-ban`, moderator.cookie, {
      reason: 'No',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(adminMessages.moderatorBanAdmin);
    expect((await item(flag.id)).status).toBe('pending');
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.id)))[0]!.banned).toBe(false);
  });
});

describe('the review setting', () => {
  it('admins read it (its default until saved) and save it; 401, 403 for moderators, 400 per message', async () => {
    const url = '/api/v1/admin/site-settings/review';
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, moderator.cookie)).statusCode).toBe(403);
    const read = await call('GET', url, admin.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ key: 'review', value: siteSettingDefaults.review });
    const bad = await call('PUT', url, admin.cookie, {
      firstPosts: 2,
      maxLinks: 3,
      spamDomains: ['not a domain'],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Each spam domain must be a domain name like example.com');
    await setReview({ firstPosts: 5, maxLinks: 1, spamDomains: ['Spam.Example'] });
    try {
      expect((await call('GET', url, admin.cookie)).json().value).toEqual({
        firstPosts: 5,
        maxLinks: 1,
        spamDomains: ['spam.example'],
      });
    } finally {
      await setReview(siteSettingDefaults.review);
    }
  });
});
