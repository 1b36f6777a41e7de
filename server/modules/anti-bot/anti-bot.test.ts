import { createChallenge } from 'altcha-lib/v1';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA_HEADER, type PowChallenge } from '../../../contract/anti-bot.ts';
import { antiBotMessages, siteSettingsMessages } from '../../../contract/messages.ts';
import { siteSettingDefaults } from '../../../contract/site.ts';
import { profiles, reviewItems, socialPosts, spentChallenges } from '../../db/schema/index.ts';
import { cleanUp } from '../../plugins/clean-up.ts';
import { altcha, solveChallenge } from '../../test/altcha.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

let serial = 0;
const newMember = () => {
  serial++;
  return { username: `powtest${serial}`, email: `powtest${serial}@example.com`, password: 'longenough1' };
};
const signUp = (body: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body, headers, remoteAddress });
const challenge = async (): Promise<PowChallenge> =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/anti-bot/challenge' })).json();
const setCost = async (powCost: number) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/site-settings/anti_bot',
    headers: { cookie: admin.cookie },
    payload: { powCost },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const accounts = async (email: string) =>
  (await t.db.select({ n: count() }).from(profiles).where(eq(profiles.email, email)))[0]!.n;
const refusedWith = (
  res: { statusCode: number; json(): { error: { message: string } } },
  message: string,
) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.message).toBe(message);
};
/** A challenge signed with the app's own key, as the server would make it, with other terms. */
const signedChallenge = async (terms: { expires: Date; cost: number }): Promise<PowChallenge> => {
  const made = await createChallenge({
    hmacKey: t.app.powKey,
    algorithm: 'SHA-256',
    maxnumber: terms.cost,
    expires: terms.expires,
    params: { cost: String(terms.cost) },
  });
  return { ...made, algorithm: 'SHA-256', maxnumber: terms.cost };
};

