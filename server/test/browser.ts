import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** What a browser sends, for tests that sign in through the routes: its user agent and the cookies it keeps. */

export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A response's cookies as the browser sends them back: a Cookie header, without the ones it deletes (Max-Age=0). */
export const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']]
    .flat()
    .filter((c): c is string => typeof c === 'string' && c !== '' && !/Max-Age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs the member in with their password from another browser and address; returns that browser's cookie. */
export async function signInFrom(
  t: TestApp,
  user: { email: string; password: string },
  userAgent: string,
  ip = '203.0.113.7',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookiesOf(res);
}
