import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Child, signIn, startApp } from '../../scripts/bench/app-process.ts';
import {
  BENCH_PASSWORD,
  type BenchCounts,
  fundMembers,
  seedListings,
  seedUsers,
  withIndexesDeferred,
} from '../../scripts/bench/seed.ts';
import { openDatabase } from '../db/client.ts';
import { startPostgres } from '../test/postgres-server.ts';

/**
 * Resilience tests: their own PostgreSQL server (they stop and start it), a small seeded data set (the
 * benchmark's seed at a few dozen members), and the real server as child processes.
 */
export interface Cluster {
  url: string;
  /** Stops the PostgreSQL server the way a crash would (immediate mode), keeping its data. */
  stopDatabase(): void;
  startDatabase(): void;
  /** Freezes the PostgreSQL processes (SIGSTOP): connections stay open and nothing answers. */
  freezeDatabase(): void;
  thawDatabase(): void;
  /** A query on a fresh connection. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  startServer(env?: Record<string, string>): Promise<Child>;
  memberIds: string[];
  signIn(base: string, member: number): Promise<string>;
  /** Active listings no member sells, in a fixed order. */
  /** Active listings with the price a buyer sees (a purchase must send it). */
  buyable(): Promise<{ id: string; price: number }[]>;
  close(): Promise<void>;
}

export const counts: BenchCounts = {
  users: 40,
  members: 20,
  listings: 800,
  posts: 0,
  comments: 0,
  likes: 0,
  messages: 0,
};

export async function startCluster(): Promise<Cluster> {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('create database app');
  const setting = async (q: string) => String(Object.values((await admin.query(q)).rows[0])[0]);
  const dataDir = await setting('show data_directory');
  const socketDir = await setting('show unix_socket_directories');
  const port = await setting('show port');
  const bin = await setting(`select setting from pg_config where name = 'BINDIR'`);
  await admin.end();
  const url = server.url('app');

  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await database.migrate();
  await database.close();
  const seed = new pg.Client({ connectionString: url });
  await seed.connect();
  const runner = {
    exec: (s: string) => seed.query(s),
    rows: async <T>(s: string) => (await seed.query(s)).rows as T[],
  };
  await seedUsers(runner.exec, counts);
  await fundMembers(runner.exec, counts, 10_000_000);
  // Only active listings: every sold listing in these tests comes from a purchase.
  await withIndexesDeferred(runner, 'marketplace_listings', () =>
    seedListings(runner.exec, counts, 1, counts.listings),
  );
  await seed.query(`update marketplace_listings set status = 'active', sold_to = null, sold_at = null`);
  const memberIds = (
    await seed.query<{ id: string }>(
      `select id::text from profiles where email like 'member%@bench.test' order by created_at limit ${counts.members}`,
    )
  ).rows.map((r) => r.id);
  await seed.end();

  const isRoot = process.getuid?.() === 0;
  const pgCtl = (args: string[]) => {
    const cmd = path.join(bin, 'pg_ctl');
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: socketDir, timeout: 180_000 });
  };
  const appDir = mkdtempSync(path.join(os.tmpdir(), 'cm-res-'));
  const children: Child[] = [];

  const query = async <T>(text: string, values?: unknown[]) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as T[];
    } finally {
      await c.end();
    }
  };

  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    frozen = [];
  };
  return {
    url,
    memberIds,
    freezeDatabase() {
      const postmaster = Number(
        execFileSync('head', ['-n1', path.join(dataDir, 'postmaster.pid')], { encoding: 'utf8' }).trim(),
      );
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .map((l) => Number(l.trim()))
        .filter((pid) => pid > 0);
      frozen = [postmaster, ...children];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thawDatabase: thaw,
    stopDatabase: () => pgCtl(['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    startDatabase: () =>
      pgCtl([
        '-D',
        dataDir,
        '-l',
        path.join(socketDir, 'log-restarted'),
        '-w',
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
        'start',
      ]),
    query,
    async startServer(env = {}) {
      const child = await startApp({
        DATABASE_URL: url,
        DATA_DIR: appDir,
        RATE_LIMIT_SCALE: '1000',
        SHUTDOWN_TIMEOUT_MS: '10000',
        ...env,
      });
      children.push(child);
      return child;
    },
    signIn: (base, member) => signIn(base, `member${member}@bench.test`, BENCH_PASSWORD),
    buyable: async () =>
      (
        await query<{ id: string; price: number }>(
          `select id::text, price::int as price from marketplace_listings where status = 'active' order by md5(id::text)`,
        )
      ).map((r) => ({ id: r.id, price: Number(r.price) })),
    async close() {
      thaw();
      for (const c of children) {
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      }
      try {
        server.stop();
      } catch {
        // Already stopped by a test: the directory is removed below anyway.
      }
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}

/** A fetch that never waits longer than `ms`: a hang shows as `timeout`, a refused connection as `error`. */
export async function timed(
  url: string,
  init: RequestInit = {},
  ms = 8000,
): Promise<{ status: number | 'error' | 'timeout'; ms: number; body: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, ms: performance.now() - started, body };
  } catch (err) {
    const name = (err as Error).name;
    return {
      status: name === 'TimeoutError' ? 'timeout' : 'error',
      ms: performance.now() - started,
      body: `${err} ${(err as { cause?: unknown }).cause ?? ''}`,
    };
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
