import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../contract/messages.ts';
import { loginEvents, userSettings } from '../../db/schema/index.ts';
import { buildSignedInUser, signIn } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/settings',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const allOn = {
  emailNotifications: true,
  marketplaceUpdates: true,
  securityAlerts: true,
  digest: 'weekly',
  showOnline: true,
  locale: null,
};

describe('GET /api/v1/me/settings', () => {
  it('requires a session', async () => {
    const res = await get('/api/v1/me/settings');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be logged in');
  });

  it('has every notification on for a member who never saved', async () => {
    const user = await buildSignedInUser(t);
    const res = await get('/api/v1/me/settings', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(allOn);
  });
});

describe('PUT /api/v1/me/settings', () => {
  it('requires a session', async () => {
    const res = await put(allOn);
    expect(res.statusCode).toBe(401);
  });

  it('saves my toggles, changes them again, and touches nobody else', async () => {
    const other = await buildSignedInUser(t);
    const user = await buildSignedInUser(t);
    const off = {
      emailNotifications: false,
      marketplaceUpdates: true,
      securityAlerts: false,
      digest: 'weekly',
      showOnline: true,
      locale: null,
    };
    const res = await put(off, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(off);
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row).toMatchObject(off);
    expect((await get('/api/v1/me/settings', user.cookie)).json()).toEqual(off);

    const again = {
      emailNotifications: true,
      marketplaceUpdates: false,
      securityAlerts: true,
      digest: 'weekly',
      showOnline: true,
      locale: null,
    };
    expect((await put(again, user.cookie)).json()).toEqual(again);
    const rows = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(again);
    expect((await get('/api/v1/me/settings', other.cookie)).json()).toEqual(allOn);
  });

  it('saves the digest period, keeps it when a save leaves it out, and touches nobody else', async () => {
    const other = await buildSignedInUser(t);
    const user = await buildSignedInUser(t);
    const daily = { ...allOn, digest: 'daily' };
    const res = await put(daily, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(daily);
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row?.digest).toBe('daily');
    expect((await get('/api/v1/me/settings', user.cookie)).json()).toEqual(daily);

    // The three switches alone (an older client) change the switches and leave the period as it was.
    const { digest: _left, ...switches } = { ...allOn, marketplaceUpdates: false };
    expect((await put(switches, user.cookie)).json()).toEqual({ ...switches, digest: 'daily' });

    expect((await put({ ...allOn, digest: 'off' }, user.cookie)).json().digest).toBe('off');
    const [after] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(after?.digest).toBe('off');
    expect((await get('/api/v1/me/settings', other.cookie)).json()).toEqual(allOn);
  });

  it('hides me from the online list and shows me again, keeping the choice when a save leaves it out (issue 36)', async () => {
    const other = await buildSignedInUser(t);
    const user = await buildSignedInUser(t);
    const hidden = await put({ ...allOn, showOnline: false }, user.cookie);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ ...allOn, showOnline: false });
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row?.showOnline).toBe(false);
    expect((await get('/api/v1/me/settings', user.cookie)).json().showOnline).toBe(false);
    // A save without it (an older client) keeps it.
    const { showOnline: _left, ...rest } = { ...allOn, emailNotifications: false };
    expect((await put(rest, user.cookie)).json()).toEqual({ ...rest, showOnline: false });
    expect((await put(allOn, user.cookie)).json().showOnline).toBe(true);
    const [after] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(after?.showOnline).toBe(true);
    expect((await get('/api/v1/me/settings', other.cookie)).json()).toEqual(allOn);
    const bad = await put({ ...allOn, showOnline: 'no' }, user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });

  for (const bad of ['monthly', '', true, null]) {
    it(`answers 400 with the digest message for digest ${JSON.stringify(bad)}`, async () => {
      const user = await buildSignedInUser(t);
      const res = await put({ ...allOn, digest: bad }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.message).toBe(accountMessages.digestInvalid);
      expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(0);
    });
  }

  const invalid: [string, unknown][] = [
    ['a missing toggle', { emailNotifications: true, marketplaceUpdates: true }],
    ['a string instead of a boolean', { ...allOn, securityAlerts: 'yes' }],
    ['an unknown key', { ...allOn, userId: '00000000-0000-4000-8000-000000000000' }],
    ['an array', [true, true, true]],
  ];
  for (const [name, body] of invalid) {
    it(`answers 400 for ${name}`, async () => {
      const user = await buildSignedInUser(t);
      const res = await put(body, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(0);
    });
  }
});

