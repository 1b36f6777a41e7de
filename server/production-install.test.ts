import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, listensOn } from '../scripts/bench/app-process.ts';
import { bundleState } from '../scripts/bundle-freshness.ts';
import { altchaAt } from './test/altcha.ts';
import { createTestDatabase } from './test/test-app.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('bundleState (npm start builds only when needed)', () => {
  it('is missing without index.html, stale after a source changed, fresh otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-bundle-'));
    try {
      mkdirSync(path.join(dir, 'web'));
      mkdirSync(path.join(dir, 'contract'));
      writeFileSync(path.join(dir, 'web', 'main.tsx'), 'x');
      writeFileSync(path.join(dir, 'contract', 'messages.ts'), 'x');
      expect(bundleState(dir)).toBe('missing');
      mkdirSync(path.join(dir, 'dist', 'web'), { recursive: true });
      const index = path.join(dir, 'dist', 'web', 'index.html');
      writeFileSync(index, '<html></html>');
      const past = new Date(Date.now() - 60_000);
      for (const f of ['web/main.tsx', 'web', 'contract/messages.ts', 'contract'])
        utimesSync(path.join(dir, f), past, past);
      expect(bundleState(dir)).toBe('fresh');
      // A change in the shared contract is a change in the bundle.
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(dir, 'contract', 'messages.ts'), later, later);
      expect(bundleState(dir)).toBe('stale');
      // A server that got only dist/ (no sources) never rebuilds.
      rmSync(path.join(dir, 'web'), { recursive: true });
      rmSync(path.join(dir, 'contract'), { recursive: true });
      expect(bundleState(dir)).toBe('fresh');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/start.ts without build tools', () => {
  it('stops with what to do when the bundle is missing, and never tries to build', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-nobuild-'));
    try {
      mkdirSync(path.join(dir, 'scripts'));
      mkdirSync(path.join(dir, 'server', 'boot'), { recursive: true });
      for (const f of [
        'scripts/start.ts',
        'scripts/bundle-freshness.ts',
        'server/boot/fast-resolve.ts',
        'server/boot/thread-pool.ts',
        'server/boot/thread-pool-size.ts',
      ])
        writeFileSync(path.join(dir, f), readFileSync(path.join(root, f)));
      const env = { ...(process.env as Record<string, string>) };
      delete env.WEB_ROOT;
      const res = spawnSync(process.execPath, ['scripts/start.ts'], {
        cwd: dir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('The web bundle (dist/web) is missing');
      expect(res.stdout).not.toContain('building');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * What `npm ci --omit=dev` must provide: every package the server loads at runtime. A real install of the
 * production dependencies takes 20 s on an idle machine and over 60 s on a busy one (76 s measured), too
 * slow for every run of the suite; this is its cheaper equivalent. The real entry (`scripts/start.ts`,
 * what `npm start` runs) starts in production mode with a resolve hook that records every file loaded from
 * node_modules; each must belong to a package the lock file does not mark `dev` (which `--omit=dev` leaves
 * out). Then /api/health and the SPA must answer.
 */
describe('the production start (npm start with NODE_ENV=production)', { timeout: 180_000 }, () => {
  let dir: string;
  let dropDb: (() => Promise<void>) | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cm-prod-'));
    // A stand-in for `npm run build`'s output: what is checked is that it is served, never rebuilt.
    mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
    writeFileSync(
      path.join(dir, 'web', 'index.html'),
      '<!doctype html><title>CheatMarket</title><div id="root">built</div>',
    );
    writeFileSync(
      path.join(dir, 'record-loads.mjs'),
      `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (result.url.includes('/node_modules/')) appendFileSync(process.env.CM_LOADED, result.url + '\\n');
    return result;
  },
});
`,
    );
    env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-install-test-secret-0123456789',
      DATA_DIR: path.join(dir, 'data'),
      WEB_ROOT: path.join(dir, 'web'),
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      CM_LOADED: path.join(dir, 'loaded.txt'),
    };
    delete env.DATABASE_URL;
    const { database, drop } = await createTestDatabase();
    if (database.kind === 'postgres') {
      env.DATABASE_URL = (
        database.db as unknown as { $client: { options: { connectionString: string } } }
      ).$client.options.connectionString;
      dropDb = drop;
      await database.close();
    } else {
      await drop();
    }
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropDb?.().catch(() => {});
  });

  it('loads only production dependencies, answers /api/health and the SPA, logs JSON and stops on SIGTERM', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', path.join(dir, 'record-loads.mjs'), 'scripts/start.ts'],
      {
        cwd: root,
        env: { ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (d) => {
      output += d;
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 90_000;
      let health: Response | undefined;
      while (Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (health?.ok && listensOn(child.pid!, port)) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(health?.status, output).toBe(200);
      expect(child.exitCode, output).toBeNull();
      expect(await health!.json()).toMatchObject({ status: 'ok', pressure: { ok: true } });
      for (const page of ['/', '/marketplace/some-listing']) {
        const res = await fetch(`${base}${page}`);
        expect(res.status, page).toBe(200);
        expect(await res.text()).toContain('<div id="root">built</div>');
      }
      // A request through the API and its database, so lazily loaded code paths load too.
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: `http://localhost:${port}`,
          ...(await altchaAt(base)),
        },
        body: JSON.stringify({
          username: 'prodcheck',
          email: 'prodcheck@example.com',
          password: 'longenough1',
        }),
      });
      expect(signUp.status).toBe(200);
      const lines = output.split('\n').filter((l) => l.startsWith('{'));
      expect(lines.some((l) => (JSON.parse(l) as { msg: string }).msg.includes('CheatMarket ready'))).toBe(
        true,
      );
      expect(output).not.toContain('building');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);

    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const loaded = new Set(
      readFileSync(env.CM_LOADED!, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((url) => {
          // The innermost node_modules/<name> (or @scope/name) is the package the file belongs to.
          const rel = fileURLToPath(url).slice(root.length + 1);
          const m = rel.match(/^((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)*node_modules\/(?:@[^/]+\/)?[^/]+)/);
          return m ? m[1]! : rel;
        }),
    );
    expect(loaded.size).toBeGreaterThan(20);
    // `debug` (under several dependencies) tries `require('supports-color')` inside a try/catch and does without it.
    const optional = new Set(['node_modules/supports-color', 'node_modules/has-flag']);
    const notInProduction = [...loaded].filter(
      (pkg) => !optional.has(pkg) && (!lock.packages[pkg] || lock.packages[pkg]!.dev),
    );
    expect(notInProduction).toEqual([]);
  });
});
