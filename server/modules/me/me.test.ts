import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema/index.ts';
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
        'locale',
        'role',
        'twoFactorEnabled',
        'username',
      ].sort(),
    );
  });
});

describe('GET /api/v1/me: the saved language (issue 41)', () => {
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
  const saveLocale = (cookie: string, locale: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/settings',
      headers: { cookie },
      payload: { emailNotifications: true, marketplaceUpdates: true, securityAlerts: true, locale },
    });
  const savedLocale = async (userId: string) =>
    (await t.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0]?.locale ?? null;

  it('is null for a member without a settings row', async () => {
    const user = await buildSignedInUser(t);
    await t.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toBeNull();
  });

  it('is the language saved in the settings, each listed one, then null again; another member’s stays theirs', async () => {
    const user = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    expect((await saveLocale(other.cookie, 'ru')).statusCode).toBe(200);
    for (const locale of ['ru', 'de', 'es', 'pt-BR', 'zh-CN', 'en'] as const) {
      expect((await saveLocale(user.cookie, locale)).statusCode, locale).toBe(200);
      expect(await savedLocale(user.id), locale).toBe(locale);
      expect((await me(user.cookie)).json().locale, locale).toBe(locale);
    }
    expect((await saveLocale(user.cookie, null)).statusCode).toBe(200);
    expect(await savedLocale(user.id)).toBeNull();
    expect((await me(user.cookie)).json().locale).toBeNull();
    expect(await savedLocale(other.id)).toBe('ru');
    expect((await me(other.cookie)).json().locale).toBe('ru');
  });

  it('reads the database row as it is now (a change made elsewhere shows at once)', async () => {
    const user = await buildSignedInUser(t);
    await t.db
      .insert(userSettings)
      .values({ userId: user.id, locale: 'es' })
      .onConflictDoUpdate({ target: userSettings.userId, set: { locale: 'es' } });
    expect((await me(user.cookie)).json().locale).toBe('es');
    await t.db.update(userSettings).set({ locale: 'zh-CN' }).where(eq(userSettings.userId, user.id));
    expect((await me(user.cookie)).json().locale).toBe('zh-CN');
  });

  it('PATCH /me answers with the saved language too', async () => {
    const user = await buildSignedInUser(t);
    expect((await saveLocale(user.cookie, 'de')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: user.cookie },
      payload: { bio: 'Hallo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'Hallo', locale: 'de' });
    expect(await savedLocale(user.id)).toBe('de');
  });
});
