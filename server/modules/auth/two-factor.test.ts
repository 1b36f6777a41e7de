import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages } from '../../../contract/messages.ts';
import { loginEvents, profiles, twoFactors } from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/browser.ts';
import { type BuiltUser, buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { totpNow } from '../../test/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (app: TestApp, url: string, payload: unknown, cookie?: string) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const profileOf = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const loginCount = async (id: string) =>
  (await t.db.select().from(loginEvents).where(eq(loginEvents.userId, id))).length;

/** A member with two-factor sign-in fully on; returns the URI (to compute codes) and backup codes. */
async function withTwoFactor(app: TestApp = t) {
  const user = await buildSignedInUser(app);
  const enable = await post(app, '/api/auth/two-factor/enable', { password: user.password }, user.cookie);
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const confirm = await post(
    app,
    '/api/auth/two-factor/confirm',
    { code: await totpNow(totpURI) },
    user.cookie,
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { user, totpURI, backupCodes, cookie: cookiesOf(confirm) || user.cookie };
}

/** Password step of a sign-in: returns the two_factor challenge cookie. */
async function passwordStep(user: BuiltUser, app: TestApp = t) {
  const res = await post(app, '/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  const cookie = cookiesOf(res);
  expect(cookie).toContain('two_factor');
  expect(cookie).not.toContain('session_token');
  return cookie;
}

describe('POST /api/auth/two-factor/enable', () => {
  it('requires a session', async () => {
    const res = await post(t, '/api/auth/two-factor/enable', { password: 'whatever' });
    expect(res.statusCode).toBe(401);
  });

  it('re-checks the password', async () => {
    const user = await buildSignedInUser(t);
    const wrong = await post(t, '/api/auth/two-factor/enable', { password: 'not-it-at-all' }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: accountMessages.currentPasswordIncorrect,
      fields: { password: accountMessages.currentPasswordIncorrect },
    });
    const empty = await post(t, '/api/auth/two-factor/enable', { password: '' }, user.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(messages.passwordRequired);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
  });

  it('gives an authenticator URI and 10 backup codes, and waits for a code before it is on', async () => {
    const user = await buildSignedInUser(t);
    const res = await post(t, '/api/auth/two-factor/enable', { password: user.password }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['backupCodes', 'totpURI']);
    expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/CheatMarket:.+\?secret=[A-Z2-7]+/);
    expect(body.backupCodes).toHaveLength(10);
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row).toMatchObject({ verified: false });
    // Stored encrypted: neither the secret nor a backup code appears in the row.
    const secret = new URL(body.totpURI).searchParams.get('secret')!;
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(body.backupCodes[0]);
    expect((await profileOf(user.id)).twoFactorEnabled).toBe(false);
    // Not confirmed yet: sign-in still needs only the password.
    const signIn = await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.json().user.id).toBe(user.id);
  });

  it('refuses to start again once it is on', async () => {
    const { user, cookie } = await withTwoFactor();
    const res = await post(t, '/api/auth/two-factor/enable', { password: user.password }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(accountMessages.twoFactorAlreadyEnabled);
  });
});

describe('POST /api/auth/two-factor/confirm', () => {
  it('requires a session', async () => {
    const res = await post(t, '/api/auth/two-factor/confirm', { code: '123456' });
    expect(res.statusCode).toBe(401);
  });

  it('needs a setup in progress', async () => {
    const user = await buildSignedInUser(t);
    const res = await post(t, '/api/auth/two-factor/confirm', { code: '123456' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(accountMessages.twoFactorNotStarted);
  });

  it('refuses a wrong or malformed code, then turns two-factor on with the right one', async () => {
    const user = await buildSignedInUser(t);
    const { totpURI } = (
      await post(t, '/api/auth/two-factor/enable', { password: user.password }, user.cookie)
    ).json();
    const good = await totpNow(totpURI);
    const wrong = good === '000000' ? '111111' : '000000';
    for (const [code, message] of [
      [wrong, accountMessages.invalidCode],
      ['12ab56', accountMessages.invalidCode],
      ['', accountMessages.codeRequired],
    ] as const) {
      const res = await post(t, '/api/auth/two-factor/confirm', { code }, user.cookie);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await profileOf(user.id)).twoFactorEnabled).toBe(false);

    const res = await post(t, '/api/auth/two-factor/confirm', { code: good }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(user.id)).twoFactorEnabled).toBe(true);
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.verified).toBe(true);
    // The browser that turned it on stays signed in (its session was renewed).
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookiesOf(res) } });
    expect(me.json()).toMatchObject({ id: user.id, twoFactorEnabled: true });
  });
});

