import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../contract/messages.ts';
import { access } from './plugins/access.ts';
import { buildSignedInUser } from './test/factories.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
});
afterAll(() => t.close());

describe('security baseline', () => {
  it('sends a strict CSP and the other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Sockets only to ourselves (issue 36 finding: `ws: wss:` allowed any host).
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+;/);
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:)( |;)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('refuses state-changing requests from a foreign origin or a cross-site browser context', async () => {
    const user = await buildSignedInUser(t);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { ...headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'CROSS_SITE', message: messages.crossSite });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: user.cookie },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@example.com', password: 'x'.repeat(10_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });

  it('answers a wrong content type with a 4xx, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('errors', () => {
  it('never leaks a stack or message of an unexpected error', async () => {
    const own = await buildTestApp({
      beforeReady(app) {
        app.get('/api/v1/test-boom', { schema: { ...access('public'), summary: 'test route' } }, async () => {
          throw new Error('secret internals at /srv/app.ts:12');
        });
        app.get(
          '/api/v1/test-db-down',
          { schema: { ...access('public'), summary: 'test route' } },
          async () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          },
        );
      },
    });
    try {
      const res = await own.app.inject({ method: 'GET', url: '/api/v1/test-boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: messages.internal } });
      expect(res.body).not.toContain('secret');
      const down = await own.app.inject({ method: 'GET', url: '/api/v1/test-db-down' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: { code: 'UNAVAILABLE', message: messages.unavailable } });
    } finally {
      await own.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/openapi.json with a docs page at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in/email',
        '/api/auth/sign-up/email',
        '/api/v1/me',
        '/api/health',
      ]),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