describe('GET /api/v1/me/logins', () => {
  it('requires a session', async () => {
    const res = await get('/api/v1/me/logins');
    expect(res.statusCode).toBe(401);
  });

  it('lists my 10 latest sign-ins, newest first, and never anyone else’s', async () => {
    const other = await buildSignedInUser(t);
    const user = await buildSignedInUser(t);
    // 11 more sign-ins with distinct agents; the list keeps the 10 latest.
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers: { 'user-agent': `Agent/${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await get('/api/v1/me/logins', user.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      createdAt: string;
      ipAddress: string;
      userAgent: string;
    }[];
    expect(items).toHaveLength(10);
    expect(items.map((i) => i.userAgent)).toEqual(Array.from({ length: 10 }, (_, i) => `Agent/${10 - i}`));
    expect(items[0]!.ipAddress).toBe('127.0.0.1');
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['browser', 'createdAt', 'deviceKind', 'deviceModel', 'id', 'ipAddress', 'os', 'userAgent'].sort(),
    );
    // An agent that names no browser or system the server knows: codes and nulls, worded by the page.
    expect(items[0]).toMatchObject({ deviceKind: 'unknown', deviceModel: null, browser: null, os: null });
    const total = await t.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id));
    expect(total).toHaveLength(12);
    const mine = new Set(total.map((e) => e.id));
    expect(items.every((i) => mine.has(i.id))).toBe(true);
    const otherItems = (await get('/api/v1/me/logins', other.cookie)).json().items;
    expect(otherItems).toHaveLength(1);
  });

  it('costs the same few SQL statements for 1 sign-in or a full list', async () => {
    const fresh = await buildSignedInUser(t);
    const one = await countStatements(t.database, () => get('/api/v1/me/logins', fresh.cookie));
    expect(one.result.json().items).toHaveLength(1);
    for (let i = 0; i < 11; i++) await signIn(t, fresh);
    const full = await countStatements(t.database, () => get('/api/v1/me/logins', fresh.cookie));
    expect(full.result.json().items).toHaveLength(10);
    // The session lookup (better-auth) plus one query for the list.
    expect(full.statements.length).toBe(one.statements.length);
    expect(full.statements.filter((q) => q.includes('"login_events"'))).toHaveLength(1);
    console.info(`GET /me/logins: ${full.statements.length} SQL statements`);
  });

  it('does not count a password change or other session changes as a sign-in', async () => {
    const user = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: user.password, newPassword: 'another-password-1' },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    await signIn(t, { email: user.email, password: 'another-password-1' });
    expect(await t.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id))).toHaveLength(2);
  });
});

describe('PUT /api/v1/me/settings: the language (issue 41)', () => {
  it('saves each listed language, null follows the browser again, and refuses any other', async () => {
    const user = await buildSignedInUser(t);
    const ru = await put({ ...allOn, locale: 'ru' }, user.cookie);
    expect(ru.json()).toEqual({ ...allOn, locale: 'ru' });
    expect((await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id)))[0]?.locale).toBe(
      'ru',
    );
    // Left out, it keeps its value; null clears it.
    const { locale: _kept, ...rest } = allOn;
    expect((await put(rest, user.cookie)).json().locale).toBe('ru');
    expect((await put(allOn, user.cookie)).json().locale).toBeNull();
    for (const locale of ['de', 'es', 'pt-BR', 'zh-CN'] as const) {
      expect((await put({ ...allOn, locale }, user.cookie)).json().locale, locale).toBe(locale);
      const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
      expect(row?.locale, locale).toBe(locale);
    }
    // The tag as listed: a bare language or another region is not a setting (Accept-Language maps those); the
    // member's language is zh-CN now, so the refusal is in Chinese.
    for (const locale of ['pt', 'zh-TW']) {
      const refused = await put({ ...allOn, locale }, user.cookie);
      expect(refused.statusCode, locale).toBe(400);
      expect(refused.json().error.message, locale).toBe('请从列表中选择语言');
    }
    expect((await put(allOn, user.cookie)).json().locale).toBeNull();
    const bad = await put({ ...allOn, locale: 'fr' }, user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'VALIDATION',
      message: accountMessages.localeInvalid,
      fields: { locale: accountMessages.localeInvalid },
    });
  });
});
