import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../contract/messages.ts';
import { accounts, sessions } from '../../db/schema/index.ts';
import { buildSignedInUser, signIn } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const change = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json().user;
const passwordHash = async (userId: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.userId, userId)))[0]!.password;

describe('POST /api/auth/change-password', () => {
  it('requires a session', async () => {
    const res = await change({ currentPassword: 'whatever-1', newPassword: 'whatever-2' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('changes the password, ends my other sessions and keeps this browser signed in', async () => {
    const user = await buildSignedInUser(t);
    const otherBrowser = await signIn(t, user);
    const before = await passwordHash(user.id);
    const res = await change(
      { currentPassword: user.password, newPassword: 'brand-new-pass-1' },
      user.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.body).not.toMatch(/token/i);
    expect(await passwordHash(user.id)).not.toBe(before);

    // This browser got a fresh session cookie; the other browser is signed out.
    const fresh = [res.headers['set-cookie']]
      .flat()
      .filter((c): c is string => Boolean(c))
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(fresh).toContain('session_token');
    expect((await sessionOf(fresh))?.id).toBe(user.id);
    expect(await sessionOf(otherBrowser)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    // The old password no longer works; the new one does.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t, { email: user.email, password: 'brand-new-pass-1' });
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const user = await buildSignedInUser(t);
    const before = await passwordHash(user.id);
    const res = await change(
      { currentPassword: 'not-my-password', newPassword: 'brand-new-pass-1' },
      user.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: accountMessages.currentPasswordIncorrect,
      fields: { currentPassword: accountMessages.currentPasswordIncorrect },
    });
    expect(await passwordHash(user.id)).toBe(before);
    expect((await sessionOf(user.cookie))?.id).toBe(user.id);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    [
      'a short new password',
      { currentPassword: 'x', newPassword: 'short' },
      accountMessages.newPasswordTooShort,
    ],
    ['a missing new password', { currentPassword: 'x' }, accountMessages.newPasswordTooShort],
    [
      'a too long new password',
      { currentPassword: 'x', newPassword: 'a'.repeat(129) },
      accountMessages.newPasswordTooLong,
    ],
    ['a missing current password', { newPassword: 'long-enough-1' }, accountMessages.currentPasswordRequired],
    [
      'an empty current password',
      { currentPassword: '', newPassword: 'long-enough-1' },
      accountMessages.currentPasswordRequired,
    ],
  ];
  for (const [name, body, message] of invalid) {
    it(`answers 400 for ${name}`, async () => {
      const user = await buildSignedInUser(t);
      const before = await passwordHash(user.id);
      const res = await change(body, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await passwordHash(user.id)).toBe(before);
    });
  }

  it('limits attempts per member', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const user = await buildSignedInUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass-1' },
          headers: { cookie: user.cookie },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
