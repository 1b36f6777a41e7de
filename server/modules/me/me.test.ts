import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/me', () => {
  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be logged in' } });
  });

  it('returns my own profile with its private fields and nothing secret', async () => {
    const user = await buildSignedInUser(t, { credits: 250, balance: 40 });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'user',
      banned: false,
      credits: 250,
      balance: 40,
      bio: null,
      avatarUrl: null,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'avatarUrl',
        'balance',
        'banned',
        'bio',
        'createdAt',
        'credits',
        'email',
        'emailVerified',
        'id',
        'role',
        'twoFactorEnabled',
        'username',
      ].sort(),
    );
  });
});