describe('GET /api/v1/anti-bot/challenge', () => {
  it('hands anyone a signed challenge at the site’s cost, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/anti-bot/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as PowChallenge;
    expect(body).toMatchObject({ algorithm: 'SHA-256', maxnumber: siteSettingDefaults.anti_bot.powCost });
    expect(body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    // The cost and the expiry are in the signed salt.
    expect(body.salt).toMatch(/\?.*expires=\d+/);
    expect(body.salt).toContain(`cost=${siteSettingDefaults.anti_bot.powCost}`);
    // Each call is a new challenge.
    expect((await challenge()).challenge).not.toBe(body.challenge);
  });

  it('is rate limited per IP', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const get = () =>
        limited.app.inject({ method: 'GET', url: '/api/v1/anti-bot/challenge', remoteAddress: '10.61.0.1' });
      for (let i = 0; i < 60; i++) expect((await get()).statusCode).toBe(200);
      const res = await get();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up asks for a solved challenge', () => {
  it('refuses a sign-up without one, and makes no account', async () => {
    const body = newMember();
    refusedWith(await signUp(body), antiBotMessages.missing);
    expect(await accounts(body.email)).toBe(0);
  });

  it('refuses a wrong solution and one that is not ours', async () => {
    const body = newMember();
    const solved = JSON.parse(atob(solveChallenge(await challenge())));
    const wrong = btoa(JSON.stringify({ ...solved, number: solved.number + 1 }));
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: wrong }), antiBotMessages.invalid);
    const foreign = await createChallenge({ hmacKey: 'someone-else', maxnumber: 1000 });
    const forged = solveChallenge({ ...foreign, algorithm: 'SHA-256', maxnumber: 1000 });
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: forged }), antiBotMessages.invalid);
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: 'not base64 json' }), antiBotMessages.invalid);
    expect(await accounts(body.email)).toBe(0);
  });

  it('refuses a stale (expired) challenge', async () => {
    const body = newMember();
    const stale = await signedChallenge({
      expires: new Date(Date.now() - 1000),
      cost: siteSettingDefaults.anti_bot.powCost,
    });
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: solveChallenge(stale) }), antiBotMessages.stale);
    expect(await accounts(body.email)).toBe(0);
  });

  it('refuses a challenge cheaper than the current cost', async () => {
    await setCost(1000);
    const cheap = await challenge();
    expect(cheap.maxnumber).toBe(1000);
    await setCost(siteSettingDefaults.anti_bot.powCost);
    const body = newMember();
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: solveChallenge(cheap) }), antiBotMessages.tooCheap);
    // A client cannot claim the higher cost: it is in the signed salt.
    const claimed = JSON.parse(atob(solveChallenge(await challenge())));
    const forged = btoa(
      JSON.stringify({ ...claimed, salt: claimed.salt.replace(/cost=\d+/, 'cost=9999999') }),
    );
    refusedWith(await signUp(body, { [ALTCHA_HEADER]: forged }), antiBotMessages.invalid);
    expect(await accounts(body.email)).toBe(0);
  });

  it('accepts a right solution once; the same solution again is refused as reused', async () => {
    const headers = await altcha(t.app);
    const first = newMember();
    const ok = await signUp(first, headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await accounts(first.email)).toBe(1);
    const signature = JSON.parse(atob(headers[ALTCHA_HEADER])).signature as string;
    const [spent] = await t.db.select().from(spentChallenges).where(eq(spentChallenges.signature, signature));
    expect(spent!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const second = newMember();
    refusedWith(await signUp(second, headers), antiBotMessages.reused);
    expect(await accounts(second.email)).toBe(0);
  });

  it('the clean-up sweeps spent challenges once they have expired', async () => {
    await t.db.insert(spentChallenges).values([
      { signature: 'expired-spent', expiresAt: new Date(Date.now() - 60_000) },
      { signature: 'live-spent', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await cleanUp(t.db, { prune: async () => {} });
    const left = await t.db
      .select({ signature: spentChallenges.signature })
      .from(spentChallenges)
      .where(sql`${spentChallenges.signature} in ('expired-spent', 'live-spent')`);
    expect(left).toEqual([{ signature: 'live-spent' }]);
  });

  it('the cost is a site setting between 1,000 and 10,000,000', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site-settings/anti_bot',
      headers: { cookie: admin.cookie },
      payload: { powCost: 999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(siteSettingsMessages.powCostRange);
  });
});

describe('the reset request asks for a solved challenge', () => {
  it('refuses one without, accepts one with', async () => {
    const url = '/api/auth/request-password-reset';
    const payload = { email: 'someone@example.com' };
    refusedWith(await t.app.inject({ method: 'POST', url, payload }), antiBotMessages.missing);
    const ok = await t.app.inject({ method: 'POST', url, payload, headers: await altcha(t.app) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a new member’s first post asks for a solved challenge', () => {
  const post = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: { cookie, ...headers },
      payload: { content: 'Hello, first post here' },
    });

  it('refuses a new member’s first post without one; with one it is made, and the next needs none', async () => {
    const member = await buildSignedInUser(t, { trustLevel: 'new' });
    refusedWith(await post(member.cookie), antiBotMessages.missing);
    const mine = () => t.db.select().from(socialPosts).where(eq(socialPosts.userId, member.id));
    expect(await mine()).toHaveLength(0);
    const held = () => t.db.select().from(reviewItems).where(eq(reviewItems.authorId, member.id));
    // With one it is made, and like every first post of a new member it waits for staff (the review queue).
    const first = await post(member.cookie, await altcha(t.app));
    expect(first.statusCode, first.body).toBe(202);
    expect(await held()).toHaveLength(1);
    // The member has posted now: the next asks no challenge.
    const next = await post(member.cookie);
    expect(next.statusCode, next.body).toBe(202);
    expect(await held()).toHaveLength(2);
    expect(await mine()).toHaveLength(0);
  });

  it('asks nothing of a member past `new`', async () => {
    const member = await buildSignedInUser(t, { trustLevel: 'member' });
    const res = await post(member.cookie);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the forum thread and reply routes declare it too', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-proof-of-work'?: string }>>;
    };
    expect(doc.paths['/api/v1/forum/threads']!.post!['x-proof-of-work']).toBe('firstPost');
    expect(doc.paths['/api/v1/forum/threads/{id}/replies']!.post!['x-proof-of-work']).toBe('firstPost');
    expect(doc.paths['/api/v1/posts']!.post!['x-proof-of-work']).toBe('firstPost');
    expect(doc.paths['/api/auth/sign-up/email']!.post!['x-proof-of-work']).toBe('always');
    expect(doc.paths['/api/auth/request-password-reset']!.post!['x-proof-of-work']).toBe('always');
  });
});

describe('sign-ups per network and disposable addresses', () => {
  // Each sign-up's challenge is asked from the address that signs up, as a browser would.
  it('refuses a disposable address (and its subdomains) with a clear message', async () => {
    for (const email of ['bot@mailinator.com', 'bot@inbox.mailinator.com', 'bot@YOPMAIL.com']) {
      const res = await signUp({ ...newMember(), email }, await altcha(t.app));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: antiBotMessages.disposableEmail,
        fields: { email: antiBotMessages.disposableEmail },
      });
      expect(await accounts(email.toLowerCase())).toBe(0);
    }
  });

  it('limits sign-ups per IP and per /24 network (IPv4) and /48 (IPv6)', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const go = async (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: newMember(),
          headers: await altcha(limited.app, ip),
          remoteAddress: ip,
        });
      // Ten from one address, then that address is refused.
      for (let i = 0; i < 10; i++) expect((await go('10.50.1.1')).statusCode).toBe(200);
      expect((await go('10.50.1.1')).statusCode).toBe(429);
      // Thirty in all from one /24, whatever the addresses (the refusal above counted on the address only).
      for (let i = 2; i <= 21; i++) expect((await go(`10.50.1.${i}`)).statusCode).toBe(200);
      const refused = await go('10.50.1.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another network is not held back.
      expect((await go('10.50.2.1')).statusCode).toBe(200);
      // IPv6: one /48 shares the ceiling, across its /64s.
      for (let i = 1; i <= 30; i++)
        expect((await go(`2001:db8:1:${i.toString(16)}::1`)).statusCode).toBe(200);
      expect((await go('2001:db8:1:ffff::1')).statusCode).toBe(429);
      expect((await go('2001:db8:2::1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
