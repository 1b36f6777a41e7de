import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerCheck } from '../modules/wallet/service.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import {
  forumThreads,
  marketplaceListings,
  products,
  profiles,
  socialPosts,
  uploads,
} from './schema/index.ts';
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
    // Listing and product cards show an image we host (decision 023), each its own.
    const covers = [
      ...(await t.db.select({ imageUrl: marketplaceListings.imageUrl }).from(marketplaceListings)),
      ...(await t.db.select({ imageUrl: products.imageUrl }).from(products)),
    ].map((r) => r.imageUrl);
    expect(covers).toHaveLength(9);
    expect(new Set(covers).size).toBe(9);
    for (const url of covers) {
      expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: url! });
      expect(served.statusCode, url!).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(await t.db.select({ id: uploads.id }).from(uploads)).toHaveLength(9);
    const [alice] = await t.db.select().from(profiles).where(eq(profiles.username, 'alice'));
    expect(alice).toMatchObject({ credits: 2500, balance: 0 });
  });
});
