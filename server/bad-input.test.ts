import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from './test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from './test/test-app.ts';

/**
 * Every endpoint in the OpenAPI document, fed malformed bodies, queries and ids by a signed-in admin
 * (so requests get past the access checks to the validation): the answer is always a 4xx in the
 * error shape, never a 5xx. A new endpoint is covered without anyone remembering to add it here.
 */
let t: TestApp;
let cookie: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  cookie = (await buildSignedInUser(t, { role: 'admin' })).cookie;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

// Ending the admin's own session would turn every later request into a plain 401.
const SKIP = new Set(['POST /api/auth/sign-out']);
const huge = 'x'.repeat(300_000);
const bodies: [string, string, string][] = [
  ['null', 'null', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['a number', '-1.5', 'application/json'],
  ['broken JSON', '{"title": ', 'application/json'],
  [
    'wrong types',
    JSON.stringify({
      title: { a: 1 },
      content: [1],
      price: 'free',
      rating: 9.5,
      status: 7,
      id: {},
      value: 'up',
      banned: 'yes',
    }),
    'application/json',
  ],
  [
    'huge strings',
    JSON.stringify({ title: huge, content: huge, description: huge, message: huge, reason: huge, q: huge }),
    'application/json',
  ],
  [
    'negative and fractional numbers',
    JSON.stringify({ price: -5, amount: 0.5, rating: -1, value: 2.5 }),
    'application/json',
  ],
  [
    'unknown fields only',
    JSON.stringify({ role: 'admin', credits: 1e9, __proto__: { x: 1 } }),
    'application/json',
  ],
  ['form encoding', 'title=a&content=b', 'application/x-www-form-urlencoded'],
  [
    'a broken multipart body',
    '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
    'multipart/form-data; boundary=x',
  ],
];
const ids = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '-1', 'a'.repeat(150)];
const queries = [
  '?cursor=%%%garbage',
  `?q=${'y'.repeat(5000)}`,
  '?status=bogus&type=nope&sort=sideways&tab=x',
  '?cursor=eyJ4IjoxfQ',
];

const fill = (path: string, id: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, encodeURIComponent(id));

describe('no endpoint answers bad input with a 5xx', () => {
  it('the OpenAPI document lists the endpoints', () => {
    expect(routes.length).toBeGreaterThan(15);
    console.log(`bad-input sweep over ${routes.length} endpoints`);
  });

  it('bad bodies', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (method === 'GET' || SKIP.has(`${method} ${path}`)) continue;
      for (const [name, payload, contentType] of bodies) {
        const url = fill(path, ids[0]!);
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, cookie },
        });
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !res.json().error?.message)) {
          failures.push(`${method} ${url} with ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('bad ids and query strings', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (SKIP.has(`${method} ${path}`)) continue;
      const urls = path.includes('{') ? ids.map((id) => fill(path, id)) : [];
      if (method === 'GET') urls.push(...queries.map((q) => fill(path, ids[0]!) + q));
      for (const url of urls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{}',
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
