import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { reports } from '../../db/schema/index.ts';
import {
  buildCheat,
  buildForumCategory,
  buildForumThread,
  buildSignedInUser,
  buildUser,
} from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: cookie ? { cookie } : {} });

describe('GET /api/v1/admin/dashboard', () => {
  it('is staff only', async () => {
    expect((await get()).statusCode).toBe(401);
    const member = await buildSignedInUser(t);
    const res = await get(member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
  });

  it('counts totals and today, lists the 5 latest forum posts, and the reports overview', async () => {
    const moderator = await buildSignedInUser(t, { role: 'moderator' });
    const before = (await get(moderator.cookie)).json();

    const author = await buildUser(t);
    const category = await buildForumCategory(t);
    const threads = [];
    for (let i = 0; i < 6; i++) {
      threads.push(
        await buildForumThread(t, {
          userId: author.id,
          categoryId: category.id,
          createdAt: new Date(Date.now() + i * 1000),
        }),
      );
    }
    await buildForumThread(t, {
      userId: author.id,
      categoryId: category.id,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    await buildCheat(t, { status: 'undetected' });
    await t.db.insert(reports).values([
      { userId: author.id, reason: 'spam', targetType: 'thread', threadId: threads[0]!.id },
      {
        userId: author.id,
        reason: 'spam',
        targetType: 'thread',
        threadId: threads[1]!.id,
        status: 'resolved',
      },
    ]);

    const counted = await countStatements(t.database, () => get(moderator.cookie));
    const res = counted.result;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalUsers).toBe(before.totalUsers + 1);
    expect(body.newUsersToday).toBe(before.newUsersToday + 1);
    expect(body.totalPosts).toBe(before.totalPosts + 7);
    expect(body.newPostsToday).toBe(before.newPostsToday + 6);
    expect(body.activeCheats).toBe(before.activeCheats + 1);
    expect(body.activeCheatsToday).toBe(before.activeCheatsToday + 1);
    expect(body.reports).toEqual({ pending: before.reports.pending + 1, total: before.reports.total + 2 });
    expect(body.latestPosts).toHaveLength(5);
    expect(body.latestPosts[0]).toEqual({
      id: threads[5]!.id,
      title: threads[5]!.title,
      createdAt: threads[5]!.createdAt.toISOString(),
      author: { id: author.id, username: author.username },
      category: { id: category.id, name: category.name },
    });
    expect(body.latestPosts.map((p: { id: string }) => p.id)).toEqual(
      threads
        .slice(1)
        .reverse()
        .map((x) => x.id),
    );
    // The session lookup plus three reads, whatever the data.
    const again = await countStatements(t.database, () => get(moderator.cookie));
    expect(again.statements.length).toBe(counted.statements.length);
  });
});
