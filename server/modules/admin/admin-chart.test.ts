import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays } from '../../../contract/admin.ts';
import { messages } from '../../../contract/messages.ts';
import { marketplaceOrders, profiles } from '../../db/schema/index.ts';
import { buildForumCategory, buildForumThread, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/dashboard/activity',
    headers: cookie ? { cookie } : {},
  });

/** The UTC calendar day `daysAgo` days before today, as YYYY-MM-DD. */
const day = (daysAgo: number) => {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return d.toISOString().slice(0, 10);
};
const at = (daysAgo: number, hour = 12) =>
  new Date(`${day(daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`);

describe('GET /api/v1/admin/dashboard/activity', () => {
  it('is for staff only', async () => {
    expect((await get()).statusCode).toBe(401);
    const member = await buildSignedInUser(t);
    const res = await get(member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
  });

  it('counts sign-ups, forum posts and sales per UTC day for 30 days, zero-filled, in one statement', async () => {
    const moderator = await buildSignedInUser(t, { role: 'moderator' });
    const before = (await get(moderator.cookie)).json().days as {
      date: string;
      signups: number;
      posts: number;
      sales: number;
    }[];
    expect(before).toHaveLength(activityDays);
    expect(before[0]!.date).toBe(day(activityDays - 1));
    expect(before.at(-1)!.date).toBe(day(0));

    // Two sign-ups 3 days ago (early and late in that UTC day), one 29 days ago, one 30 days ago (outside).
    const inWindow = await Promise.all([buildUser(t), buildUser(t), buildUser(t), buildUser(t)]);
    await t.db
      .update(profiles)
      .set({ createdAt: at(3, 0) })
      .where(eq(profiles.id, inWindow[0]!.id));
    await t.db
      .update(profiles)
      .set({ createdAt: at(3, 23) })
      .where(eq(profiles.id, inWindow[1]!.id));
    await t.db
      .update(profiles)
      .set({ createdAt: at(29) })
      .where(eq(profiles.id, inWindow[2]!.id));
    await t.db
      .update(profiles)
      .set({ createdAt: at(30) })
      .where(eq(profiles.id, inWindow[3]!.id));
    const author = inWindow[0]!;
    const category = await buildForumCategory(t);
    await buildForumThread(t, { userId: author.id, categoryId: category.id, createdAt: at(1) });
    await buildForumThread(t, { userId: author.id, categoryId: category.id, createdAt: at(0) });
    await t.db.insert(marketplaceOrders).values([
      {
        listingTitle: 'Sold 1',
        buyerId: author.id,
        sellerId: inWindow[1]!.id,
        price: 100,
        fee: 5,
        createdAt: at(1),
      },
      {
        listingTitle: 'Sold 2',
        buyerId: author.id,
        sellerId: inWindow[1]!.id,
        price: 50,
        fee: 2,
        createdAt: at(1),
      },
      // A refunded order is no sale.
      {
        listingTitle: 'Refunded',
        buyerId: author.id,
        sellerId: inWindow[1]!.id,
        price: 50,
        fee: 2,
        status: 'refunded',
        createdAt: at(1),
      },
    ]);

    const counted = await countStatements(t.database, () => get(moderator.cookie));
    // The viewer's session lookup aside, the whole chart is one statement.
    expect(counted.statements.filter((s) => /generate_series/i.test(s))).toHaveLength(1);
    const after = counted.result.json().days as typeof before;
    expect(after.map((d) => d.date)).toEqual(before.map((d) => d.date));
    const delta = (date: string) => {
      const a = after.find((d) => d.date === date)!;
      const b = before.find((d) => d.date === date)!;
      return { signups: a.signups - b.signups, posts: a.posts - b.posts, sales: a.sales - b.sales };
    };
    expect(delta(day(3))).toEqual({ signups: 2, posts: 0, sales: 0 });
    expect(delta(day(29))).toEqual({ signups: 1, posts: 0, sales: 0 });
    expect(delta(day(1))).toEqual({ signups: 0, posts: 1, sales: 2 });
    // Today: the 4 members were made today then moved; the thread stays today.
    expect(delta(day(0))).toEqual({ signups: 0, posts: 1, sales: 0 });
    for (const d of after) expect(d.signups + d.posts + d.sales).toBeGreaterThanOrEqual(0);
  });
});
