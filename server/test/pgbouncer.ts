import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/bench/app-process.ts';

/** Debian's package (`pgbouncer`, 1.18 on bookworm); `.ci/run` installs it. */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The pooler's URL for a database of the server behind it. */
  url(database: string): string;
  stop(): void;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A real PgBouncer in transaction pooling mode on a free loopback port, in front of the PostgreSQL server of
 * `serverUrl` (any database name is passed through): its own ini and user list in a temporary directory, as a
 * daemon of its own (never the packaged service), stopped by `stop`. `poolSize` server connections per
 * database: fewer than the app's pool, so its clients take turns on them as many instances' would.
 * PgBouncer refuses to run as root: as root it runs as the `postgres` system user, like the test server.
 */
export async function startPgbouncer(serverUrl: string, poolSize = 2): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error('PgBouncer is not installed: apt-get install pgbouncer (.ci/run does it)');
  const server = new URL(serverUrl.replace('{db}', 'postgres'));
  const user = decodeURIComponent(server.username);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const pidFile = path.join(dir, 'pgbouncer.pid');
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    `[databases]
* = host=${server.hostname} port=${server.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
ignore_startup_parameters = extra_float_digits, options
logfile = ${path.join(dir, 'pgbouncer.log')}
pidfile = ${pidFile}
`,
  );
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER, '-d', ini]]
    : [PGBOUNCER, ['-d', ini]];
  execFileSync(file, argv, { stdio: 'pipe', cwd: dir, timeout: 60_000 });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) {
      const log = existsSync(path.join(dir, 'pgbouncer.log'))
        ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      throw new Error(`PgBouncer did not start on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: (database) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGINT');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
