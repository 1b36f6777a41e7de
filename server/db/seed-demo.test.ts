import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerCheck } from '../modules/wallet/service.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { forumThreads, marketplaceListings, profiles, socialPosts } from './schema/index.ts';
import { seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedDemo', () => {
  it('creates an admin, a moderator and members with random passwords that work, once', async () => {
    const seeded = await seedDemo(t.app.auth, t.db);
    expect(seeded?.map((a) => a.role)).toEqual(['admin', 'moderator', 'user', 'user', 'user']);
    const rows = await t.db.select({ username: profiles.username, role: profiles.role }).from(profiles);
    expect(rows).toHaveLength(5);
    const admin = seeded!.find((a) => a.role === 'admin')!;
    expect(admin.password.length).toBeGreaterThanOrEqual(12);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: admin.email, password: admin.password },
    });
    expect(res.json().user.role).toBe('admin');
    expect(await seedDemo(t.app.auth, t.db)).toBeNull();
    expect(await t.db.select().from(profiles)).toHaveLength(5);
    // A living site: posts, threads and listings by the demo members; their credits are in the ledger.
    expect(await t.db.select().from(socialPosts)).toHaveLength(4);
    expect(await t.db.select().from(forumThreads)).toHaveLength(3);
    expect(await t.db.select().from(marketplaceListings)).toHaveLength(6);
    const listings = await t.app.inject({ method: 'GET', url: '/api/v1/listings' });
    expect(listings.json().items).toHaveLength(6);
    expect(await ledgerCheck(t.db)).toMatchObject({ ok: true, mismatchedUsers: [] });
    const [alice] = await t.db.select().from(profiles).where(eq(profiles.username, 'alice'));
    expect(alice).toMatchObject({ credits: 2500, balance: 0 });
  });
});
