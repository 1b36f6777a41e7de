import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnection } from '../server/db/backup.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { buildListing, buildPost, buildSignedInUser, fundUser } from '../server/test/factories.ts';
import { buildTestApp, createTestDatabase, pgliteDataDirFromTemplate } from '../server/test/test-app.ts';
import { runScript } from './bench/app-process.ts';

let tmp: string;
let kind: Database['kind'];
/** The source's environment for the scripts (DATABASE_URL or DATA_DIR), and a fresh empty target's. */
let sourceEnv: Record<string, string>;
let targetEnv: Record<string, string>;
const cleanups: (() => Promise<void>)[] = [];

const script = (name: string, args: string[], env: Record<string, string>) =>
  runScript(name, args, { LOG_LEVEL: 'warn', ...env });

const urlOf = (database: Database) =>
  (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;

async function openFrom(env: Record<string, string>) {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
}

/** Every table's row count (the app's schema and the migrations journal); unlogged tables are listed as 0. */
async function rowCounts(env: Record<string, string>): Promise<Record<string, number>> {
  const database = await openFrom(env);
  try {
    const tables = (
      (await database.db.execute(
        sql`select n.nspname as schemaname, c.relname as tablename, c.relpersistence = 'u' as unlogged
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2`,
      )) as unknown as { rows: { schemaname: string; tablename: string; unlogged: boolean }[] }
    ).rows;
    const counts: Record<string, number> = {};
    for (const { schemaname, tablename, unlogged } of tables) {
      // Unlogged tables (rate-limit windows) are left out of backups on purpose: counted apart.
      if (unlogged) {
        counts[`unlogged:${schemaname}.${tablename}`] = 0;
        continue;
      }
      const { rows } = (await database.db.execute(
        sql.raw(`select count(*)::int as n from "${schemaname}"."${tablename}"`),
      )) as unknown as { rows: { n: number }[] };
      counts[`${schemaname}.${tablename}`] = rows[0]!.n;
    }
    return counts;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-backup-'));
  const { database: probe, drop } = await createTestDatabase();
  kind = probe.kind;
  let source: Database;
  if (kind === 'postgres') {
    source = probe;
    cleanups.push(drop);
    sourceEnv = { DATABASE_URL: urlOf(source) };
    // An empty database on the same server for the restore.
    const name = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({
      connectionString: sourceEnv.DATABASE_URL!.replace(/\/[^/]+$/, '/postgres'),
    });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    targetEnv = { DATABASE_URL: sourceEnv.DATABASE_URL!.replace(/\/[^/]+$/, `/${name}`) };
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: sourceEnv.DATABASE_URL!.replace(/\/[^/]+$/, '/postgres') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  } else {
    await drop();
    // PGlite on disk, as the server keeps it under DATA_DIR.
    const sourceDir = path.join(tmp, 'source');
    sourceEnv = { DATA_DIR: sourceDir };
    targetEnv = { DATA_DIR: path.join(tmp, 'target') };
    await pgliteDataDirFromTemplate(sourceDir);
    source = await openDatabase({ dataDir: sourceDir });
  }

  // Data through the app: members, posts, funded wallets, listings bought (escrow held), a failed purchase.
  const t = await buildTestApp({ database: source });
  try {
    const seller = await buildSignedInUser(t);
    const buyer = await buildSignedInUser(t);
    await fundUser(t, buyer.id, 1000);
    await buildPost(t, seller.id);
    for (const price of [120, 80]) {
      const listing = await buildListing(t, { userId: seller.id, price });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listing.id}/purchase`,
        headers: { cookie: buyer.cookie },
        payload: { expectedPrice: price },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: { cookie: buyer.cookie },
      payload: { content: 'A post that must survive the round trip.' },
    });
    expect(post.statusCode, post.body).toBe(201);
  } finally {
    await t.close();
    await source.close();
  }
}, 120_000);

afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', { timeout: 120_000 }, () => {
  it('round-trips the database: every table has the same rows and the ledger check passes', async () => {
    const file = path.join(tmp, kind === 'postgres' ? 'cm.dump' : 'cm.tar.gz');
    const backup = script('backup', [file], sourceEnv);
    expect(backup.status, backup.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
    // Issue 36 finding: backups hold live secrets, so only their owner may read them.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restore = script('restore', [file], targetEnv);
    expect(restore.status, restore.stderr).toBe(0);

    const before = await rowCounts(sourceEnv);
    const after = await rowCounts(targetEnv);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before['public.marketplace_orders']).toBe(2);
    expect(before['public.ledger_entries']).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(Object.keys(before)).toContain('unlogged:public.rate_limits');

    const ledger = script('check-ledger', [], targetEnv);
    expect(ledger.status, ledger.stdout + ledger.stderr).toBe(0);
    expect(ledger.stdout).toContain('ledger check: OK');
    expect(ledger.stdout).toContain('"escrowHeld": 200');
  });

  it('refuses to restore over a database that is not empty, and replaces it with --force', async () => {
    const file = path.join(tmp, kind === 'postgres' ? 'cm2.dump' : 'cm2.tar.gz');
    expect(script('backup', [file], sourceEnv).status).toBe(0);
    const refused = script('restore', [file], sourceEnv);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the database is not empty');
    const usage = script('restore', [], sourceEnv);
    expect(usage.status).toBe(2);

    // A change after the backup disappears when it is restored over the database.
    const database = await openFrom(sourceEnv);
    await database.db.execute(sql`delete from social_posts`);
    await database.close();
    const forced = script('restore', [file, '--force'], sourceEnv);
    expect(forced.status, forced.stderr).toBe(0);
    const counts = await rowCounts(sourceEnv);
    expect(counts['public.social_posts']).toBeGreaterThan(0);
    expect(counts).toEqual(await rowCounts(targetEnv));
    if (kind === 'pglite') {
      // The replaced data is kept beside it, not deleted.
      expect(readdirSync(sourceEnv.DATA_DIR!).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);
    }
  });

  it('gives pg_dump and pg_restore the password in their environment, never in their arguments', () => {
    const { url, env } = pgConnection('postgres://app:s3cr%40t@db.example:5432/cm?sslmode=require');
    expect(url).toBe('postgres://app@db.example:5432/cm?sslmode=require');
    expect(env.PGPASSWORD).toBe('s3cr@t');
    expect(pgConnection('postgres://app@db.example/cm').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });

  it('fails clearly on a missing file', () => {
    const res = script('restore', [path.join(tmp, 'nope.dump')], targetEnv);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('no backup file');
  });
});
