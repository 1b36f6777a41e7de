import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumLatestSize } from '../../../contract/forum.ts';
import { forumMessages as m } from '../../../contract/messages.ts';
import {
  auditLog,
  forumCategories,
  forumReplies,
  forumRevisions,
  forumThreads,
} from '../../db/schema/index.ts';
import {
  buildForumCategory,
  buildForumReply,
  buildForumThread,
  buildSignedInUser,
} from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof buildSignedInUser>>;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
let author: Awaited<ReturnType<typeof buildSignedInUser>>;
let other: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  [moderator, admin, author, other] = await Promise.all([
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t, { role: 'admin' }),
    buildSignedInUser(t),
    buildSignedInUser(t),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const readThread = async (id: string) =>
  (await t.db.select().from(forumThreads).where(eq(forumThreads.id, id)))[0];
const readCategory = async (id: string) =>
  (await t.db.select().from(forumCategories).where(eq(forumCategories.id, id)))[0];
const auditOf = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

async function newThread() {
  const category = await buildForumCategory(t);
  const res = await call('POST', '/api/v1/forum/threads', author.cookie, {
    categoryId: category.id,
    title: 'A thread to moderate',
    content: 'First **version**',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, categoryId: category.id };
}

/** The 401 / 403 / 400 / 404 answers every staff-only thread action gives. */
async function refusesAllButStaff(path: string, method: Method, good: object, bad: object) {
  const { id } = await newThread();
  const url = `/api/v1/forum/threads/${id}/${path}`;
  expect((await call(method, url, undefined, good)).statusCode).toBe(401);
  for (const cookie of [author.cookie, other.cookie]) {
    const res = await call(method, url, cookie, good);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(m.moderatorsOnly);
  }
  expect((await call(method, url, moderator.cookie, bad)).statusCode).toBe(400);
  const missing = await call(method, `/api/v1/forum/threads/${randomUUID()}/${path}`, moderator.cookie, good);
  expect(missing.statusCode).toBe(404);
  expect(missing.json().error.message).toBe(m.threadNotFound);
  expect(await readThread(id)).toMatchObject({ isPinned: false, isLocked: false });
  expect(await auditOf(id)).toEqual([]);
}

describe('abilities on a thread', () => {
  it('say what each caller may do', async () => {
    const { id } = await newThread();
    const abilitiesOf = async (cookie?: string) =>
      (await call('GET', `/api/v1/forum/threads/${id}`, cookie)).json().abilities;
    const none = { edit: false, delete: false, reply: false, pin: false, lock: false, move: false };
    expect(await abilitiesOf()).toEqual({ ...none, revisions: false });
    expect(await abilitiesOf(other.cookie)).toEqual({ ...none, reply: true, revisions: false });
    expect(await abilitiesOf(author.cookie)).toEqual({
      ...none,
      edit: true,
      delete: true,
      reply: true,
      revisions: false,
    });
    const all = { edit: true, delete: true, reply: true, pin: true, lock: true, move: true, revisions: true };
    expect(await abilitiesOf(moderator.cookie)).toEqual(all);
    expect(await abilitiesOf(admin.cookie)).toEqual(all);
  });
});

describe('PUT /api/v1/forum/threads/:id/pin', () => {
  it('refuses visitors, members (the author too), bad input and unknown threads', async () => {
    await refusesAllButStaff('pin', 'PUT', { pinned: true }, { pinned: 'yes' });
  });

  it('a moderator pins: pinned first in its category, logged; unpinning puts it back', async () => {
    const { id, categoryId } = await newThread();
    const newer = await buildForumThread(t, { userId: other.id, categoryId });
    const order = async () =>
      (await call('GET', `/api/v1/forum/threads?categoryId=${categoryId}`))
        .json()
        .items.map((i: { id: string }) => i.id);
    expect(await order()).toEqual([newer.id, id]);
    const res = await call('PUT', `/api/v1/forum/threads/${id}/pin`, moderator.cookie, { pinned: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPinned).toBe(true);
    expect(await readThread(id)).toMatchObject({ isPinned: true });
    expect(await order()).toEqual([id, newer.id]);
    await call('PUT', `/api/v1/forum/threads/${id}/pin`, moderator.cookie, { pinned: true });
    await call('PUT', `/api/v1/forum/threads/${id}/pin`, admin.cookie, { pinned: false });
    expect(await order()).toEqual([newer.id, id]);
    expect((await auditOf(id)).map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['forum.thread.pin', moderator.id, { isPinned: false }, { isPinned: true }],
      ['forum.thread.unpin', admin.id, { isPinned: true }, { isPinned: false }],
    ]);
  });

  it('pages a category with pinned threads across the cursor without losing or repeating one', async () => {
    const category = await buildForumCategory(t);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const row = await buildForumThread(t, {
        userId: other.id,
        categoryId: category.id,
        isPinned: i % 10 === 0,
        lastActivityAt: new Date(Date.now() - i * 60_000),
      });
      ids.push(row.id);
    }
    const first = (await call('GET', `/api/v1/forum/threads?categoryId=${category.id}`)).json();
    const second = (
      await call(
        'GET',
        `/api/v1/forum/threads?categoryId=${category.id}&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    const seen = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    const pinned = [ids[0], ids[10], ids[20]];
    expect(seen).toEqual([...pinned, ...ids.filter((x) => !pinned.includes(x))]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('PUT /api/v1/forum/threads/:id/lock', () => {
  it('refuses visitors, members (the author too), bad input and unknown threads', async () => {
    await refusesAllButStaff('lock', 'PUT', { locked: true }, {});
  });

  it('a locked thread refuses members’ replies with a clear message; staff may still reply', async () => {
    const { id } = await newThread();
    const res = await call('PUT', `/api/v1/forum/threads/${id}/lock`, moderator.cookie, { locked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isLocked: true, abilities: { reply: true } });
    expect(await readThread(id)).toMatchObject({ isLocked: true });
    const memberView = (await call('GET', `/api/v1/forum/threads/${id}`, author.cookie)).json();
    expect(memberView).toMatchObject({ isLocked: true, abilities: { reply: false } });
    for (const cookie of [author.cookie, other.cookie]) {
      const refused = await call('POST', `/api/v1/forum/threads/${id}/replies`, cookie, { content: 'hi' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(m.threadLocked);
    }
    expect(await t.db.select().from(forumReplies).where(eq(forumReplies.threadId, id))).toEqual([]);
    const byStaff = await call('POST', `/api/v1/forum/threads/${id}/replies`, moderator.cookie, {
      content: 'Locked: see the rules',
    });
    expect(byStaff.statusCode).toBe(201);
    expect(await readThread(id)).toMatchObject({ replyCount: 1 });

    await call('PUT', `/api/v1/forum/threads/${id}/lock`, moderator.cookie, { locked: false });
    expect(
      (await call('POST', `/api/v1/forum/threads/${id}/replies`, other.cookie, { content: 'open again' }))
        .statusCode,
    ).toBe(201);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['forum.thread.lock', 'forum.thread.unlock']);
  });
});

describe('PUT /api/v1/forum/threads/:id/category', () => {
  it('refuses visitors, members (the author too), bad input and unknown threads', async () => {
    const target = await buildForumCategory(t);
    await refusesAllButStaff('category', 'PUT', { categoryId: target.id }, { categoryId: 'nope' });
  });

  it('answers 404 for an unknown category and moves nothing', async () => {
    const { id, categoryId } = await newThread();
    const res = await call('PUT', `/api/v1/forum/threads/${id}/category`, moderator.cookie, {
      categoryId: randomUUID(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.categoryNotFound);
    expect(await readThread(id)).toMatchObject({ categoryId });
  });

  it('moves a thread; both categories’ counters stay exact; logged', async () => {
    const { id, categoryId } = await newThread();
    const target = await buildForumCategory(t);
    expect((await readCategory(categoryId))!.threadCount).toBe(1);
    const res = await call('PUT', `/api/v1/forum/threads/${id}/category`, moderator.cookie, {
      categoryId: target.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toEqual({ id: target.id, name: target.name });
    expect(await readThread(id)).toMatchObject({ categoryId: target.id });
    expect((await readCategory(categoryId))!.threadCount).toBe(0);
    expect((await readCategory(target.id))!.threadCount).toBe(1);
    // Moving to where it already is changes nothing.
    await call('PUT', `/api/v1/forum/threads/${id}/category`, moderator.cookie, { categoryId: target.id });
    expect((await readCategory(target.id))!.threadCount).toBe(1);
    expect((await auditOf(id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['forum.thread.move', { categoryId }, { categoryId: target.id }],
    ]);
  });
});

describe('DELETE /api/v1/forum/replies/:id', () => {
  it('the author deletes their own reply; another member may not; the counter stays exact', async () => {
    const { id } = await newThread();
    const reply = await buildForumReply(t, { userId: other.id, threadId: id });
    await buildForumReply(t, { userId: author.id, threadId: id });
    const url = `/api/v1/forum/replies/${reply.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const refused = await call('DELETE', url, author.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.deleteOwnRepliesOnly);
    expect((await call('DELETE', '/api/v1/forum/replies/nope', other.cookie)).statusCode).toBe(400);
    expect((await readThread(id))!.replyCount).toBe(2);
    expect((await call('DELETE', url, other.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(forumReplies).where(eq(forumReplies.id, reply.id))).toEqual([]);
    expect((await readThread(id))!.replyCount).toBe(1);
    const again = await call('DELETE', url, other.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(m.replyNotFound);
    expect((await readThread(id))!.replyCount).toBe(1);
    expect(await auditOf(reply.id)).toEqual([]);
  });

  it('a moderator deletes any reply, logged with its text', async () => {
    const { id } = await newThread();
    const reply = await buildForumReply(t, { userId: other.id, threadId: id, content: 'spam spam' });
    expect((await call('DELETE', `/api/v1/forum/replies/${reply.id}`, moderator.cookie)).statusCode).toBe(
      204,
    );
    expect((await readThread(id))!.replyCount).toBe(0);
    expect((await auditOf(reply.id)).map((r) => [r.action, r.actorId, r.before])).toEqual([
      ['forum.reply.delete', moderator.id, { threadId: id, userId: other.id, content: 'spam spam' }],
    ]);
  });
});

describe('PATCH /api/v1/forum/threads/:id (edit)', () => {
  it('refuses visitors, other members, bad input and unknown threads', async () => {
    const { id } = await newThread();
    const url = `/api/v1/forum/threads/${id}`;
    const body = { title: 'A better title', content: 'New body' };
    expect((await call('PATCH', url, undefined, body)).statusCode).toBe(401);
    const refused = await call('PATCH', url, other.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.editOwnOnly);
    for (const [patch, field, message] of [
      [{ title: 'abc' }, 'title', m.titleTooShort],
      [{ title: 'x'.repeat(101) }, 'title', m.titleTooLong],
      [{ content: ' ' }, 'content', m.contentRequired],
      [{ content: 'x'.repeat(10_001) }, 'content', m.contentTooLong],
    ] as const) {
      const res = await call('PATCH', url, author.cookie, { ...body, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect(
      (await call('PATCH', `/api/v1/forum/threads/${randomUUID()}`, author.cookie, body)).statusCode,
    ).toBe(404);
    expect(await readThread(id)).toMatchObject({ title: 'A thread to moderate', editedAt: null });
    expect(await t.db.select().from(forumRevisions).where(eq(forumRevisions.threadId, id))).toEqual([]);
  });

  it('the author edits: re-cooked, marked edited, the old text kept as a revision staff can read', async () => {
    const { id } = await newThread();
    const url = `/api/v1/forum/threads/${id}`;
    const res = await call('PATCH', url, author.cookie, {
      title: '  Second title  ',
      content: '~~old~~ new',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Second title', contentHtml: '<p><s>old</s> new</p>\n' });
    expect(res.json().editedAt).not.toBeNull();
    const row = (await readThread(id))!;
    expect(row).toMatchObject({ title: 'Second title', content: '~~old~~ new' });
    expect(row.contentHtml).toBe('<p><s>old</s> new</p>\n');
    expect(row.editedAt).toBeInstanceOf(Date);
    await call('PATCH', url, moderator.cookie, { title: 'Third title', content: 'third' });

    const revisions = `${url}/revisions`;
    expect((await call('GET', revisions)).statusCode).toBe(401);
    const refused = await call('GET', revisions, author.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.moderatorsOnly);
    expect(
      (await call('GET', `/api/v1/forum/threads/${randomUUID()}/revisions`, moderator.cookie)).statusCode,
    ).toBe(404);
    const history = await call('GET', revisions, moderator.cookie);
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .items.map((r: { title: string; content: string; editor: { id: string } }) => [
          r.title,
          r.content,
          r.editor.id,
        ]),
    ).toEqual([
      ['Second title', '~~old~~ new', moderator.id],
      ['A thread to moderate', 'First **version**', author.id],
    ]);
    // A staff edit of someone else's thread is logged; the author's own edits are not moderation.
    expect((await auditOf(id)).map((r) => [r.action, r.actorId])).toEqual([
      ['forum.thread.edit', moderator.id],
    ]);
  });
});

describe('PATCH /api/v1/forum/replies/:id (edit)', () => {
  it('the author edits a reply (re-cooked, edited marker, revision); others may not', async () => {
    const { id } = await newThread();
    const created = await call('POST', `/api/v1/forum/threads/${id}/replies`, other.cookie, {
      content: 'frist',
    });
    const replyId = created.json().id as string;
    expect(created.json()).toMatchObject({ editedAt: null, abilities: { edit: true, delete: true } });
    const url = `/api/v1/forum/replies/${replyId}`;
    expect((await call('PATCH', url, undefined, { content: 'x' })).statusCode).toBe(401);
    const refused = await call('PATCH', url, author.cookie, { content: 'hijack' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(m.editOwnOnly);
    const empty = await call('PATCH', url, other.cookie, { content: ' ' });
    expect(empty.json().error.fields.content).toBe(m.replyRequired);
    const long = await call('PATCH', url, other.cookie, { content: 'x'.repeat(5001) });
    expect(long.json().error.fields.content).toBe(m.replyTooLong);
    expect(
      (await call('PATCH', `/api/v1/forum/replies/${randomUUID()}`, other.cookie, { content: 'x' }))
        .statusCode,
    ).toBe(404);

    const res = await call('PATCH', url, other.cookie, { content: '**first**' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      content: '**first**',
      contentHtml: '<p><strong>first</strong></p>\n',
      author: { id: other.id, username: other.username },
    });
    const [row] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, replyId));
    expect(row).toMatchObject({ content: '**first**', contentHtml: '<p><strong>first</strong></p>\n' });
    expect(row!.editedAt).toBeInstanceOf(Date);
    const listed = (await call('GET', `/api/v1/forum/threads/${id}/replies`)).json().items[0];
    expect(listed.editedAt).toBe(row!.editedAt!.toISOString());

    expect((await call('GET', `${url}/revisions`, other.cookie)).statusCode).toBe(403);
    const history = (await call('GET', `${url}/revisions`, moderator.cookie)).json();
    expect(history.items).toMatchObject([{ title: null, content: 'frist', editor: { id: other.id } }]);
    const revisionRows = await t.db
      .select()
      .from(forumRevisions)
      .where(and(eq(forumRevisions.threadId, id), eq(forumRevisions.replyId, replyId)));
    expect(revisionRows).toHaveLength(1);
  });
});

describe('GET /api/v1/forum/threads/latest', () => {
  it('the newest threads by last activity across categories, with category and reply count', async () => {
    const [a, b] = [await buildForumCategory(t), await buildForumCategory(t)];
    const made = [];
    for (let i = 0; i < forumLatestSize + 1; i++) {
      made.push(await buildForumThread(t, { userId: author.id, categoryId: i % 2 ? a.id : b.id }));
    }
    // A reply moves an old thread to the top.
    const bumped = made[0]!;
    await call('POST', `/api/v1/forum/threads/${bumped.id}/replies`, other.cookie, { content: 'bump' });
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', '/api/v1/forum/threads/latest'),
    );
    expect(result.statusCode).toBe(200);
    const items = result.json().items;
    expect(items).toHaveLength(forumLatestSize);
    expect(items[0]).toMatchObject({ id: bumped.id, replyCount: 1, category: { id: b.id, name: b.name } });
    expect(items.slice(1).map((i: { id: string }) => i.id)).toEqual(
      made
        .slice(-(forumLatestSize - 1))
        .reverse()
        .map((r) => r.id),
    );
    expect(statements).toHaveLength(1);
  });
});

describe('the thread page', () => {
  it('is one request costing the same statements with 1 reply or a full page, signed in or not', async () => {
    const { id } = await newThread();
    const page = async (cookie?: string) => {
      const { statements } = await countStatements(t.database, async () => {
        const res = await call('GET', `/api/v1/forum/threads/${id}`, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json().replies.items.length).toBeGreaterThan(0);
      });
      return statements.length;
    };
    await buildForumReply(t, { userId: other.id, threadId: id });
    const withOne = [await page(), await page(other.cookie)];
    for (let i = 0; i < 30; i++)
      await buildForumReply(t, { userId: i % 2 ? other.id : author.id, threadId: id });
    expect([await page(), await page(other.cookie)]).toEqual(withOne);
    expect(withOne[0]).toBe(2);
  });
});
