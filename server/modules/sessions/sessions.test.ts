import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMessages } from '../../../contract/messages.ts';
import { sessions } from '../../db/schema/index.ts';
import { FIREFOX_LINUX, SAFARI_IPHONE, signInFrom } from '../../test/browser.ts';
import { buildSignedInUser, signIn } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const sessionRows = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('GET /api/v1/me/sessions', () => {
  it('is 401 signed out', async () => {
    const res = await get('/api/v1/me/sessions');
    expect(res.statusCode).toBe(401);
  });

  it('lists my sessions with device, browser, OS, IP and times, marks this one, and never a token', async () => {
    const user = await buildSignedInUser(t);
    const phone = await signInFrom(t, user, SAFARI_IPHONE);
    const other = await buildSignedInUser(t);
    const res = await get('/api/v1/me/sessions', phone);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: Record<string, unknown>[] };
    const rows = await sessionRows(user.id);
    expect(items).toHaveLength(2);
    expect(items.map((i) => i.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const current = items.find((i) => i.current)!;
    expect(current).toMatchObject({
      deviceKind: 'mobile',
      deviceModel: 'Apple iPhone',
      browser: 'Safari 17',
      os: 'iOS',
      ipAddress: '203.0.113.7',
      current: true,
    });
    expect(Object.keys(current).sort()).toEqual(
      [
        'browser',
        'createdAt',
        'current',
        'deviceKind',
        'deviceModel',
        'id',
        'ipAddress',
        'lastActiveAt',
        'os',
      ].sort(),
    );
    expect(items.filter((i) => i.current)).toHaveLength(1);
    expect(new Date(String(current.lastActiveAt)).getTime()).toBeGreaterThan(0);
    for (const row of rows) expect(res.body).not.toContain(row.token);
    const otherRows = await sessionRows(other.id);
    expect(res.body).not.toContain(otherRows[0]!.id);
  });

  it('sends an unread user agent as codes and nulls, never English words (issue 41)', async () => {
    const user = await buildSignedInUser(t);
    const { items } = (await get('/api/v1/me/sessions', user.cookie)).json() as {
      items: Record<string, unknown>[];
    };
    expect(items).toEqual([
      expect.objectContaining({
        deviceKind: 'unknown',
        deviceModel: null,
        browser: null,
        os: null,
        current: true,
      }),
    ]);
  });
});

describe('DELETE /api/v1/me/sessions/:id', () => {
  it('is 401 signed out', async () => {
    const res = await send('DELETE', '/api/v1/me/sessions/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(401);
  });

  it('signs that session out: its cookie is a visitor at once', async () => {
    const user = await buildSignedInUser(t);
    const laptop = await signInFrom(t, user, FIREFOX_LINUX);
    expect((await get('/api/v1/me', laptop)).statusCode).toBe(200);
    const { items } = (await get('/api/v1/me/sessions', user.cookie)).json() as {
      items: { id: string; current: boolean }[];
    };
    const target = items.find((i) => !i.current)!;
    const res = await send('DELETE', `/api/v1/me/sessions/${target.id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await get('/api/v1/me', laptop)).statusCode).toBe(401);
    expect((await get('/api/v1/me', user.cookie)).statusCode).toBe(200);
    const rows = await sessionRows(user.id);
    expect(rows.map((r) => r.id)).toEqual([items.find((i) => i.current)!.id]);
  });

  it("is 404 for another member's session, which stays signed in", async () => {
    const me = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const [theirs] = await sessionRows(other.id);
    const res = await send('DELETE', `/api/v1/me/sessions/${theirs!.id}`, me.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(sessionMessages.sessionNotFound);
    expect(await sessionRows(other.id)).toHaveLength(1);
    expect((await get('/api/v1/me', other.cookie)).statusCode).toBe(200);
  });

  it('is 404 for an unknown or malformed id', async () => {
    const me = await buildSignedInUser(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await send('DELETE', `/api/v1/me/sessions/${id}`, me.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(sessionMessages.sessionNotFound);
    }
  });
});

describe('POST /api/v1/me/sessions/revoke-others', () => {
  it('is 401 signed out', async () => {
    expect((await send('POST', '/api/v1/me/sessions/revoke-others')).statusCode).toBe(401);
  });

  it('signs out every other session of mine and keeps this one and other members', async () => {
    const user = await buildSignedInUser(t);
    const a = await signInFrom(t, user, FIREFOX_LINUX);
    const b = await signIn(t, user);
    const other = await buildSignedInUser(t);
    const res = await send('POST', '/api/v1/me/sessions/revoke-others', b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await get('/api/v1/me', a)).statusCode).toBe(401);
    expect((await get('/api/v1/me', user.cookie)).statusCode).toBe(401);
    expect((await get('/api/v1/me', b)).statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await get('/api/v1/me', other.cookie)).statusCode).toBe(200);
  });
});
