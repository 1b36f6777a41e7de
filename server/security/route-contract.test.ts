import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { type BuiltUser, buildSignedInUser, buildUser } from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';
import { type ApiDocument, databaseSnapshot, readDocument, sample, sampleUrl } from './openapi.ts';

/**
 * The route contract (server/plugins/route-contract.ts) is enforced by the framework, so it holds for every
 * operation in the OpenAPI document: access is decided before the body is parsed or validated, NUL characters
 * never reach a handler, and no module looks up the session or counts a rate limit by hand.
 */
let t: TestApp;
let doc: ApiDocument;
let member: BuiltUser & { cookie: string };
let admin: BuiltUser & { cookie: string };

beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  doc = await readDocument(t);
  member = await buildSignedInUser(t);
  admin = await buildSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const writes = () => doc.operations.filter((op) => op.method !== 'GET' && !op.otherBody);

describe('access before validation', () => {
  it('answers 401 to a visitor on every member, staff and admin operation, even with an invalid body', async () => {
    const guarded = doc.operations.filter((op) => op.access !== 'public');
    expect(guarded.length).toBeGreaterThan(60);
    for (const op of guarded) {
      const res = await t.app.inject({
        method: op.method,
        url: sampleUrl(doc, op, 'not-a-uuid'),
        headers: { 'content-type': 'application/json' },
        payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{"junk": [1, 2, 3]}',
      });
      expect(res.statusCode, `${op.key}: ${res.body}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.json().error.fields, op.key).toBeUndefined();
    }
  });

  it('answers 403 to a member on every staff and admin operation, even with an invalid body', async () => {
    const staffOnly = doc.operations.filter((op) => op.access === 'staff' || op.access === 'admin');
    expect(staffOnly.length).toBeGreaterThan(20);
    for (const op of staffOnly) {
      const res = await t.app.inject({
        method: op.method,
        url: sampleUrl(doc, op, 'not-a-uuid'),
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{"junk": true}',
      });
      expect(res.statusCode, `${op.key}: ${res.body}`).toBe(403);
      expect(res.json().error.fields, op.key).toBeUndefined();
    }
  });

  it('refuses a banned member as signed out on the next request', async () => {
    const banned = await buildSignedInUser(t);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: banned.cookie },
    });
    expect(before.statusCode).toBe(200);
    const ban = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${banned.id}`,
      headers: { cookie: admin.cookie },
      payload: { banned: true },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: banned.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('treats a forged or re-signed session cookie as signed out', async () => {
    const cookie = member.cookie;
    // The token's last character changed (to one it is not), so the signature no longer matches.
    const tampered = cookie.replace(
      /=([^;.]+)/,
      (_, token: string) => `=${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`,
    );
    expect(tampered).not.toBe(cookie);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: tampered } });
    expect(res.statusCode).toBe(401);
  });
});

describe('control characters', () => {
  it('refuses a NUL character in every string field of every JSON body with 400 and changes nothing', async () => {
    let checked = 0;
    const before = await databaseSnapshot(t);
    for (const op of writes()) {
      if (!op.body) continue;
      const body = sample(doc, op.body) as Record<string, unknown>;
      const fields = Object.entries(doc.resolve(op.body).properties ?? {}).filter(
        ([, s]) => doc.resolve(s as never).type === 'string' || (s as { anyOf?: unknown }).anyOf,
      );
      for (const [name] of fields) {
        const res = await t.app.inject({
          method: op.method,
          url: sampleUrl(doc, op, admin.id),
          headers: { cookie: admin.cookie },
          payload: { ...body, [name]: 'before\u0000after' },
        });
        expect(res.statusCode, `${op.key} ${name}: ${res.body}`).toBe(400);
        expect(res.json().error.message).toBe(messages.badRequest);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    const { rate_limits: _ignored, ...after } = await databaseSnapshot(t);
    const { rate_limits: _ignored2, ...expected } = before;
    expect(after).toEqual(expected);
  });

  it('refuses a NUL character in every query parameter and path parameter with 400', async () => {
    let checked = 0;
    for (const op of doc.operations) {
      for (const q of op.query) {
        const url = `${sampleUrl(doc, op, admin.id).split('?')[0]}?${encodeURIComponent(q.name)}=a%00b`;
        const res = await t.app.inject({ method: op.method, url, headers: { cookie: admin.cookie } });
        expect(res.statusCode, `${op.key} ?${q.name}: ${res.body}`).toBe(400);
        checked++;
      }
      if (op.pathParams.length && op.method === 'GET') {
        const res = await t.app.inject({
          method: op.method,
          url: sampleUrl(doc, op, 'a\u0000b'),
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode, `${op.key} path: ${res.body}`).toBe(400);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses a NUL character in sign-in credentials', async () => {
    const user = await buildUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: `${user.password}\u0000` },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('one way to declare access and limits', () => {
  const modules = fileURLToPath(new URL('../modules', import.meta.url));
  const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: f, code: readFileSync(path.join(modules, f), 'utf8') }));

  it('leaves no hand-written session lookup or rate-limit call in any module', () => {
    expect(sources.length).toBeGreaterThan(40);
    const offenders = sources
      .filter(({ file }) => !file.startsWith(`auth${path.sep}session-lookup.ts`))
      .filter(({ code }) =>
        /requireViewer|getViewer|requireStaff|requireAdmin|limiter\.hit|\.getSession\(/.test(code),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('documents the refusals each route’s contract implies, without route files listing them', () => {
    const missing = doc.operations.flatMap((op) => {
      const implied = ['400'];
      if (op.access !== 'public') implied.push('401');
      if (op.access === 'staff' || op.access === 'admin' || op.owner) implied.push('403');
      if (op.pathParams.length > 0) implied.push('404');
      if (op.rateLimited) implied.push('429');
      return implied.filter((code) => !op.responses.includes(code)).map((code) => `${op.key} ${code}`);
    });
    expect(missing).toEqual([]);
    const listed = sources.filter(
      ({ file, code }) => file.endsWith('routes.ts') && /\b400: errorResponse/.test(code),
    );
    expect(listed.map((s) => s.file)).toEqual([]);
  });

  it('declares access on every route of every module', () => {
    // Public files outside /api, read with no session like /media: robots.txt, the sitemap, card images.
    const outsideApi = new Set([`link-cards${path.sep}routes.ts`]);
    for (const { file, code } of sources.filter(
      (s) => s.file.endsWith('routes.ts') && !outsideApi.has(s.file),
    )) {
      const routes = code.match(/\bapp\.(get|post|put|patch|delete|route)\(/g) ?? [];
      const declared = code.match(/\.\.\.access\(/g) ?? [];
      expect(declared.length, file).toBe(routes.length);
    }
  });
});
