import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages as m } from '../../../contract/messages.ts';
import { forumReplies, reports, socialPosts } from '../../db/schema/index.ts';
import {
  buildCheat,
  buildComment,
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildPost,
  buildSignedInUser,
} from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let author: Awaited<ReturnType<typeof buildSignedInUser>>;
let reporter: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  [author, reporter] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
});
afterAll(() => t.close());

const report = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/reports', payload, headers: cookie ? { cookie } : {} });

describe('POST /api/v1/reports', () => {
  it('needs a signed-in member', async () => {
    const l = await buildListing(t, { userId: author.id });
    const res = await report(undefined, { target: { type: 'listing', id: l.id }, reason: 'Scam' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToReport);
  });

  it('records one pending report per target type, with exactly that target set', async () => {
    const category = await buildForumCategory(t);
    const thread = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    const post = await buildPost(t, author.id);
    const targets = {
      listing: (await buildListing(t, { userId: author.id })).id,
      post: post.id,
      comment: (await buildComment(t, post.id, author.id)).id,
      thread: thread.id,
      cheat: (await buildCheat(t, { publishedBy: author.id })).id,
      reply: (
        await t.db
          .insert(forumReplies)
          .values({
            threadId: thread.id,
            userId: author.id,
            content: 'A reply to report',
            contentHtml: '<p>A reply to report</p>',
          })
          .returning()
      )[0]!.id,
    };
    const column = {
      listing: 'listingId',
      post: 'postId',
      comment: 'commentId',
      thread: 'threadId',
      cheat: 'cheatId',
      reply: 'replyId',
    };
    for (const [type, id] of Object.entries(targets)) {
      const res = await report(reporter.cookie, { target: { type, id }, reason: `  Bad ${type}  ` });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().id));
      expect(row).toMatchObject({
        userId: reporter.id,
        reason: `Bad ${type}`,
        status: 'pending',
        targetType: type,
        [column[type as keyof typeof column]]: id,
      });
      const set = ['postId', 'commentId', 'threadId', 'replyId', 'cheatId', 'listingId'].filter(
        (k) => row![k as keyof typeof row] !== null,
      );
      expect(set).toHaveLength(1);
    }
  });

  it('refuses your own content, missing content, an empty reason and an unknown type', async () => {
    const l = await buildListing(t, { userId: author.id });
    const own = await report(author.cookie, { target: { type: 'listing', id: l.id }, reason: 'Mine' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.ownContent);
    const missing = await report(reporter.cookie, {
      target: { type: 'post', id: randomUUID() },
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.targetNotFound);
    const empty = await report(reporter.cookie, { target: { type: 'listing', id: l.id }, reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toBe(m.reasonRequired);
    expect(
      (await report(reporter.cookie, { target: { type: 'user', id: l.id }, reason: 'x' })).statusCode,
    ).toBe(400);
    expect((await report(reporter.cookie, { reason: 'x' })).statusCode).toBe(400);
    expect(await t.db.select().from(reports).where(eq(reports.listingId, l.id))).toEqual([]);
  });

  it('keeps the report when the content is deleted (target id nulled, type kept)', async () => {
    const post = await buildPost(t, author.id);
    const res = await report(reporter.cookie, { target: { type: 'post', id: post.id }, reason: 'Spam' });
    await t.db.delete(socialPosts).where(eq(socialPosts.id, post.id));
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().id));
    expect(row).toMatchObject({ postId: null, targetType: 'post', status: 'pending' });
  });
});

describe('report rate limit', () => {
  it('limits reports per member', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const [a, b] = await Promise.all([buildSignedInUser(limited), buildSignedInUser(limited)]);
      const l = await buildListing(limited, { userId: a.id });
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          payload: { target: { type: 'listing', id: l.id }, reason: `r${i}` },
          headers: { cookie: b.cookie },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
