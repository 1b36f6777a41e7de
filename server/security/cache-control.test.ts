import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing, buildSignedInUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Issue 36, finding "Private responses may be cached": 16 of 17 responses carrying keys, links, sessions, 2FA
 * secrets, balances or messages sent no Cache-Control, so a shared cache or the browser's disk could keep them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on API responses', () => {
  it('a member’s own answers are never stored, whatever they hold', async () => {
    const me = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: me.id });
    for (const url of [
      '/api/v1/me',
      '/api/v1/me/sessions',
      '/api/v1/me/logins',
      '/api/v1/me/settings',
      '/api/v1/wallet',
      '/api/v1/wallet/ledger',
      '/api/v1/wallet/deposits',
      '/api/v1/orders',
      '/api/v1/conversations',
      '/api/v1/notifications',
      `/api/v1/listings/${listing.id}`,
      '/api/v1/listings',
      '/api/auth/get-session',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('signing in and refusals are not stored either', async () => {
    const me = await buildSignedInUser(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: me.email, password: DEFAULT_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/wallet' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('a visitor’s answers to public pages stay cacheable', async () => {
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id });
    for (const url of ['/api/v1/listings', `/api/v1/listings/${listing.id}`, '/api/v1/forum/categories']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});