describe('sign-in with two-factor', () => {
  it('asks for a code after the password and signs in with the right one', async () => {
    const { user, totpURI } = await withTwoFactor();
    const before = await loginCount(user.id);
    const challenge = await passwordStep(user);
    expect(await loginCount(user.id)).toBe(before); // not signed in yet

    const verify = await post(t, '/api/auth/two-factor/verify', { code: await totpNow(totpURI) }, challenge);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({
      user: { id: user.id, username: user.username, role: 'user', avatarUrl: null },
    });
    expect(verify.body).not.toMatch(/token/i);
    const session = cookiesOf(verify);
    expect(session).toContain('session_token');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: session } });
    expect(me.json().id).toBe(user.id);
    expect(await loginCount(user.id)).toBe(before + 1);

    // The challenge is used up.
    const replay = await post(t, '/api/auth/two-factor/verify', { code: await totpNow(totpURI) }, challenge);
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a wrong code and keeps the member signed out', async () => {
    const { user, totpURI } = await withTwoFactor();
    const challenge = await passwordStep(user);
    const good = await totpNow(totpURI);
    const res = await post(
      t,
      '/api/auth/two-factor/verify',
      { code: good === '000000' ? '111111' : '000000' },
      challenge,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: accountMessages.invalidCode,
      fields: { code: accountMessages.invalidCode },
    });
    expect(cookiesOf(res)).not.toContain('session_token');
    // The right code still works on the same challenge.
    const ok = await post(t, '/api/auth/two-factor/verify', { code: await totpNow(totpURI) }, challenge);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('accepts each backup code once', async () => {
    const { user, backupCodes } = await withTwoFactor();
    const first = await post(
      t,
      '/api/auth/two-factor/verify',
      { code: backupCodes[0] },
      await passwordStep(user),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.id).toBe(user.id);

    const again = await post(
      t,
      '/api/auth/two-factor/verify',
      { code: backupCodes[0] },
      await passwordStep(user),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(accountMessages.invalidBackupCode);

    const second = await post(
      t,
      '/api/auth/two-factor/verify',
      { code: backupCodes[1] },
      await passwordStep(user),
    );
    expect(second.statusCode).toBe(200);
  });

  it('refuses a code without a password step first', async () => {
    const res = await post(t, '/api/auth/two-factor/verify', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(accountMessages.codeExpired);
    const blank = await post(t, '/api/auth/two-factor/verify', { code: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(accountMessages.codeRequired);
  });

  it('ends a challenge after 5 wrong codes, and limits code attempts per IP', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const { user, totpURI } = await withTwoFactor(limited);
      const challenge = await passwordStep(user, limited);
      const good = await totpNow(totpURI);
      const wrong = good === '000000' ? '111111' : '000000';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await post(limited, '/api/auth/two-factor/verify', { code: wrong }, challenge)).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      const locked = await post(
        limited,
        '/api/auth/two-factor/verify',
        { code: await totpNow(totpURI) },
        challenge,
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toBe(accountMessages.tooManyCodeAttempts);

      // 10 attempts per IP in the window (6 used): past them even the right code is refused unchecked.
      const fresh = await passwordStep(user, limited);
      const more: number[] = [];
      for (let i = 0; i < 4; i++) {
        more.push((await post(limited, '/api/auth/two-factor/verify', { code: wrong }, fresh)).statusCode);
      }
      const right = await post(
        limited,
        '/api/auth/two-factor/verify',
        { code: await totpNow(totpURI) },
        fresh,
      );
      expect([...more, right.statusCode]).toEqual([400, 400, 400, 400, 429]);
      expect(
        (await limited.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id))).length,
      ).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/two-factor/disable', () => {
  it('requires a session', async () => {
    const res = await post(t, '/api/auth/two-factor/disable', { password: 'whatever' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 when two-factor is off', async () => {
    const user = await buildSignedInUser(t);
    const res = await post(t, '/api/auth/two-factor/disable', { password: user.password }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(accountMessages.twoFactorNotEnabled);
  });

  it('re-checks the password, then turns it off so sign-in needs only the password', async () => {
    const { user, cookie } = await withTwoFactor();
    const wrong = await post(t, '/api/auth/two-factor/disable', { password: 'not-it-at-all' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(accountMessages.currentPasswordIncorrect);
    expect((await profileOf(user.id)).twoFactorEnabled).toBe(true);

    const res = await post(t, '/api/auth/two-factor/disable', { password: user.password }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(user.id)).twoFactorEnabled).toBe(false);
    expect(
      await t.db
        .select()
        .from(twoFactors)
        .where(and(eq(twoFactors.userId, user.id))),
    ).toHaveLength(0);
    const signIn = await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.json().user.id).toBe(user.id);
  });
});
