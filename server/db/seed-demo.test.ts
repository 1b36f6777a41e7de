import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { profiles } from './schema/index.ts';
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
  });
});
