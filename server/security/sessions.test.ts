import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { rateRules } from '../plugins/rate-limit.ts';
import { altchaFor } from '../test/altcha.ts';
import { buildSignedInUser, buildUser } from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';
import { type ApiDocument, databaseSnapshot, readDocument, sample, sampleUrl } from './openapi.ts';

/**
 * Sessions and requests. Already proven elsewhere, so not repeated here:
 * - HttpOnly + SameSite=Lax session cookie, no token in the body; browser-session cookie without
 *   remember-me; a forged cookie is no session: server/modules/auth/auth.test.ts ("sets an HttpOnly
 *   SameSite cookie…", "without remember-me…", "a cookie with a forged token…").
 * - The session ends on sign-out (auth.test.ts "sign-out ends the session on the server"), on password
 *   change (server/modules/auth/change-password.test.ts "changes the password, ends my other sessions…"),
 *   on password reset (auth.test.ts "emails a link… ends old sessions") and on ban
 *   (server/modules/admin/admin-users.test.ts "a ban ends every live session…").
 * - CSP, nosniff and referrer policy on an API response; a foreign origin and a cross-site context refused
 *   on sign-out: server/app.test.ts "security baseline".
 * - 429s: sign-in per account and per IP, sign-up per IP, reset emails per account
 *   (server/plugins/rate-limit.test.ts); direct messages (direct-messages.test.ts "stops a flood of
 *   messages with 429"); posts (social.test.ts "is rate limited per member"); reports (reports.test.ts).
 * Covered here: the cookie's Secure flag and HSTS in production, cross-site refusal on EVERY state-changing
 * operation of the OpenAPI document with nothing written, security headers on every kind of response,
 * and the reset limit per IP (request and token guessing).
 */
let t: TestApp;
let doc: ApiDocument;
beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  doc = await readDocument(t);
});
afterAll(() => t.close());

describe('cookies in production (https)', () => {
  it('the session cookie is Secure, HttpOnly, SameSite=Lax, host-wide, and HSTS is sent', async () => {
    const prod = await buildTestApp({ env: { PUBLIC_URL: 'https://cheatmarket.example' } });
    try {
      const user = await buildUser(prod);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers: { origin: 'https://cheatmarket.example' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookies = [res.headers['set-cookie']].flat().filter((c): c is string => Boolean(c));
      const session = cookies.find((c) => c.includes('session_token'));
      expect(session).toBeDefined();
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      expect(session).toMatch(/;\s*Path=\/(;|$)/i);
      expect(session).not.toMatch(/;\s*Domain=/i);
      for (const c of cookies) {
        expect(c, 'every auth cookie is HttpOnly').toMatch(/;\s*HttpOnly/i);
        expect(c, 'every auth cookie is Secure').toMatch(/;\s*Secure/i);
      }
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{6,}/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });
});

describe('cross-site requests', () => {
  it('every state-changing operation refuses a foreign origin, a null origin and a cross-site context, writing nothing', async () => {
    const member = await buildSignedInUser(t, { role: 'admin' });
    const writes = doc.operations.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    const before = await databaseSnapshot(t);
    const failures: string[] = [];
    for (const op of writes) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'http://localhost:3000.evil.example' },
      ]) {
        const body = op.body ? JSON.stringify(sample(doc, op.body)) : undefined;
        const res = await t.app.inject({
          method: op.method,
          url: sampleUrl(doc, op),
          headers: {
            ...headers,
            cookie: member.cookie,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          payload: body,
        });
        if (res.statusCode !== 403 || res.json().error?.code !== 'CROSS_SITE') {
          failures.push(
            `${op.key} with ${JSON.stringify(headers)}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseSnapshot(t)).toEqual(before);
    // The member is still signed in: sign-out was refused too.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: member.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('the same requests from our own origin go through', async () => {
    const member = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      payload: { content: 'Same-origin post' },
      headers: { cookie: member.cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('security headers', () => {
  it('are on every kind of response: data, validation error, 401, 404 and 413', async () => {
    const member = await buildSignedInUser(t);
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: member.cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/posts/not-a-uuid/comments',
        headers: { cookie: member.cookie },
      }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 401, 400, 404, 413]);
    for (const res of responses) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // No CORS: another site's script cannot read our answers.
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('the API docs page (swagger-ui sets its own CSP) still allows no inline or foreign script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'\s*;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a cross-origin preflight gets no CORS grant', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/posts',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('rate limits at their real values', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => strict.close());

  // The reset request carries a solved challenge (issue 36), asked for from the same address.
  const post = async (url: string, payload: object, ip: string) =>
    strict.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: await altchaFor(strict.app, url, ip),
    });

  it('password reset requests are limited per IP across accounts', async () => {
    const { limit } = rateRules.resetPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/auth/request-password-reset',
        { email: `nobody${i}@example.com` },
        '10.7.0.1',
      );
      expect(res.statusCode).toBe(200);
    }
    const blocked = await post(
      '/api/auth/request-password-reset',
      { email: 'other@example.com' },
      '10.7.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.rateLimited });
    // Another IP is not affected.
    expect(
      (await post('/api/auth/request-password-reset', { email: 'x@example.com' }, '10.7.0.2')).statusCode,
    ).toBe(200);
  });

  it('guessing reset tokens is limited per IP', async () => {
    const { limit } = rateRules.resetPerIp;
    const codes: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await post(
        '/api/auth/reset-password',
        { token: `guess-${i}`, newPassword: 'new-password-1' },
        '10.7.1.1',
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, limit).every((c) => c >= 400 && c < 500 && c !== 429)).toBe(true);
    expect(codes[limit]).toBe(429);
  });
});
