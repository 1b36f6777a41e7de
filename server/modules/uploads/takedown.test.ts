import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, uploadMessages } from '../../../contract/messages.ts';
import {
  auditLog,
  forumReplies,
  forumThreads,
  marketplaceListings,
  socialPosts,
  uploads,
} from '../../db/schema/index.ts';
import {
  buildForumCategory,
  buildForumThread,
  buildPost,
  buildReport,
  buildSignedInUser,
  buildUpload,
  buildUser,
} from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sweepUnreferenced } from './service.ts';

/**
 * Issue 36: staff take an image down everywhere (audited, /media answers 404), a member's uploads are
 * capped per day, images nothing used are swept a day after upload, and /media is cached an hour, not a year.
 */
type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let member: Signed;
let moderator: Signed;

beforeAll(async () => {
  t = await buildTestApp();
  [member, moderator] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
  ]);
});
afterAll(() => t.close());

let hue = 0;
/** A distinct small PNG each call (a new colour), so each upload is a new row. */
const picture = (width = 64, height = 48) => {
  hue += 7;
  return sharp({ create: { width, height, channels: 3, background: { r: hue % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
};

function upload(file: Buffer, cookie: string, app = t.app) {
  const body = multipartBody(file, 'a.png', 'image/png', 'file');
  return app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}
const media = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const takeDown = (id: string, cookie?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/uploads/${id}`,
    headers: cookie ? { cookie } : {},
  });
const uploadRow = async (id: string, app = t) =>
  (await app.db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe('DELETE /api/v1/admin/uploads/:id', () => {
  it('answers 401 signed out and 403 to a member, and deletes nothing', async () => {
    const image = (await upload(await picture(), member.cookie)).json();
    const out = await takeDown(image.id);
    expect(out.statusCode).toBe(401);
    const own = await takeDown(image.id, member.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(messages.forbidden);
    expect(await uploadRow(image.id)).toBeDefined();
    expect((await media(image.url)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await takeDown('not-an-id', moderator.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(uploadMessages.notFound);
    const unknown = await takeDown('00000000-0000-4000-8000-000000000000', moderator.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(uploadMessages.notFound);
  });

  it('takes the image down everywhere: /media answers 404, the post and listing lose it, and it is audited', async () => {
    const image = (await upload(await picture(), member.cookie)).json();
    const before = await media(image.url);
    expect(before.statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      payload: { content: 'look at this', imageUrl: image.url },
      headers: { cookie: member.cookie },
    });
    expect(post.statusCode, post.body).toBe(201);
    const [listing] = await t.db
      .insert(marketplaceListings)
      .values({
        userId: member.id,
        title: 'Aimbot',
        description: 'A listing showing the image.',
        game: 'Counter-Strike 2',
        features: 'Aimbot',
        requirements: 'Windows',
        contentLink: 'https://files.example.com/x.zip',
        price: 100,
        imageUrl: image.url,
      })
      .returning();

    const res = await takeDown(image.id, moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: image.id });

    expect(await uploadRow(image.id)).toBeUndefined();
    const after = await media(image.url);
    expect(after.statusCode).toBe(404);
    expect(after.json().error.message).toBe(uploadMessages.notFound);
    const [postRow] = await t.db.select().from(socialPosts).where(eq(socialPosts.id, post.json().id));
    expect(postRow!.imageUrl).toBeNull();
    const [listingRow] = await t.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing!.id));
    expect(listingRow!.imageUrl).toBeNull();

    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.delete'), eq(auditLog.targetId, image.id)));
    expect(record).toMatchObject({
      actorId: moderator.id,
      targetType: 'upload',
      before: { userId: member.id, mime: 'image/png' },
      after: { deleted: true, cleared: { posts: 1, listings: 1, products: 0 } },
    });
    expect((record!.before as { bytes: number }).bytes).toBeGreaterThan(0);

    // Twice: the second finds nothing.
    expect((await takeDown(image.id, moderator.cookie)).statusCode).toBe(404);
  });
});

describe('the admin reports list shows the images of reported content', () => {
  it("lists a post's image and the images in a thread's text, and no longer those taken down", async () => {
    const admin = await buildSignedInUser(t, { role: 'admin' });
    const reporter = await buildUser(t);
    const a = await buildUpload(t, { userId: member.id });
    const b = await buildUpload(t, { userId: member.id, mime: 'image/png' });
    const post = await buildPost(t, member.id, { content: 'see', imageUrl: a.url });
    const category = await buildForumCategory(t);
    const thread = await buildForumThread(t, {
      userId: member.id,
      categoryId: category.id,
      content: `First ![one](${a.url}) then ![two](${b.url}) and ![one again](${a.url})`,
    });
    const onPost = await buildReport(t, { userId: reporter.id, targetType: 'post', postId: post.id });
    const onThread = await buildReport(t, {
      userId: reporter.id,
      targetType: 'thread',
      threadId: thread.id,
    });
    const imagesByReport = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/reports',
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(200);
      return new Map(
        (res.json().items as { id: string; target: { images: unknown } }[]).map((r) => [
          r.id,
          r.target.images,
        ]),
      );
    };
    const before = await imagesByReport();
    expect(before.get(onPost.id)).toEqual([{ id: a.id, url: a.url }]);
    expect(before.get(onThread.id)).toEqual([
      { id: a.id, url: a.url },
      { id: b.id, url: b.url },
    ]);
    // Taken down: gone from the post (its field emptied) and from the thread's list (the text keeps the address).
    expect((await takeDown(a.id, admin.cookie)).statusCode).toBe(200);
    const after = await imagesByReport();
    expect(after.get(onPost.id)).toEqual([]);
    expect(after.get(onThread.id)).toEqual([{ id: b.id, url: b.url }]);
  });
});

describe('the daily upload quota', () => {
  it("refuses past the member's daily bytes with 429, what they uploaded and the limit, and Retry-After", async () => {
    const small = await buildTestApp({ env: { UPLOAD_DAILY_BYTES: String(10 * 1024) } });
    try {
      const user = await buildSignedInUser(small);
      await buildUpload(small, {
        userId: user.id,
        bytes: 9000,
        createdAt: new Date(Date.now() - 3600 * 1000),
      });
      const solid = await picture(64, 48);
      const first = await upload(solid, user.cookie, small.app);
      expect(first.statusCode, first.body).toBe(200);
      const stored = await uploadRow(first.json().id, small);
      // The size is filled on insert: the quota counts it.
      expect(stored!.bytes).toBe(stored!.data!.length);
      expect(stored!.bytes).toBeLessThan(1000);
      // 64 x 64 of noise stays a PNG of about 12 KB: past the 10 KB.
      const noise = await sharp(randomBytes(64 * 64 * 3), {
        raw: { width: 64, height: 64, channels: 3 },
      })
        .png()
        .toBuffer();
      const refused = await upload(noise, user.cookie, small.app);
      expect(refused.statusCode).toBe(429);
      const used = 9000 + stored!.bytes;
      const message = uploadMessages.dailyQuota(`${Math.ceil(used / 1024)} KB`, '10 KB');
      expect(refused.json().error).toMatchObject({ message, fields: { file: message } });
      expect(message).toMatch(/^You've uploaded \d+ KB today; the daily limit is 10 KB/);
      // Until the oldest upload of the day (an hour old) is a day old.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(22 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
      expect(await small.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(2);
      // The same bytes again are the same image: answered as before, nothing new stored.
      const again = await upload(solid, user.cookie, small.app);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
    } finally {
      await small.close();
    }
  });

  it('counts only the last 24 hours, and refuses before decoding once the limit is reached', async () => {
    const small = await buildTestApp({ env: { UPLOAD_DAILY_BYTES: '5000' } });
    try {
      const user = await buildSignedInUser(small);
      // 5000 bytes yesterday: outside the window.
      await buildUpload(small, {
        userId: user.id,
        bytes: 5000,
        createdAt: new Date(Date.now() - 25 * 3600 * 1000),
      });
      const ok = await upload(await picture(16, 16), user.cookie, small.app);
      expect(ok.statusCode, ok.body).toBe(200);
      // 5000 bytes an hour ago: at the limit, anything more is refused (even a file that is no image).
      await buildUpload(small, {
        userId: user.id,
        bytes: 5000,
        createdAt: new Date(Date.now() - 3600 * 1000),
      });
      const body = multipartBody(Buffer.from('not an image'), 'a.png', 'image/png', 'file');
      const refused = await small.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        payload: body.payload,
        headers: { ...body.headers, cookie: user.cookie },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(uploadMessages.dailyQuota('5 KB', '5 KB'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(22 * 3600);
    } finally {
      await small.close();
    }
  });
});

describe('unused uploads are swept a day after upload', () => {
  it('deletes old unreferenced uploads and keeps referenced and young ones', async () => {
    const owner = await buildUser(t);
    const day = 24 * 3600 * 1000;
    const old = await buildUpload(t, { userId: owner.id, createdAt: new Date(Date.now() - day - 60_000) });
    const oldUsed = await buildUpload(t, {
      userId: owner.id,
      createdAt: new Date(Date.now() - 3 * day),
      referencedAt: new Date(Date.now() - 3 * day),
    });
    const young = await buildUpload(t, { userId: owner.id, createdAt: new Date(Date.now() - day + 60_000) });
    const deleted = await sweepUnreferenced(t.db, undefined);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(old.id)).toBeUndefined();
    expect(await uploadRow(oldUsed.id)).toBeDefined();
    expect(await uploadRow(young.id)).toBeDefined();
    expect((await media(old.url)).statusCode).toBe(404);
  });

  it('marks an upload used when a post, listing, thread or reply that shows it is saved', async () => {
    const ids: Record<string, string> = {};
    for (const name of ['post', 'listing', 'listingEdit', 'thread', 'reply', 'unused']) {
      const res = await upload(await picture(), member.cookie);
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().id;
      expect((await uploadRow(res.json().id))!.referencedAt).toBeNull();
    }
    const url = (name: string) => `/media/${ids[name]}.png`;
    const call = (method: 'POST' | 'PATCH', path: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1${path}`, payload, headers: { cookie: member.cookie } });
    expect((await call('POST', '/posts', { content: 'x', imageUrl: url('post') })).statusCode).toBe(201);
    const listing = {
      title: 'Aimbot for CS2',
      game: 'Counter-Strike 2',
      type: 'cheat',
      detectionStatus: 'undetected',
      features: 'Aimbot',
      requirements: 'Windows',
      description: 'A private aimbot with humanised movement.',
      contentLink: 'https://files.example.com/secret.zip',
      price: 250,
    };
    const created = await call('POST', '/listings', { ...listing, imageUrl: url('listing') });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await call('PATCH', `/listings/${created.json().id}`, {
      title: listing.title,
      description: listing.description,
      price: listing.price,
      imageUrl: url('listingEdit'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const category = await buildForumCategory(t);
    const thread = await call('POST', '/forum/threads', {
      categoryId: category.id,
      title: 'Screenshots',
      content: `Here: ![shot](${url('thread')})`,
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const reply = await call('POST', `/forum/threads/${thread.json().id}/replies`, {
      content: `And ![this](${url('reply')}) one`,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    for (const name of ['post', 'listing', 'listingEdit', 'thread', 'reply'])
      expect((await uploadRow(ids[name]!))!.referencedAt, name).toBeInstanceOf(Date);
    expect((await uploadRow(ids.unused!))!.referencedAt).toBeNull();
    // The saved thread and reply are what the sweep now leaves alone.
    const [saved] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, thread.json().id));
    expect(saved!.content).toContain(ids.thread);
    const [savedReply] = await t.db
      .select()
      .from(forumReplies)
      .where(eq(forumReplies.threadId, thread.json().id))
      .orderBy(desc(forumReplies.createdAt));
    expect(savedReply!.content).toContain(ids.reply);
  });
});

describe('GET /media caching', () => {
  it('is cached an hour with an ETag, and revalidates with a 304 without the bytes', async () => {
    const image = (await upload(await picture(), member.cookie)).json();
    const res = await media(image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const row = await uploadRow(image.id);
    expect(res.headers.etag).toBe(`"${row!.sha256}"`);
    const again = await media(image.url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await media(image.url, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(Buffer.compare(other.rawPayload, row!.data!)).toBe(0);
  });
});
