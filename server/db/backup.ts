import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './client.ts';

/** Where the database is: a PostgreSQL URL, or the PGlite data directory under DATA_DIR. */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

export class BackupError extends Error {}

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'pglite');

/**
 * pg_dump / pg_restore: from PATH (Debian's wrappers pick the newest installed version), else the newest
 * /usr/lib/postgresql/<version>/bin.
 */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(base, versions[0], 'bin', name);
  throw new BackupError(
    `${name} not found: install PostgreSQL's client tools (apt-get install postgresql-client)`,
  );
}

/**
 * The connection as pg_dump and pg_restore take it: the URL without its password, which goes in PGPASSWORD
 * instead. A process's arguments are readable by every user of the machine (`ps`, /proc/<pid>/cmdline).
 */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(tool: string, args: string[], env?: NodeJS.ProcessEnv) {
  const result = spawnSync(tool, args, { encoding: 'utf8', env });
  if (result.status !== 0)
    throw new BackupError(`${path.basename(tool)} failed (${result.status}): ${result.stderr.trim()}`);
}

/**
 * Writes a backup of the whole database to `file`: PostgreSQL's custom format (pg_dump -Fc, compressed,
 * restorable with pg_restore), or PGlite's data directory as a gzipped tarball (dumpDataDir). A PGlite
 * database belongs to one process: stop the server first.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    const connection = pgConnection(target.databaseUrl);
    // The dump holds every secret the database does: readable by its owner only, from its first byte.
    closeSync(openSync(file, 'w', 0o600));
    chmodSync(file, 0o600);
    // Unlogged tables (rate-limit windows) hold nothing worth restoring; PGlite's copy starts them empty too.
    run(
      pgTool('pg_dump'),
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--no-unlogged-table-data',
        `--file=${file}`,
        connection.url,
      ],
      connection.env,
    );
    return;
  }
  const dir = pgliteDir(target);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no PGlite database in ${dir}`);
  const db = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    await db.waitReady;
    // Compressed here with zlib: PGlite's own 'gzip' goes through web streams and can leave the process
    // with a promise that never settles.
    const dump = await db.dumpDataDir('none');
    writeFileSync(file, gzipSync(Buffer.from(await dump.arrayBuffer())), { mode: 0o600 });
    chmodSync(file, 0o600);
  } finally {
    await db.close();
  }
}

/** Whether the target holds anything: any table outside PostgreSQL's own schemas, or a PGlite cluster. */
export async function databaseIsEmpty(target: BackupTarget): Promise<boolean> {
  if (!target.databaseUrl) {
    const dir = pgliteDir(target);
    return !existsSync(dir) || readdirSync(dir).length === 0;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` (made by {@link backupDatabase} for the same kind of database). Refuses a target that is
 * not empty unless `force`: then PostgreSQL's schemas are dropped first, and a PGlite directory is moved
 * aside to `pglite.before-restore-<time>` (kept, not deleted). Returns where the old PGlite data went.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  { force = false } = {},
): Promise<{ movedAside?: string }> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (!(await databaseIsEmpty(target)) && !force)
    throw new BackupError(
      'the database is not empty: restore into an empty one, or pass --force to replace it',
    );

  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query('drop schema if exists drizzle cascade');
      // The job queue's tables (pg-boss, decision 016) are in the dump too.
      await client.query('drop schema if exists pgboss cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    } finally {
      await client.end();
    }
    const connection = pgConnection(target.databaseUrl);
    run(
      pgTool('pg_restore'),
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${connection.url}`,
        file,
      ],
      connection.env,
    );
    return {};
  }

  const dir = pgliteDir(target);
  let movedAside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    movedAside = `${dir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
    renameSync(dir, movedAside);
  }
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, {
    loadDataDir: new Blob([gunzipSync(readFileSync(file))]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await db.waitReady;
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return { movedAside };
}
