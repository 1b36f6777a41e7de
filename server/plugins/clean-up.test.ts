import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions } from '../db/schema/index.ts';
import { buildSignedInUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { cleanUp } from './clean-up.ts';
import { createRateLimiter } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the clean-up job', () => {
  it('deletes expired sessions and day-old rate-limit windows, and keeps live ones', async () => {
    const [expired, live] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired.id));
    await t.db.execute(sql`update ${rateLimits} set window_start = now() - interval '2 days'`);
    const before = (await t.db.select().from(rateLimits)).length;
    expect(before).toBeGreaterThan(0);
    await cleanUp(t.db, createRateLimiter(t.db, 1));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, expired.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, live.id))).toHaveLength(1);
    expect(await t.db.select().from(rateLimits)).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: live.cookie } })).statusCode,
    ).toBe(200);
  });
});
