import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, reportMessages as m, messages } from '../../../contract/messages.ts';
import { adminReportPageSize } from '../../../contract/reports.ts';
import {
  auditLog,
  cheats,
  forumCategories,
  forumReplies,
  forumThreads,
  marketplaceListings,
  profiles,
  reports,
  sessions,
  socialComments,
  socialPosts,
} from '../../db/schema/index.ts';
import {
  buildCheat,
  buildComment,
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildPost,
  buildReport,
  buildSignedInUser,
  buildUser,
} from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let member: Signed;
let moderator: Signed;
let admin: Signed;
let reporter: Awaited<ReturnType<typeof buildUser>>;
let author: Signed;

beforeAll(async () => {
  t = await buildTestApp();
  [member, moderator, admin, reporter, author] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t, { role: 'admin' }),
    buildUser(t),
    buildSignedInUser(t),
  ]);
});
afterAll(() => t.close());

const headers = (cookie?: string) => (cookie ? { cookie } : {});
const list = (query: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/reports${query}`, headers: headers(cookie) });
const act = (id: string, action: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/reports/${id}/${action}`, headers: headers(cookie) });

async function postReport() {
  const post = await buildPost(t, author.id, { content: 'Buy cheap coins at a shady site' });
  const report = await buildReport(t, {
    userId: reporter.id,
    targetType: 'post',
    postId: post.id,
    reason: 'Spam',
  });
  return { post, report };
}

const readReport = async (id: string) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;
const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'report'), eq(auditLog.targetId, id)));

/** A member whose account is banned but whose session cookie still exists counts as signed out. */
async function bannedMember() {
  const banned = await buildSignedInUser(t);
  await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, banned.id));
  return banned;
}

