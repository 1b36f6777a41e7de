import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server on loopback, in a temporary data directory. PostgreSQL refuses
 * to run as root, so as root it runs as the `postgres` system user Debian's package creates.
 */
export interface PostgresServer {
  url(database: string): string;
  /**
   * The same database through the server's Unix socket, as an app on the database's own machine would connect:
   * no loopback TCP on either side (the purchase benchmark: 415 against 462 purchases/s).
   */
  localUrl(database: string): string;
  stop(): void;
  /** A streaming replica of this server (pg_basebackup -R), on a port of its own. */
  startReplica(): Promise<ReplicaServer>;
}

export interface ReplicaServer extends Omit<PostgresServer, 'startReplica'> {
  /** Stops it the way a crash would, keeping its data. */
  halt(): void;
  /** Starts it again after `halt`: it catches up from the primary. */
  restart(): void;
}

function findBinDir(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'dirname "$(command -v initdb)"'], { encoding: 'utf8' }).stdout.trim();
  if (found && found !== '.') return found;
  throw new Error('PostgreSQL is not installed: apt-get install postgresql (the .ci/run script does it)');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The server's environment, which its backends inherit: glibc keeps 8 MB free at the top of each backend's
 * heap rather than handing memory back to the kernel after every statement and faulting it in again on the
 * next (~340 page faults and 7 ms for a global search on this machine; docs/decisions/027). The README
 * gives the same setting for a production server.
 */
const SERVER_ENV = { MALLOC_TOP_PAD_: String(8 * 1024 * 1024) };

/** `settings`: more server settings (`-c name=value`), e.g. a library to preload for a benchmark. */
export async function startPostgres(settings: Record<string, string> = {}): Promise<PostgresServer> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    // Bounded: a blocked worker cannot time its test out, and a stuck child would stall the whole run.
    execFileSync(file, argv, {
      stdio: 'pipe',
      cwd: dir,
      env: { ...process.env, ...SERVER_ENV },
      timeout: 180_000,
    });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${Object.entries(
    settings,
  )
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('')}`;
  run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const server: PostgresServer = {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    localUrl: (database) =>
      `postgres://postgres@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async startReplica() {
      const replicaDir = mkdtempSync(path.join(os.tmpdir(), 'cm-pg-replica-'));
      chmodSync(replicaDir, 0o777);
      const replicaData = path.join(replicaDir, 'data');
      const replicaPort = await freePort();
      // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
      run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        replicaData,
        '-R',
        '-X',
        'stream',
        // At once: the default spread checkpoint waited two minutes on an idle test server.
        '--checkpoint=fast',
      ]);
      const start = () =>
        run('pg_ctl', [
          '-D',
          replicaData,
          '-l',
          path.join(replicaDir, 'log'),
          '-w',
          '-o',
          `-p ${replicaPort} -k ${replicaDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c hot_standby_feedback=on`,
          'start',
        ]);
      start();
      return {
        url: (database) => `postgres://postgres@127.0.0.1:${replicaPort}/${database}`,
        localUrl: (database) =>
          `postgres://postgres@localhost:${replicaPort}/${database}?host=${encodeURIComponent(replicaDir)}`,
        stop() {
          try {
            run('pg_ctl', ['-D', replicaData, '-m', 'immediate', '-w', 'stop']);
          } finally {
            rmSync(replicaDir, { recursive: true, force: true });
          }
        },
        halt: () => run('pg_ctl', ['-D', replicaData, '-m', 'immediate', '-w', 'stop']),
        restart: start,
      };
    },
  };
  return server;
}
