import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const endpoints = [
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/sign-out',
];

const huge = 'x'.repeat(200_000);
const badBodies: [string, string, string][] = [
  ['null', 'null', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['a number', '42', 'application/json'],
  ['a string', '"hello"', 'application/json'],
  ['broken JSON', '{"email": ', 'application/json'],
  [
    'nested objects',
    JSON.stringify({ email: { $gt: '' }, password: ['a'], username: { a: 1 }, token: {}, newPassword: 5 }),
    'application/json',
  ],
  [
    'huge strings',
    JSON.stringify({
      email: `${huge}@example.com`,
      password: huge,
      username: huge,
      token: huge,
      newPassword: huge,
    }),
    'application/json',
  ],
  [
    'negative and fractional numbers',
    JSON.stringify({ email: -1, password: 0.5, username: 1e308, rememberMe: 'yes' }),
    'application/json',
  ],
  ['form encoding', 'email=a%40b.c&password=x', 'application/x-www-form-urlencoded'],
  [
    'SQL metacharacters',
    JSON.stringify({
      email: "a'--@example.com",
      password: "' OR 1=1 --",
      username: "x'; drop table profiles;--",
    }),
    'application/json',
  ],
];

describe('auth endpoints never answer bad input with a 5xx', () => {
  for (const url of endpoints) {
    it.each(badBodies)(`${url} with %s`, async (_name, payload, contentType) => {
      const before = (await t.db.select({ n: count() }).from(profiles))[0]!.n;
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().error.message).toEqual(expect.any(String));
      expect((await t.db.select({ n: count() }).from(profiles))[0]!.n).toBe(before);
    });
  }
});
