import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumReplyPageSize, forumThreadPageSize } from '../../../contract/forum.ts';
import { forumMessages as m, messages } from '../../../contract/messages.ts';
import { forumCategories, forumReplies, forumThreads, forumVotes } from '../../db/schema/index.ts';
import { buildForumCategory, buildForumThread, buildSignedInUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureDefaultCategories } from './queries/categories.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
let moderator: Awaited<ReturnType<typeof buildSignedInUser>>;
let member: Awaited<ReturnType<typeof buildSignedInUser>>;
let other: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator, member, other] = await Promise.all([
    buildSignedInUser(t, { role: 'admin' }),
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t),
    buildSignedInUser(t),
  ]);
});
afterAll(() => t.close());

const statementsOf = async (fn: () => Promise<unknown>) =>
  (await countStatements(t.database, fn)).statements.length;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const readThread = async (id: string) =>
  (await t.db.select().from(forumThreads).where(eq(forumThreads.id, id)))[0];

describe('GET /api/v1/forum/categories', () => {
  it('has the default categories, seeded once, in their order', async () => {
    const res = await call('GET', '/api/v1/forum/categories');
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((c: { name: string }) => c.name);
    expect(names.slice(0, 4)).toEqual([
      'General Discussion',
      'Cheat Support',
      'Game Updates',
      'Marketplace Talk',
    ]);
    await ensureDefaultCategories(t.db);
    expect((await call('GET', '/api/v1/forum/categories')).json().items).toHaveLength(names.length);
  });
});

