import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_AUTH_SECRET, runScript, SHORT_LIVED, startApp } from '../scripts/bench/app-process.ts';
import { openDatabase } from './db/client.ts';
import { ledgerEntries } from './db/schema/index.ts';
import { altchaAt } from './test/altcha.ts';
import { createTestDatabase, pgliteDataDirFromTemplate } from './test/test-app.ts';

/** The real entry point as a child process: start-up, persistence across restarts, SIGTERM, create-admin. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-main-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  AUTH_SECRET: LOCAL_AUTH_SECRET,
};
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
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

const start = () => startApp(env, undefined, SHORT_LIVED);
const json = { 'content-type': 'application/json' };

// Each test starts real server processes: give them room.
describe('server/main.ts', { timeout: 120_000 }, () => {
  it('starts, keeps its data across a restart, and exits 0 on SIGTERM', async () => {
    const first = await start();
    const signUp = await fetch(`${first.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...json, ...(await altchaAt(first.base)) },
      body: JSON.stringify({
        username: 'persisted',
        email: 'persisted@example.com',
        password: 'longenough1',
      }),
    });
    expect(signUp.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await start();
    try {
      const signIn = await fetch(`${second.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'persisted@example.com', password: 'longenough1' }),
      });
      expect(signIn.status).toBe(200);
      expect(await fetch(`${second.base}/api/openapi.json`).then((r) => r.status)).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('create-admin makes an admin who can sign in, and promotes an existing account', async () => {
    const run = (args: string[], input?: string) => runScript('create-admin', args, env, input);
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

    const server = await start();
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
      await server.stop();
    }
  });

  it('check:ledger passes on a consistent database and fails (exit 1) on an unbalanced transfer', async () => {
    const run = () => runScript('check-ledger', [], env);
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

  // The test harness (scripts/bench/app-process.ts) must not take whatever answers on the port for its child.
  it('a server that cannot take its port fails to start, not answered for by the one already there', async () => {
    const squatter = createServer((_req, res) => res.writeHead(200).end('{}'));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      await expect(startApp(env, port, SHORT_LIVED)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      squatter.close();
    }
  });
});
