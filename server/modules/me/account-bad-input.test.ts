import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await buildSignedInUser(t)).cookie;
});
afterAll(() => t.close());

const endpoints: ['POST' | 'PUT' | 'PATCH', string][] = [
  ['PATCH', '/api/v1/me'],
  ['POST', '/api/v1/me/avatar'],
  ['PUT', '/api/v1/me/settings'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/two-factor/enable'],
  ['POST', '/api/auth/two-factor/confirm'],
  ['POST', '/api/auth/two-factor/disable'],
  ['POST', '/api/auth/two-factor/verify'],
];

const huge = 'x'.repeat(200_000);
const badBodies: [string, string, string][] = [
  ['null', 'null', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['broken JSON', '{"code": ', 'application/json'],
  [
    'wrong types',
    JSON.stringify({
      username: { a: 1 },
      bio: [1],
      code: 5,
      password: {},
      currentPassword: [],
      emailNotifications: 'yes',
    }),
    'application/json',
  ],
  [
    'huge strings',
    JSON.stringify({
      username: huge,
      bio: huge,
      code: huge,
      password: huge,
      currentPassword: huge,
      newPassword: huge,
    }),
    'application/json',
  ],
  ['form encoding', 'code=123456&password=x', 'application/x-www-form-urlencoded'],
  [
    'a broken multipart body',
    '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\n',
    'multipart/form-data; boundary=x',
  ],
];

describe('account endpoints never answer bad input with a 5xx (signed in)', () => {
  for (const [method, url] of endpoints) {
    it.each(badBodies)(`${method} ${url} with %s`, async (_name, payload, contentType) => {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': contentType, cookie },
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.message).toEqual(expect.any(String));
    });
  }
});