describe('admin forum categories', () => {
  it('admins add and delete categories; others are refused', async () => {
    const body = { name: `Cat ${randomUUID().slice(0, 6)}`, description: 'About things' };
    expect((await call('POST', '/api/v1/admin/forum/categories', undefined, body)).statusCode).toBe(401);
    const byMod = await call('POST', '/api/v1/admin/forum/categories', moderator.cookie, body);
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsCategories);
    const empty = await call('POST', '/api/v1/admin/forum/categories', admin.cookie, { name: ' ' });
    expect(empty.json().error.message).toBe(m.categoryNameRequired);
    const res = await call('POST', '/api/v1/admin/forum/categories', admin.cookie, body);
    expect(res.statusCode).toBe(201);
    const dup = await call('POST', '/api/v1/admin/forum/categories', admin.cookie, {
      name: body.name.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(m.categoryNameTaken);
    const url = `/api/v1/admin/forum/categories/${res.json().id}`;
    expect((await call('DELETE', url, moderator.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', url, admin.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(forumCategories).where(eq(forumCategories.id, res.json().id))).toEqual(
      [],
    );
    expect((await call('DELETE', url, admin.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/forum/threads', () => {
  it('requires a session', async () => {
    const cat = await buildForumCategory(t);
    const res = await call('POST', '/api/v1/forum/threads', undefined, {
      categoryId: cat.id,
      title: 'Hello world',
      content: 'Hi',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToPost);
  });

  it.each([
    [{ title: 'abcd' }, 'title', m.titleTooShort],
    [{ title: '  abcd   ' }, 'title', m.titleTooShort],
    [{ title: 'x'.repeat(101) }, 'title', m.titleTooLong],
    [{ content: '' }, 'content', m.contentRequired],
    [{ content: '   ' }, 'content', m.contentRequired],
    [{ content: 'x'.repeat(10_001) }, 'content', m.contentTooLong],
    [{ categoryId: 'nope' }, 'categoryId', m.categoryNotFound],
  ])('refuses %o', async (patch, field, message) => {
    const cat = await buildForumCategory(t);
    const res = await call('POST', '/api/v1/forum/threads', member.cookie, {
      categoryId: cat.id,
      title: 'A fine title',
      content: 'Body',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await t.db.select().from(forumThreads).where(eq(forumThreads.categoryId, cat.id))).toEqual([]);
  });

  it('answers 404 for an unknown category', async () => {
    const res = await call('POST', '/api/v1/forum/threads', member.cookie, {
      categoryId: randomUUID(),
      title: 'A fine title',
      content: 'Body',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.categoryNotFound);
  });

  it('starts a thread and counts it in its category', async () => {
    const cat = await buildForumCategory(t);
    const res = await call('POST', '/api/v1/forum/threads', member.cookie, {
      categoryId: cat.id,
      title: '  How do I set up ESP?  ',
      content: 'Line one\nhttps://example.com <b>bold</b>',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'How do I set up ESP?',
      author: { id: member.id, username: member.username },
      category: { id: cat.id, name: cat.name },
      upvotes: 0,
      downvotes: 0,
      replyCount: 0,
      myVote: 0,
    });
    const row = (await readThread(res.json().id))!;
    expect(row).toMatchObject({ userId: member.id, content: 'Line one\nhttps://example.com <b>bold</b>' });
    const [category] = await t.db.select().from(forumCategories).where(eq(forumCategories.id, cat.id));
    expect(category!.threadCount).toBe(1);
  });
});

describe('GET /api/v1/forum/threads', () => {
  it('lists a category by latest activity, keyset-paged, in constant statements', async () => {
    const cat = await buildForumCategory(t);
    const base = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < forumThreadPageSize + 2; i++) {
      made.push(
        await buildForumThread(t, {
          categoryId: cat.id,
          userId: member.id,
          lastActivityAt: new Date(base + i * 1000),
        }),
      );
    }
    const first = (await call('GET', `/api/v1/forum/threads?categoryId=${cat.id}`)).json();
    expect(first.items).toHaveLength(forumThreadPageSize);
    expect(first.items[0].id).toBe(made.at(-1)!.id);
    const second = (
      await call(
        'GET',
        `/api/v1/forum/threads?categoryId=${cat.id}&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect(second.nextCursor).toBeNull();

    // A reply moves its thread to the top.
    await call('POST', `/api/v1/forum/threads/${made[0]!.id}/replies`, other.cookie, { content: 'bump' });
    const after = (await call('GET', `/api/v1/forum/threads?categoryId=${cat.id}`)).json();
    expect(after.items[0]).toMatchObject({ id: made[0]!.id, replyCount: 1 });

    const emptyCat = await buildForumCategory(t);
    const full = await statementsOf(() => call('GET', `/api/v1/forum/threads?categoryId=${cat.id}`));
    const none = await statementsOf(() => call('GET', `/api/v1/forum/threads?categoryId=${emptyCat.id}`));
    // One statement for a page; an empty page also looks the category up (empty, or none: 404).
    expect(full).toBe(1);
    expect(none).toBe(2);
  });

  it('answers 404 for an unknown category and 400 for a bad one', async () => {
    const res = await call('GET', `/api/v1/forum/threads?categoryId=${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.categoryNotFound);
    expect((await call('GET', '/api/v1/forum/threads?categoryId=x')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/forum/threads')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/forum/threads/:id', () => {
  it("returns the thread with the viewer's vote; 404 and 400 otherwise", async () => {
    const cat = await buildForumCategory(t);
    const th = await buildForumThread(t, { categoryId: cat.id, userId: member.id });
    await call('PUT', `/api/v1/forum/threads/${th.id}/vote`, other.cookie, { value: -1 });
    const visitor = (await call('GET', `/api/v1/forum/threads/${th.id}`)).json();
    expect(visitor).toMatchObject({ id: th.id, content: th.content, downvotes: 1, myVote: 0 });
    expect((await call('GET', `/api/v1/forum/threads/${th.id}`, other.cookie)).json().myVote).toBe(-1);
    const missing = await call('GET', `/api/v1/forum/threads/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.threadNotFound);
    expect((await call('GET', '/api/v1/forum/threads/zzz')).statusCode).toBe(400);
  });
});

describe('replies', () => {
  it('members reply; replies list oldest first, keyset-paged', async () => {
    const cat = await buildForumCategory(t);
    const th = await buildForumThread(t, { categoryId: cat.id, userId: member.id });
    const url = `/api/v1/forum/threads/${th.id}/replies`;
    const anon = await call('POST', url, undefined, { content: 'hi' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(m.loginToReply);
    const blank = await call('POST', url, other.cookie, { content: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(m.replyRequired);
    expect((await call('POST', url, other.cookie, { content: 'x'.repeat(5001) })).json().error.message).toBe(
      m.replyTooLong,
    );
    const missing = await call('POST', `/api/v1/forum/threads/${randomUUID()}/replies`, other.cookie, {
      content: 'hi',
    });
    expect(missing.statusCode).toBe(404);

    const first = await call('POST', url, other.cookie, { content: 'First!' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ content: 'First!', author: { id: other.id } });
    for (let i = 0; i < forumReplyPageSize; i++) {
      await t.db.insert(forumReplies).values({
        threadId: th.id,
        userId: member.id,
        content: `r${i}`,
        contentHtml: `<p>r${i}</p>`,
        createdAt: new Date(Date.now() + 1000 + i),
      });
    }
    const page1 = (await call('GET', url)).json();
    expect(page1.items).toHaveLength(forumReplyPageSize);
    expect(page1.items[0].content).toBe('First!');
    const page2 = (await call('GET', `${url}?cursor=${encodeURIComponent(page1.nextCursor)}`)).json();
    expect(page2.items.map((r: { content: string }) => r.content)).toEqual([`r${forumReplyPageSize - 1}`]);
    expect((await readThread(th.id))!.replyCount).toBe(1);
    expect((await call('GET', `/api/v1/forum/threads/${randomUUID()}/replies`)).statusCode).toBe(404);
    const n = await statementsOf(() => call('GET', url));
    expect(n).toBe(1);
  });
});

describe('PUT /api/v1/forum/threads/:id/vote', () => {
  it('one vote per member, changeable and removable, counts re-read', async () => {
    const cat = await buildForumCategory(t);
    const th = await buildForumThread(t, { categoryId: cat.id, userId: member.id });
    const url = `/api/v1/forum/threads/${th.id}/vote`;
    const anon = await call('PUT', url, undefined, { value: 1 });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(m.loginToVote);
    expect((await call('PUT', url, other.cookie, { value: 2 })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/v1/forum/threads/${randomUUID()}/vote`, other.cookie, { value: 1 }))
        .statusCode,
    ).toBe(404);

    expect((await call('PUT', url, other.cookie, { value: 1 })).json()).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 1,
    });
    expect((await call('PUT', url, other.cookie, { value: 1 })).json()).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 1,
    });
    expect((await call('PUT', url, other.cookie, { value: -1 })).json()).toEqual({
      upvotes: 0,
      downvotes: 1,
      myVote: -1,
    });
    expect(await readThread(th.id)).toMatchObject({ upvotes: 0, downvotes: 1 });
    expect((await call('PUT', url, other.cookie, { value: 0 })).json()).toEqual({
      upvotes: 0,
      downvotes: 0,
      myVote: 0,
    });
    expect(
      await t.db
        .select()
        .from(forumVotes)
        .where(and(eq(forumVotes.threadId, th.id), eq(forumVotes.userId, other.id))),
    ).toEqual([]);
  });

  it('keeps counts exact under concurrent votes', async () => {
    const cat = await buildForumCategory(t);
    const th = await buildForumThread(t, { categoryId: cat.id, userId: member.id });
    const url = `/api/v1/forum/threads/${th.id}/vote`;
    const voters = await Promise.all(Array.from({ length: 6 }, () => buildSignedInUser(t)));
    // Each voter fires a burst of conflicting votes at once; the last word per voter is unknown,
    // so the counts must equal what the vote rows say.
    await Promise.all(
      voters.flatMap((v, i) => [
        call('PUT', url, v.cookie, { value: 1 }),
        call('PUT', url, v.cookie, { value: -1 }),
        call('PUT', url, v.cookie, { value: i % 2 === 0 ? 1 : 0 }),
        call('PUT', url, v.cookie, { value: 1 }),
      ]),
    );
    const votes = await t.db.select().from(forumVotes).where(eq(forumVotes.threadId, th.id));
    const row = (await readThread(th.id))!;
    expect(row.upvotes).toBe(votes.filter((v) => v.value === 1).length);
    expect(row.downvotes).toBe(votes.filter((v) => v.value === -1).length);

    // And plain concurrent up-votes from every voter land exactly.
    await Promise.all(voters.map((v) => call('PUT', url, v.cookie, { value: 1 })));
    expect(await readThread(th.id)).toMatchObject({ upvotes: 6, downvotes: 0 });
  });
});

describe('DELETE /api/v1/forum/threads/:id', () => {
  it('the author or staff delete; others are refused', async () => {
    const cat = await buildForumCategory(t);
    const created = await call('POST', '/api/v1/forum/threads', member.cookie, {
      categoryId: cat.id,
      title: 'Delete me soon',
      content: 'x',
    });
    const url = `/api/v1/forum/threads/${created.json().id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const byOther = await call('DELETE', url, other.cookie);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe(m.deleteOwnOnly);
    expect(await readThread(created.json().id)).toBeDefined();
    expect((await call('DELETE', url, member.cookie)).statusCode).toBe(204);
    expect(await readThread(created.json().id)).toBeUndefined();
    const [category] = await t.db.select().from(forumCategories).where(eq(forumCategories.id, cat.id));
    expect(category!.threadCount).toBe(0);
    expect((await call('DELETE', url, member.cookie)).statusCode).toBe(404);

    const th = await buildForumThread(t, { categoryId: cat.id, userId: member.id });
    expect((await call('DELETE', `/api/v1/forum/threads/${th.id}`, moderator.cookie)).statusCode).toBe(204);
    expect(await readThread(th.id)).toBeUndefined();
    expect(messages.forbidden).not.toBe(m.deleteOwnOnly);
  });
});

describe('GET /api/v1/users/:id/forum-threads', () => {
  it("lists a member's threads newest first with category and votes", async () => {
    const author = await buildSignedInUser(t);
    const cat = await buildForumCategory(t);
    const older = await buildForumThread(t, {
      categoryId: cat.id,
      userId: author.id,
      createdAt: new Date(Date.now() - 60_000),
      upvotes: 3,
      downvotes: 1,
    });
    const newer = await buildForumThread(t, { categoryId: cat.id, userId: author.id });
    const res = await call('GET', `/api/v1/users/${author.id}/forum-threads`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(res.json().items[1]).toMatchObject({ category: { name: cat.name }, upvotes: 3, downvotes: 1 });
    expect((await call('GET', `/api/v1/users/${randomUUID()}/forum-threads`)).json().items).toEqual([]);
    expect((await call('GET', '/api/v1/users/x/forum-threads')).statusCode).toBe(400);
  });
});