describe('GET /api/v1/admin/reports', () => {
  it('is for staff only: 401 signed out or banned, 403 for a member', async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list('', (await bannedMember()).cookie)).statusCode).toBe(401);
    const res = await list('', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
  });

  it('refuses an unknown status and a forged cursor', async () => {
    expect((await list('?status=open', moderator.cookie)).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    expect((await list(`?cursor=${forged}`, moderator.cookie)).statusCode).toBe(400);
  });

  it('shows pending reports by default with reporter, content preview, link and author', async () => {
    const { post, report } = await postReport();
    const res = await list('', moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().items.find((r: { id: string }) => r.id === report.id);
    expect(found).toEqual({
      id: report.id,
      reason: 'Spam',
      status: 'pending',
      createdAt: report.createdAt.toISOString(),
      resolvedAt: null,
      reporter: { id: reporter.id, username: reporter.username },
      resolver: null,
      target: {
        type: 'post',
        id: post.id,
        preview: 'Buy cheap coins at a shady site',
        href: `/posts#post-${post.id}`,
        author: { id: author.id, username: author.username },
        // A post without an image of ours (those are listed: uploads/takedown.test.ts).
        images: [],
      },
    });
    expect(res.json().items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('links each kind of content to its page', async () => {
    const category = await buildForumCategory(t);
    const thread = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    const [reply] = await t.db
      .insert(forumReplies)
      .values({
        threadId: thread.id,
        userId: author.id,
        content: 'A rude reply',
        contentHtml: '<p>A rude reply</p>',
      })
      .returning();
    const post = await buildPost(t, author.id);
    const comment = await buildComment(t, post.id, author.id, { content: 'A rude comment' });
    const cheat = await buildCheat(t, { publishedBy: author.id });
    const listing = await buildListing(t, { userId: author.id });
    const made = await Promise.all([
      buildReport(t, { userId: reporter.id, targetType: 'thread', threadId: thread.id }),
      buildReport(t, { userId: reporter.id, targetType: 'reply', replyId: reply!.id }),
      buildReport(t, { userId: reporter.id, targetType: 'comment', commentId: comment.id }),
      buildReport(t, { userId: reporter.id, targetType: 'cheat', cheatId: cheat.id }),
      buildReport(t, { userId: reporter.id, targetType: 'listing', listingId: listing.id }),
    ]);
    const items = (await list('?status=all', admin.cookie)).json().items as {
      id: string;
      target: { preview: string; href: string };
    }[];
    const byId = (id: string) => items.find((r) => r.id === id)!.target;
    expect(byId(made[0].id)).toMatchObject({ preview: thread.title, href: `/forum/post/${thread.id}` });
    expect(byId(made[1].id)).toMatchObject({ preview: 'A rude reply', href: `/forum/post/${thread.id}` });
    expect(byId(made[2].id)).toMatchObject({ preview: 'A rude comment', href: `/posts#post-${post.id}` });
    expect(byId(made[3].id)).toMatchObject({ preview: cheat.title, href: `/cheats/${cheat.id}` });
    expect(byId(made[4].id)).toMatchObject({ preview: listing.title, href: `/marketplace/${listing.id}` });
  });

  it('filters by status and pages newest first with one statement per page', async () => {
    const fresh = await buildTestApp();
    try {
      const mod = await buildSignedInUser(fresh, { role: 'moderator' });
      const who = await buildUser(fresh);
      const owner = await buildUser(fresh);
      const ids: string[] = [];
      for (let i = 0; i < adminReportPageSize + 3; i++) {
        const post = await buildPost(fresh, owner.id);
        const r = await buildReport(fresh, {
          userId: who.id,
          targetType: 'post',
          postId: post.id,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        });
        ids.push(r.id);
      }
      const post = await buildPost(fresh, owner.id);
      const dismissed = await buildReport(fresh, {
        userId: who.id,
        targetType: 'post',
        postId: post.id,
        status: 'dismissed',
        resolvedBy: mod.id,
        resolvedAt: new Date(),
      });
      const get = (q: string) =>
        fresh.app.inject({
          method: 'GET',
          url: `/api/v1/admin/reports${q}`,
          headers: { cookie: mod.cookie },
        });

      const first = await countStatements(fresh.database, () => get('?status=pending'));
      const page1 = first.result.json();
      expect(page1.items.map((r: { id: string }) => r.id)).toEqual(
        [...ids].reverse().slice(0, adminReportPageSize),
      );
      const second = await countStatements(fresh.database, () =>
        get(`?status=pending&cursor=${page1.nextCursor}`),
      );
      const page2 = second.result.json();
      expect(page2.items.map((r: { id: string }) => r.id)).toEqual(
        [...ids].reverse().slice(adminReportPageSize),
      );
      expect(page2.nextCursor).toBeNull();
      const selects = (s: string[]) => s.filter((q) => /from "reports"/i.test(q));
      expect(selects(first.statements)).toHaveLength(1);
      expect(selects(second.statements)).toHaveLength(1);

      const onlyDismissed = (await get('?status=dismissed')).json();
      expect(onlyDismissed.items).toHaveLength(1);
      expect(onlyDismissed.items[0]).toMatchObject({
        id: dismissed.id,
        status: 'dismissed',
        resolver: { id: mod.id, username: mod.username },
      });
      expect((await get('?status=resolved')).json().items).toEqual([]);
      expect((await get('?status=all')).json().items[0].id).toBe(dismissed.id);
    } finally {
      await fresh.close();
    }
  });
});

describe.each([
  ['resolve', 'resolved', 'report.resolve'],
  ['dismiss', 'dismissed', 'report.dismiss'],
] as const)('POST /api/v1/admin/reports/:id/%s', (action, status, auditAction) => {
  it('is for staff only', async () => {
    const { report } = await postReport();
    expect((await act(report.id, action)).statusCode).toBe(401);
    expect((await act(report.id, action, (await bannedMember()).cookie)).statusCode).toBe(401);
    const res = await act(report.id, action, member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect((await readReport(report.id)).status).toBe('pending');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await act('not-a-uuid', action, moderator.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe(m.notFound);
    const missing = await act(randomUUID(), action, moderator.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
  });

  it('a moderator decides a pending report once; resolver, time and audit are recorded', async () => {
    const { post, report } = await postReport();
    const res = await act(report.id, action, moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: report.id, status });
    const row = await readReport(report.id);
    expect(row).toMatchObject({ status, resolvedBy: moderator.id });
    expect(row.resolvedAt).toBeInstanceOf(Date);
    // The content itself is untouched.
    expect(await t.db.select().from(socialPosts).where(eq(socialPosts.id, post.id))).toHaveLength(1);
    const [entry] = await auditOf(report.id);
    expect(entry).toMatchObject({
      actorId: moderator.id,
      action: auditAction,
      before: { status: 'pending', targetType: 'post', targetId: post.id },
      after: { status },
    });

    const again = await act(report.id, action === 'resolve' ? 'dismiss' : 'resolve', admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyHandled);
    expect(await readReport(report.id)).toMatchObject({ status, resolvedBy: moderator.id });
    expect(await auditOf(report.id)).toHaveLength(1);
  });
});

describe('POST /api/v1/admin/reports/:id/delete-content', () => {
  it('is for staff only; 400 and 404 as for the other decisions', async () => {
    const { post, report } = await postReport();
    expect((await act(report.id, 'delete-content')).statusCode).toBe(401);
    const res = await act(report.id, 'delete-content', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect(await t.db.select().from(socialPosts).where(eq(socialPosts.id, post.id))).toHaveLength(1);
    expect((await act('nope', 'delete-content', moderator.cookie)).statusCode).toBe(400);
    expect((await act(randomUUID(), 'delete-content', moderator.cookie)).json().error.message).toBe(
      m.notFound,
    );
  });

  it('deletes the post, resolves the report and audits what was deleted', async () => {
    const { post, report } = await postReport();
    const res = await act(report.id, 'delete-content', moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: report.id, status: 'resolved' });
    expect(await t.db.select().from(socialPosts).where(eq(socialPosts.id, post.id))).toEqual([]);
    const row = await readReport(report.id);
    expect(row).toMatchObject({
      status: 'resolved',
      resolvedBy: moderator.id,
      postId: null,
      targetType: 'post',
    });
    const [entry] = await auditOf(report.id);
    expect(entry).toMatchObject({
      actorId: moderator.id,
      action: 'report.delete_content',
      before: {
        status: 'pending',
        targetId: post.id,
        content: { authorId: author.id, text: 'Buy cheap coins at a shady site' },
      },
      after: { status: 'resolved', contentDeleted: true },
    });
    // Listed afterwards without the content.
    const listed = (await list('?status=resolved', moderator.cookie))
      .json()
      .items.find((r: { id: string }) => r.id === report.id);
    expect(listed.target).toEqual({
      type: 'post',
      id: null,
      preview: null,
      href: null,
      author: null,
      images: [],
    });
    expect(listed.resolver).toEqual({ id: moderator.id, username: moderator.username });
  });

  it('deletes comments, threads, replies, cheats and listings, keeping the counters right', async () => {
    const post = await buildPost(t, author.id);
    const comment = await buildComment(t, post.id, author.id);
    const category = await buildForumCategory(t);
    await t.db.update(forumCategories).set({ threadCount: 1 }).where(eq(forumCategories.id, category.id));
    const thread = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    const other = await buildForumThread(t, { userId: author.id, categoryId: category.id, replyCount: 1 });
    const [reply] = await t.db
      .insert(forumReplies)
      .values({
        threadId: other.id,
        userId: author.id,
        content: 'Bad reply',
        contentHtml: '<p>Bad reply</p>',
      })
      .returning();
    const cheat = await buildCheat(t, { publishedBy: author.id });
    const listing = await buildListing(t, { userId: author.id });
    const cases = [
      [
        await buildReport(t, { userId: reporter.id, targetType: 'comment', commentId: comment.id }),
        socialComments,
        comment.id,
      ],
      [
        await buildReport(t, { userId: reporter.id, targetType: 'thread', threadId: thread.id }),
        forumThreads,
        thread.id,
      ],
      [
        await buildReport(t, { userId: reporter.id, targetType: 'reply', replyId: reply!.id }),
        forumReplies,
        reply!.id,
      ],
      [
        await buildReport(t, { userId: reporter.id, targetType: 'cheat', cheatId: cheat.id }),
        cheats,
        cheat.id,
      ],
      [
        await buildReport(t, { userId: reporter.id, targetType: 'listing', listingId: listing.id }),
        marketplaceListings,
        listing.id,
      ],
    ] as const;
    for (const [report, table, id] of cases) {
      const res = await act(report.id, 'delete-content', admin.cookie);
      expect(res.statusCode, `${report.targetType}: ${res.body}`).toBe(200);
      const left = await t.db.execute(sql`select 1 from ${table} where id = ${id}`);
      expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect((await readReport(report.id)).status).toBe('resolved');
    }
    const [p] = await t.db.select().from(socialPosts).where(eq(socialPosts.id, post.id));
    expect(p!.commentCount).toBe(0);
    const [c] = await t.db.select().from(forumCategories).where(eq(forumCategories.id, category.id));
    expect(c!.threadCount).toBe(0);
    const [o] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, other.id));
    expect(o!.replyCount).toBe(0);
  });

  it('answers 404 when the content is already gone, and 409 on a decided report', async () => {
    const { post, report } = await postReport();
    await t.db.delete(socialPosts).where(eq(socialPosts.id, post.id));
    const gone = await act(report.id, 'delete-content', moderator.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(m.targetNotFound);
    expect((await readReport(report.id)).status).toBe('pending');

    const { post: kept, report: done } = await postReport();
    await act(done.id, 'dismiss', moderator.cookie);
    const late = await act(done.id, 'delete-content', moderator.cookie);
    expect(late.statusCode).toBe(409);
    expect(await t.db.select().from(socialPosts).where(eq(socialPosts.id, kept.id))).toHaveLength(1);
  });
});

describe('POST /api/v1/admin/reports/:id/ban-user', () => {
  it('is for admins only: 401, 403 for members and moderators', async () => {
    const { report } = await postReport();
    expect((await act(report.id, 'ban-user')).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      const res = await act(report.id, 'ban-user', who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.onlyAdminsBan);
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, author.id));
    expect(row!.banned).toBe(false);
  });

  it('answers 400, 404 for an unknown report and 404 when the content is gone', async () => {
    expect((await act('nope', 'ban-user', admin.cookie)).statusCode).toBe(400);
    const unknown = await act(randomUUID(), 'ban-user', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.notFound);
    const { post, report } = await postReport();
    await t.db.delete(socialPosts).where(eq(socialPosts.id, post.id));
    const gone = await act(report.id, 'ban-user', admin.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(m.targetNotFound);
  });

  it("refuses to ban the admin's own content", async () => {
    const post = await buildPost(t, admin.id);
    const report = await buildReport(t, { userId: reporter.id, targetType: 'post', postId: post.id });
    const res = await act(report.id, 'ban-user', admin.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(adminMessages.ownBan);
  });

  it('bans the author, ends their sessions and audits the ban and the report decision', async () => {
    const victim = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: victim.id });
    const report = await buildReport(t, {
      userId: reporter.id,
      targetType: 'listing',
      listingId: listing.id,
    });
    const res = await act(report.id, 'ban-user', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: victim.id, username: victim.username, banned: true });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, victim.id));
    expect(row!.banned).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: victim.cookie } });
    expect(me.statusCode).toBe(401);
    // The report itself stays pending: Delete Content or Resolve decides it.
    expect((await readReport(report.id)).status).toBe('pending');
    expect(await auditOf(report.id)).toMatchObject([
      { actorId: admin.id, action: 'report.ban_user', after: { bannedUserId: victim.id } },
    ]);
    const userAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, victim.id), eq(auditLog.action, 'user.ban')));
    expect(userAudit).toMatchObject([
      { actorId: admin.id, before: { banned: false }, after: { banned: true } },
    ]);
  });
});
