import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { ledgerEntries } from './db/schema/index.ts';
import { createTestDatabase, pgliteDataDirFromTemplate } from './test/test-app.ts';

/** The real entry point as a child process: start-up, persistence across restarts, SIGTERM, create-admin. */
const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;
let env: Record<string, string>;
let dropDb: (() => Promise<void>) | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-main-'));
  env = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const { database, drop } = await createTestDatabase();
  if (database.kind === 'postgres') {
    // The child connects to its own copy of the migrated template.
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    env.DATABASE_URL = url;
    dropDb = drop;
    await database.close();
  } else {
    await drop();
    await pgliteDataDirFromTemplate(dataDir);
  }
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDb?.().catch(() => {});
});

async function start(extra: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const json = { 'content-type': 'application/json' };

// Each test starts real server processes: give them room.
describe('server/main.ts', { timeout: 120_000 }, () => {
  it('starts, keeps its data across a restart, and exits 0 on SIGTERM', async () => {
    const first = await start({ SEED_DEMO: 'false' });
    const signUp = await fetch(`${first.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'persisted',
        email: 'persisted@example.com',
        password: 'longenough1',
      }),
    });
    expect(signUp.status).toBe(200);
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await start({ SEED_DEMO: 'false' });
    try {
      const signIn = await fetch(`${second.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'persisted@example.com', password: 'longenough1' }),
      });
      expect(signIn.status).toBe(200);
      expect(await fetch(`${second.base}/api/openapi.json`).then((r) => r.status)).toBe(200);
    } finally {
      const done = exitOf(second.child);
      second.child.kill('SIGTERM');
      expect(await done).toBe(0);
    }
  });

  it('create-admin makes an admin who can sign in, and promotes an existing account', async () => {
    const run = (args: string[], input?: string) =>
      spawnSync(process.execPath, ['scripts/create-admin.ts', ...args], {
        cwd: root,
        env,
        input,
        encoding: 'utf8',
      });
    const bad = run(['--email', 'nope', '--username', 'x', '--password', 'short']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Invalid email address');
    const made = run(['--email', 'boss@example.com', '--username', 'boss'], 'a-long-admin-password\n');
    expect(made.status, made.stderr).toBe(0);
    const promoted = run([
      '--email',
      'persisted@example.com',
      '--username',
      'persisted',
      '--password',
      'whatever-long',
    ]);
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain('now an admin');

    const server = await start({ SEED_DEMO: 'false' });
    try {
      for (const [email, password] of [
        ['boss@example.com', 'a-long-admin-password'],
        ['persisted@example.com', 'longenough1'],
      ]) {
        const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password }),
        });
        expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
      }
    } finally {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  });

  it('check:ledger passes on a consistent database and fails (exit 1) on an unbalanced transfer', async () => {
    const run = () =>
      spawnSync(process.execPath, ['scripts/check-ledger.ts'], { cwd: root, env, encoding: 'utf8' });
    const clean = run();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('ledger check: OK');
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
    try {
      await database.db.insert(ledgerEntries).values({
        transferId: randomUUID(),
        account: 'grants',
        currency: 'credits',
        amount: 7,
        kind: 'broken',
        description: 'a transfer with one leg',
      });
    } finally {
      await database.close();
    }
    const broken = run();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('ledger check: FAILED');
  });
});
