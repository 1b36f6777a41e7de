import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialMessages } from '../../../contract/messages.ts';
import type { PublicProfile, UserSummary } from '../../../contract/profiles.ts';
import { profiles, userFollowers } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof buildSignedInUser>>;
let other: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildSignedInUser(t, { balance: 70, credits: 1200 });
  other = await buildSignedInUser(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const follows = (followerId: string, followingId: string) =>
  t.db
    .select()
    .from(userFollowers)
    .where(and(eq(userFollowers.followerId, followerId), eq(userFollowers.followingId, followingId)));

describe('GET /api/v1/users/:id', () => {
  it('answers Profile not found for an unknown or malformed id', async () => {
    const res = await call('GET', `/users/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(socialMessages.profileNotFound);
    const bad = await call('GET', '/users/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(socialMessages.profileNotFound);
  });

  it('shows the public profile to visitors and other members, never balance or credits', async () => {
    await t.db.update(profiles).set({ bio: 'Hi there' }).where(eq(profiles.id, owner.id));
    for (const cookie of [undefined, other.cookie]) {
      const res = await call('GET', `/users/${owner.id}`, cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json<PublicProfile>();
      expect(body).toMatchObject({
        id: owner.id,
        username: owner.username,
        avatarUrl: null,
        bio: 'Hi there',
        role: 'user',
        banned: false,
        isFollowing: false,
      });
      expect(Object.keys(body).sort()).toEqual(
        [
          'avatarUrl',
          'banned',
          'bio',
          'createdAt',
          'followerCount',
          'followingCount',
          'id',
          'isFollowing',
          'role',
          'trustLevel',
          'username',
        ].sort(),
      );
      expect(res.body).not.toContain('email');
    }
  });

  it('adds balance and credits for the owner and for staff', async () => {
    const mod = await buildSignedInUser(t, { role: 'moderator' });
    for (const cookie of [owner.cookie, mod.cookie]) {
      const body = (await call('GET', `/users/${owner.id}`, cookie)).json<PublicProfile>();
      expect(body.balance).toBe(70);
      expect(body.credits).toBe(1200);
    }
  });

  it('counts followers and following and tells whether I follow, in one statement', async () => {
    const target = await buildUser(t);
    const fans = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    for (const fan of fans) await call('PUT', `/users/${target.id}/follow`, fan.cookie);
    await t.db.insert(userFollowers).values({ followerId: target.id, followingId: owner.id });
    const { result, statements } = await countStatements(t.database, () =>
      call('GET', `/users/${target.id}`, fans[0]!.cookie),
    );
    expect(result.json()).toMatchObject({ followerCount: 2, followingCount: 1, isFollowing: true });
    expect(statements.filter((s) => s.includes('"user_followers"'))).toHaveLength(1);
    expect((await call('GET', `/users/${target.id}`, other.cookie)).json().isFollowing).toBe(false);
  });

  it('shows the Banned flag and staff roles', async () => {
    const banned = await buildUser(t, { role: 'moderator' });
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, banned.id));
    expect((await call('GET', `/users/${banned.id}`)).json()).toMatchObject({
      banned: true,
      role: 'moderator',
    });
  });
});

describe('PUT/DELETE /api/v1/users/:id/follow', () => {
  it('requires a session', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, `/users/${owner.id}/follow`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(socialMessages.loginToFollow);
    }
  });

  it('refuses following yourself and unknown members', async () => {
    const self = await call('PUT', `/users/${other.id}/follow`, other.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(socialMessages.followSelf);
    expect(await follows(other.id, other.id)).toHaveLength(0);
    const missing = await call('PUT', `/users/${randomUUID()}/follow`, other.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(socialMessages.profileNotFound);
    expect((await call('PUT', '/users/xyz/follow', other.cookie)).statusCode).toBe(400);
  });

  it('follows and unfollows idempotently', async () => {
    const target = await buildUser(t);
    const fan = await buildSignedInUser(t);
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/users/${target.id}/follow`, fan.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ following: true, followerCount: 1 });
    }
    expect(await follows(fan.id, target.id)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/users/${target.id}/follow`, fan.cookie);
      expect(res.json()).toEqual({ following: false, followerCount: 0 });
    }
    expect(await follows(fan.id, target.id)).toHaveLength(0);
  });
});

describe('GET /api/v1/users?q=', () => {
  it('finds members by part of their username, any case, without the caller', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await buildSignedInUser(t, { username: `Zed_${tag}_a` });
    const b = await buildUser(t, { username: `zed_${tag}_b` });
    await buildUser(t, { username: `other_${tag.slice(0, 3)}` });
    const res = await call('GET', `/users?q=${tag.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: UserSummary[] }>().items;
    expect(items).toEqual([
      { id: a.id, username: a.username, avatarUrl: null },
      { id: b.id, username: b.username, avatarUrl: null },
    ]);
    const mine = (await call('GET', `/users?q=${tag}`, a.cookie)).json<{ items: UserSummary[] }>().items;
    expect(mine.map((u) => u.id)).toEqual([b.id]);
  });

  it('treats LIKE wildcards literally and returns at most 20', async () => {
    expect((await call('GET', '/users?q=%25')).json().items).toEqual([]);
    expect(
      (await call('GET', '/users?q=_')).json().items.every((u: UserSummary) => u.username.includes('_')),
    ).toBe(true);
    for (let i = 0; i < 21; i++) await buildUser(t);
    expect((await call('GET', '/users')).json().items).toHaveLength(20);
    expect((await call('GET', `/users?q=${'a'.repeat(51)}`)).statusCode).toBe(400);
  });
});
