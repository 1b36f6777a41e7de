import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessLevel, accessLevels } from '../plugins/access.ts';
import { operationIdFor, securityFor, sessionScheme } from '../plugins/openapi-document.ts';
import { buildSignedInUser } from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';

/**
 * /api/openapi.json is a document outside tools accept (issue 40, decision 044): Redocly's recommended rules
 * (redocly.yaml) pass with no error and no warning, every operation has a unique name derived from its method
 * and path, and its `security` says what its `access()` says.
 */
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  description?: string;
  'x-access'?: AccessLevel;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
};

let t: TestApp;
let body: string;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ p, method, op })),
  );

beforeAll(async () => {
  // The address production serves: the test's own (localhost) is one Redocly warns about, rightly.
  t = await buildTestApp({ env: { ...everyRouteEnv, PUBLIC_URL: 'https://cheatmarket.test' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  body = res.body;
  doc = JSON.parse(body) as Document;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-openapi-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), body);
      for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
        copyFileSync(file, path.join(dir, file));
      const cli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));
      const run = await promisify(execFile)(
        process.execPath,
        [
          cli,
          'lint',
          'openapi.json',
          '--config',
          'redocly.yaml',
          '--format',
          'json',
          '--max-problems',
          '1000',
        ],
        {
          cwd: dir,
          // Nothing leaves the machine: no usage reports, no update check.
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            CI: 'true',
          },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? String(error),
      }));
      const start = run.stdout.indexOf('{');
      expect(start, run.stderr).toBeGreaterThanOrEqual(0);
      const result = JSON.parse(run.stdout.slice(start)) as {
        totals: { errors: number; warnings: number; ignored: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = result.problems.map(
        (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation from its method and path, each name once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    for (const { p, method, op } of all)
      expect(op.operationId, `${method} ${p}`).toBe(operationIdFor(method, p));
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renames only the operation whose path is renamed', () => {
    const all = operations();
    const renamed = all.map(({ p, method }) =>
      operationIdFor(method, p === '/api/v1/listings/{id}/purchase' ? '/api/v1/listings/{id}/buy' : p),
    );
    const changed = all.filter(({ op }, i) => op.operationId !== renamed[i]);
    expect(changed.map(({ method, p }) => `${method} ${p}`)).toEqual(['post /api/v1/listings/{id}/purchase']);
    expect(new Set(renamed).size).toBe(renamed.length);
  });

  it('derives names as documented', () => {
    expect(operationIdFor('POST', '/api/v1/listings/:id/purchase')).toBe('postListingsIdPurchase');
    expect(operationIdFor('get', '/api/v1/listings/{id}/purchase')).toBe('getListingsIdPurchase');
    expect(operationIdFor('GET', '/api/auth/sso/:provider')).toBe('getAuthSsoProvider');
    expect(operationIdFor('POST', '/api/auth/sign-up/email')).toBe('postAuthSignUpEmail');
    expect(operationIdFor('GET', '/api/health')).toBe('getHealth');
  });

  it('names the cookie that signing in sets, and that cookie alone signs a member in', async () => {
    const name = doc.components.securitySchemes?.[sessionScheme]?.name as string;
    const member = await buildSignedInUser(t);
    const session = member.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    expect(session, member.cookie).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: session } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().id).toBe(member.id);
    const without = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(without.statusCode).toBe(401);
  });

  it('declares the session cookie and requires it as access() says', () => {
    // Served over HTTPS (PUBLIC_URL above), so the cookie carries the `__Secure-` prefix, as in production.
    expect(doc.components.securitySchemes).toEqual({
      [sessionScheme]: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: '__Secure-better-auth.session_token',
      }),
    });
    const seen = new Set<AccessLevel>();
    for (const { p, method, op } of operations()) {
      const level = op['x-access'];
      expect(accessLevels, `${method} ${p}`).toContain(level);
      seen.add(level as AccessLevel);
      expect(op.security, `${method} ${p}`).toEqual(securityFor(level as AccessLevel));
      expect(op.description, `${method} ${p}`).toMatch(
        {
          public: /Open to anyone/,
          member: /signed-in member/,
          staff: /moderator's or an admin's/,
          admin: /admin's session/,
        }[level as AccessLevel],
      );
    }
    expect([...seen].sort()).toEqual([...accessLevels].sort());
    expect(securityFor('public')).toEqual([{}, { session: [] }]);
    expect(securityFor('member')).toEqual([{ session: [] }]);
  });
});
