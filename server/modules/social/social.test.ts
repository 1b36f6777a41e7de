import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, socialMessages } from '../../../contract/messages.ts';
import type { Comment, Post, PostPage, Stats } from '../../../contract/social.ts';
import { postLikes, profiles, socialComments, socialPosts } from '../../db/schema/index.ts';
import { buildCheat, buildComment, buildPost, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof buildSignedInUser>>;
let bob: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildSignedInUser(t);
  bob = await buildSignedInUser(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const readPost = async (id: string) =>
  (await t.db.select().from(socialPosts).where(eq(socialPosts.id, id)))[0];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('GET /api/v1/posts', () => {
  it('is for members only', async () => {
    const res = await call('GET', '/posts');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(socialMessages.loginToViewPosts);
  });

  it('rejects an unknown tab and a forged cursor', async () => {
    expect((await call('GET', '/posts?tab=popular', alice.cookie)).statusCode).toBe(400);
    for (const cursor of [
      'not!base64',
      Buffer.from('12.not-a-uuid').toString('base64url'),
      'a'.repeat(300),
    ]) {
      const res = await call('GET', `/posts?cursor=${cursor}`, alice.cookie);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toBe(socialMessages.invalidCursor);
    }
  });

  it('for-you lists everyone newest first, with author, counts, liked-by-me and following-author', async () => {
    const author = await buildUser(t);
    const older = await buildPost(t, author.id, {
      createdAt: minutesAgo(-2),
      imageUrl: 'https://img.example.com/a.png',
    });
    const newer = await buildPost(t, bob.id, { createdAt: minutesAgo(-3) });
    await call('PUT', `/posts/${older.id}/like`, alice.cookie);
    await call('PUT', `/users/${author.id}/follow`, alice.cookie);
    await buildComment(t, older.id, bob.id);

    const res = await call('GET', '/posts?tab=for-you', alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PostPage>();
    expect(page.items.slice(0, 2).map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(page.items[1]).toEqual({
      id: older.id,
      content: older.content,
      imageUrl: 'https://img.example.com/a.png',
      createdAt: older.createdAt.toISOString(),
      likeCount: 1,
      commentCount: 1,
      likedByMe: true,
      followingAuthor: true,
      author: { id: author.id, username: author.username, avatarUrl: null, role: 'user' },
    } satisfies Post);
    expect(page.items[0]).toMatchObject({ likedByMe: false, followingAuthor: false, likeCount: 0 });
  });

  it('following shows only posts by members I follow', async () => {
    const viewer = await buildSignedInUser(t);
    const followed = await buildUser(t);
    const stranger = await buildUser(t);
    const mine = await buildPost(t, followed.id);
    await buildPost(t, stranger.id);
    const empty = await call('GET', '/posts?tab=following', viewer.cookie);
    expect(empty.json<PostPage>()).toEqual({ items: [], nextCursor: null });
    await call('PUT', `/users/${followed.id}/follow`, viewer.cookie);
    const page = (await call('GET', '/posts?tab=following', viewer.cookie)).json<PostPage>();
    expect(page.items.map((p) => p.id)).toEqual([mine.id]);
    expect(page.items[0]!.followingAuthor).toBe(true);
  });

  it('pages by keyset without gaps or repeats, even for posts made in the same instant', async () => {
    const viewer = await buildSignedInUser(t);
    const author = await buildUser(t);
    await call('PUT', `/users/${author.id}/follow`, viewer.cookie);
    const at = minutesAgo(60);
    const made = new Set<string>();
    for (let i = 0; i < 25; i++) made.add((await buildPost(t, author.id, { createdAt: at })).id);
    const first = (await call('GET', '/posts?tab=following', viewer.cookie)).json<PostPage>();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await call('GET', `/posts?tab=following&cursor=${first.nextCursor}`, viewer.cookie)
    ).json<PostPage>();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(seen)).toEqual(made);
    expect(seen).toHaveLength(25);
  });

  it('costs the same number of SQL statements for a page of 1 post and a page of 20', async () => {
    const viewer = await buildSignedInUser(t);
    const author = await buildUser(t);
    await call('PUT', `/users/${author.id}/follow`, viewer.cookie);
    await buildPost(t, author.id);
    const one = await countStatements(t.database, () => call('GET', '/posts?tab=following', viewer.cookie));
    expect(one.result.json<PostPage>().items).toHaveLength(1);
    for (let i = 0; i < 24; i++) {
      const post = await buildPost(t, author.id);
      await t.db.insert(postLikes).values({ postId: post.id, userId: author.id });
      await buildComment(t, post.id, author.id);
    }
    const twenty = await countStatements(t.database, () =>
      call('GET', '/posts?tab=following', viewer.cookie),
    );
    expect(twenty.result.json<PostPage>().items).toHaveLength(20);
    expect(twenty.statements.length).toBe(one.statements.length);
    // The page itself is one statement; the rest is the session lookup, the same for any request.
    const feedStatements = twenty.statements.filter((s) => s.includes('"social_posts"'));
    expect(feedStatements).toHaveLength(1);
    console.info(`GET /posts: ${one.statements.length} statements for 1 post and for 20 (1 for the page)`);
  });
});

describe('POST /api/v1/posts', () => {
  it('requires a session', async () => {
    const res = await call('POST', '/posts', undefined, { content: 'hello' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(socialMessages.loginToPost);
  });

  it('answers each validation message and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, socialMessages.contentRequired],
      [{ content: '   ' }, socialMessages.contentRequired],
      [{ content: 'x'.repeat(2001) }, socialMessages.contentTooLong],
      [{ content: 'ok', imageUrl: 'javascript:alert(1)' }, socialMessages.imageUrlInvalid],
      [{ content: 'ok', imageUrl: 'ftp://example.com/a.png' }, socialMessages.imageUrlInvalid],
      [{ content: 'ok', imageUrl: 'not a url' }, socialMessages.imageUrlInvalid],
      [
        { content: 'ok', imageUrl: `https://example.com/${'a'.repeat(2100)}` },
        socialMessages.imageUrlInvalid,
      ],
    ];
    const member = await buildSignedInUser(t);
    for (const [payload, message] of cases) {
      const res = await call('POST', '/posts', member.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const [n] = await t.db.select({ n: count() }).from(socialPosts).where(eq(socialPosts.userId, member.id));
    expect(n!.n).toBe(0);
  });

  it('creates a trimmed post as the caller (never a user id from the body)', async () => {
    const res = await call('POST', '/posts', alice.cookie, {
      content: '  <b>Hello</b> world  ',
      imageUrl: ' https://img.example.com/x.png ',
      userId: bob.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<Post>();
    expect(post).toMatchObject({
      content: '<b>Hello</b> world',
      imageUrl: 'https://img.example.com/x.png',
      likeCount: 0,
      author: { id: alice.id, username: alice.username },
    });
    expect(await readPost(post.id)).toMatchObject({
      userId: alice.id,
      content: '<b>Hello</b> world',
      imageUrl: 'https://img.example.com/x.png',
    });
    const noImage = await call('POST', '/posts', alice.cookie, { content: 'plain', imageUrl: '' });
    expect((await readPost(noImage.json<Post>().id))!.imageUrl).toBeNull();
  });

  it('is rate limited per member', async () => {
    const strict = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const member = await buildSignedInUser(strict);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/posts',
          headers: { cookie: member.cookie },
          payload: { content: `post ${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
      expect(codes[10]).toBe(429);
      const [n] = await strict.db.select({ n: count() }).from(socialPosts);
      expect(n!.n).toBe(10);
    } finally {
      await strict.close();
    }
  });
});

describe('DELETE /api/v1/posts/:id', () => {
  it('requires a session, 404s unknown posts and 400s malformed ids', async () => {
    const post = await buildPost(t, alice.id);
    expect((await call('DELETE', `/posts/${post.id}`)).statusCode).toBe(401);
    const missing = await call('DELETE', `/posts/${randomUUID()}`, alice.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(socialMessages.postNotFound);
    expect((await call('DELETE', '/posts/abc', alice.cookie)).statusCode).toBe(400);
    expect(await readPost(post.id)).toBeDefined();
  });

  it('lets only the author delete, staff included', async () => {
    const post = await buildPost(t, alice.id);
    const admin = await buildSignedInUser(t, { role: 'admin' });
    for (const cookie of [bob.cookie, admin.cookie]) {
      const res = await call('DELETE', `/posts/${post.id}`, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(socialMessages.deleteOwnPosts);
    }
    expect(await readPost(post.id)).toBeDefined();
  });

  it('deletes the post with its likes and comments', async () => {
    const post = await buildPost(t, alice.id);
    await call('PUT', `/posts/${post.id}/like`, bob.cookie);
    await buildComment(t, post.id, bob.id);
    const res = await call('DELETE', `/posts/${post.id}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(await readPost(post.id)).toBeUndefined();
    expect(await t.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(0);
    expect(await t.db.select().from(socialComments).where(eq(socialComments.postId, post.id))).toHaveLength(
      0,
    );
  });
});

describe('PUT/DELETE /api/v1/posts/:id/like', () => {
  it('requires a session and an existing post', async () => {
    const post = await buildPost(t, alice.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, `/posts/${post.id}/like`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(socialMessages.loginToLike);
      const missing = await call(method, `/posts/${randomUUID()}/like`, bob.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(socialMessages.postNotFound);
      expect((await call(method, '/posts/nope/like', bob.cookie)).statusCode).toBe(400);
    }
    expect((await readPost(post.id))!.likeCount).toBe(0);
  });

  it('is idempotent: one like per member, and the count never goes below 0', async () => {
    const post = await buildPost(t, alice.id);
    const likes = () => t.db.select().from(postLikes).where(eq(postLikes.postId, post.id));
    expect((await call('PUT', `/posts/${post.id}/like`, bob.cookie)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await call('PUT', `/posts/${post.id}/like`, bob.cookie)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await call('PUT', `/posts/${post.id}/like`, alice.cookie)).json()).toEqual({
      liked: true,
      likeCount: 2,
    });
    expect(await likes()).toHaveLength(2);
    expect((await readPost(post.id))!.likeCount).toBe(2);
    expect((await call('DELETE', `/posts/${post.id}/like`, bob.cookie)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await call('DELETE', `/posts/${post.id}/like`, bob.cookie)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    await call('DELETE', `/posts/${post.id}/like`, alice.cookie);
    expect((await call('DELETE', `/posts/${post.id}/like`, alice.cookie)).json().likeCount).toBe(0);
    expect((await readPost(post.id))!.likeCount).toBe(0);
    expect(await likes()).toHaveLength(0);
  });

  it('keeps the count exact under concurrent likes', async () => {
    const post = await buildPost(t, alice.id);
    const members = await Promise.all(Array.from({ length: 5 }, () => buildSignedInUser(t)));
    await Promise.all(
      members.flatMap((m) => [
        call('PUT', `/posts/${post.id}/like`, m.cookie),
        call('PUT', `/posts/${post.id}/like`, m.cookie),
      ]),
    );
    expect((await readPost(post.id))!.likeCount).toBe(5);
    const [n] = await t.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, post.id));
    expect(n!.n).toBe(5);
  });
});

describe('GET /api/v1/posts/:id/comments', () => {
  it('requires a session and an existing post', async () => {
    const post = await buildPost(t, alice.id);
    expect((await call('GET', `/posts/${post.id}/comments`)).statusCode).toBe(401);
    const missing = await call('GET', `/posts/${randomUUID()}/comments`, bob.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(socialMessages.postNotFound);
  });

  it('lists comments oldest first with their authors', async () => {
    const post = await buildPost(t, alice.id);
    const second = await buildComment(t, post.id, alice.id, { createdAt: minutesAgo(1) });
    const first = await buildComment(t, post.id, bob.id, { createdAt: minutesAgo(5) });
    const res = await call('GET', `/posts/${post.id}/comments`, bob.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Comment[]; nextCursor: string | null }>();
    expect(page.items.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(page.items[0]!.author).toEqual({
      id: bob.id,
      username: bob.username,
      avatarUrl: null,
      role: 'user',
    });
    expect(page.nextCursor).toBeNull();
  });
});

describe('POST /api/v1/posts/:id/comments', () => {
  it('requires a session', async () => {
    const post = await buildPost(t, alice.id);
    const res = await call('POST', `/posts/${post.id}/comments`, undefined, { content: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(socialMessages.loginToComment);
  });

  it('refuses empty and oversized comments, and unknown posts', async () => {
    const post = await buildPost(t, alice.id);
    for (const payload of [{}, { content: '' }, { content: '  \n ' }]) {
      const res = await call('POST', `/posts/${post.id}/comments`, bob.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(socialMessages.commentEmpty);
    }
    const long = await call('POST', `/posts/${post.id}/comments`, bob.cookie, { content: 'x'.repeat(1001) });
    expect(long.json().error.message).toBe(socialMessages.commentTooLong);
    const missing = await call('POST', `/posts/${randomUUID()}/comments`, bob.cookie, { content: 'hi' });
    expect(missing.statusCode).toBe(404);
    expect((await readPost(post.id))!.commentCount).toBe(0);
  });

  it('adds a trimmed comment and counts it on the post', async () => {
    const post = await buildPost(t, alice.id);
    const res = await call('POST', `/posts/${post.id}/comments`, bob.cookie, { content: '  nice post  ' });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json<Comment>();
    expect(comment).toMatchObject({ postId: post.id, content: 'nice post', author: { id: bob.id } });
    const [row] = await t.db.select().from(socialComments).where(eq(socialComments.id, comment.id));
    expect(row).toMatchObject({ userId: bob.id, content: 'nice post' });
    expect((await readPost(post.id))!.commentCount).toBe(1);
  });
});

describe('DELETE /api/v1/comments/:id', () => {
  it('requires a session, lets only the author delete, 404s unknown comments', async () => {
    const post = await buildPost(t, alice.id);
    const comment = await buildComment(t, post.id, bob.id);
    expect((await call('DELETE', `/comments/${comment.id}`)).statusCode).toBe(401);
    // Even the post's author cannot delete someone else's comment.
    const forbidden = await call('DELETE', `/comments/${comment.id}`, alice.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(socialMessages.deleteOwnComments);
    const missing = await call('DELETE', `/comments/${randomUUID()}`, bob.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(socialMessages.commentNotFound);
    expect((await readPost(post.id))!.commentCount).toBe(1);
  });

  it('deletes my comment and lowers the post count', async () => {
    const post = await buildPost(t, alice.id);
    const comment = await buildComment(t, post.id, bob.id);
    const res = await call('DELETE', `/comments/${comment.id}`, bob.cookie);
    expect(res.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(socialComments)
        .where(and(eq(socialComments.id, comment.id), eq(socialComments.postId, post.id))),
    ).toHaveLength(0);
    expect((await readPost(post.id))!.commentCount).toBe(0);
  });
});

describe('GET /api/v1/users/:id/posts', () => {
  it("is public: a member's posts with like counts, newest first", async () => {
    const author = await buildUser(t);
    const a = await buildPost(t, author.id, { createdAt: minutesAgo(10) });
    const b = await buildPost(t, author.id, { createdAt: minutesAgo(5) });
    await buildPost(t, bob.id);
    await call('PUT', `/posts/${a.id}/like`, bob.cookie);
    const res = await call('GET', `/users/${author.id}/posts`);
    expect(res.statusCode).toBe(200);
    const page = res.json<PostPage>();
    expect(page.items.map((p) => [p.id, p.likeCount, p.likedByMe])).toEqual([
      [b.id, 0, false],
      [a.id, 1, false],
    ]);
    const asBob = (await call('GET', `/users/${author.id}/posts`, bob.cookie)).json<PostPage>();
    expect(asBob.items[1]!.likedByMe).toBe(true);
  });

  it('404s an unknown member; a member without posts has an empty page', async () => {
    const res = await call('GET', `/users/${randomUUID()}/posts`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(socialMessages.profileNotFound);
    const quiet = await buildUser(t);
    expect((await call('GET', `/users/${quiet.id}/posts`)).json()).toEqual({ items: [], nextCursor: null });
  });
});

describe('GET /api/v1/stats', () => {
  it('is public: member and post counts, cheat downloads, the 5 latest posts', async () => {
    const res = await call('GET', '/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json<Stats>();
    const [members] = await t.db.select({ n: count() }).from(profiles);
    const [posts] = await t.db.select({ n: count() }).from(socialPosts);
    expect(stats.members).toBe(members!.n);
    expect(stats.posts).toBe(posts!.n);
    expect(stats.downloads).toBe(0);
    expect(stats.latestPosts).toHaveLength(5);
    await buildCheat(t, { downloads: 7 });
    await buildCheat(t, { downloads: 5 });
    expect((await call('GET', '/stats')).json<Stats>().downloads).toBe(12);
    const newest = await buildPost(t, alice.id, { content: 'y'.repeat(400), createdAt: minutesAgo(-60) });
    const again = (await call('GET', '/stats')).json<Stats>();
    expect(again.posts).toBe(stats.posts + 1);
    expect(again.latestPosts[0]).toEqual({
      id: newest.id,
      excerpt: 'y'.repeat(300),
      createdAt: newest.createdAt.toISOString(),
      author: { id: alice.id, username: alice.username, avatarUrl: null },
    });
  });
});

describe('bad input never reaches a 5xx nor writes', () => {
  const huge = 'x'.repeat(200_000);
  const bodies: [string, string][] = [
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['broken JSON', '{"content": '],
    ['nested objects', JSON.stringify({ content: { $gt: '' }, imageUrl: ['a'] })],
    ['huge strings', JSON.stringify({ content: huge, imageUrl: `https://a.com/${huge}` })],
    ['wrong types', JSON.stringify({ content: 5, imageUrl: true })],
  ];
  it.each(bodies)('POST /posts and POST /posts/:id/comments with %s', async (_name, payload) => {
    const post = await buildPost(t, alice.id);
    const before = (await t.db.select({ n: count() }).from(socialPosts))[0]!.n;
    for (const url of ['/api/v1/posts', `/api/v1/posts/${post.id}/comments`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: bob.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect((await t.db.select({ n: count() }).from(socialPosts))[0]!.n).toBe(before);
    expect((await readPost(post.id))!.commentCount).toBe(0);
  });

  it('unauthenticated messages stay the generic one for deletes', async () => {
    const res = await call('DELETE', `/comments/${randomUUID()}`);
    expect(res.json().error.message).toBe(messages.unauthenticated);
  });
});
