import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '../..');

/** Every child that runs our code loads the resolve hook first, as `npm start` does (docs/decisions/028). */
export const NODE_ARGS = ['--import', pathToFileURL(path.join(root, 'server/boot/fast-resolve.ts')).href];
/**
 * The V8 flags `npm start` gives the server (package.json's start script, the one place they are written): a
 * measured app runs as production runs it (docs/decisions/081).
 */
export const START_FLAGS = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
/**
 * A child that lives a few seconds (a server a test starts and stops, a CLI script) on PGlite: V8 compiles
 * PostgreSQL's 9 MB of WebAssembly a second time with its optimizing tier in the background, and the exit
 * waits for it: 2 of a PGlite script's 3.4 CPU-seconds. Baseline code is the same program, only slower to
 * run, which such a child never notices. Never for a server that is measured (`npm run bench`).
 */
export const SHORT_LIVED = ['--liftoff-only'];

/** Runs `node scripts/<name>.ts <args>` to the end, as `npm run <name>` would. */
export function runScript(name: string, args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, [...NODE_ARGS, ...SHORT_LIVED, `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), ...env },
    input,
    encoding: 'utf8',
    // Bounded: the caller's worker is blocked while it runs, so no test timeout could end a stuck script.
    timeout: 300_000,
  });
}

export async function freePort(): Promise<number> {
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

export interface Child {
  child: ChildProcess;
  base: string;
  port: number;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Whether process `pid` holds the socket listening on `port` (Linux's /proc; elsewhere, assumed). A port
 * from {@link freePort} is free only until someone binds it: another test's server may take it first, and
 * then answers the readiness check of a child that failed to bind (seen once: two instances of the
 * multi-instance test, one of them another file's server, refused every request as cross-site).
 */
export function listensOn(pid: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // local_address rem_address st ... inode; st 0A is LISTEN.
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hexPort) && cols[3] === '0A' && cols[9]) listening.add(cols[9]);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
      return listening.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '');
    });
  } catch {
    // The process is gone, or an fd closed while being read: not (yet) ours to trust.
    return false;
  }
}

/** Starts `node <script>` with `env` and waits until `readyPath` answers 2xx, served by that child. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath = '/api/health',
  port?: number,
  nodeFlags: string[] = [],
): Promise<Child> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [...NODE_ARGS, ...nodeFlags, script], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), ...env, PORT: String(p) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${p}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${script} exited early:\n${output}`);
    const ok = await fetch(`${base}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && listensOn(child.pid!, p))
      return {
        child,
        base,
        port: p,
        output: () => output,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start:\n${output}`);
}

/**
 * The app in production mode on `port` (or a free one), against DATABASE_URL (or PGlite under DATA_DIR when it
 * is absent).
 */
export async function startApp(
  env: Record<string, string>,
  port?: number,
  nodeFlags: string[] = [],
  attempts = 3,
): Promise<Child> {
  try {
    return await startAppOnce(env, port, nodeFlags);
  } catch (err) {
    // A port of our choosing was taken between freePort and the child's listen: choose another.
    if (port === undefined && attempts > 1 && String(err).includes('EADDRINUSE'))
      return startApp(env, port, nodeFlags, attempts - 1);
    throw err;
  }
}

/** The sessions' signing secret of the servers tests and benchmarks start on loopback (never a real site's). */
export const LOCAL_AUTH_SECRET = 'loopback-test-servers-only-auth-secret-0123456789';

function startAppOnce(env: Record<string, string>, port: number | undefined, nodeFlags: string[]) {
  return freePort().then((p) => {
    const use = port ?? p;
    return startChild(
      'server/main.ts',
      {
        NODE_ENV: 'production',
        // Production requires one; every instance a test or benchmark starts shares it, as a cluster would.
        AUTH_SECRET: LOCAL_AUTH_SECRET,
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${use}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // BENCH_APP_NODE_OPTIONS=--cpu-prof profiles the app (the profile is written when it exits).
        ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
        ...env,
      },
      '/api/health',
      use,
      [...START_FLAGS, ...nodeFlags],
    );
  });
}

/** Signs a member in through the API; returns the Cookie header to send. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The Cookie header of a session a benchmark wrote with SQL (the sessions table holds the token's SHA-256, as
 * the app stores it): `token.base64(HMAC-SHA256(secret, token))`, URI-encoded, as better-auth signs it. Thousands
 * of members signed in without thousands of password hashes.
 */
export const sessionCookie = (secret: string, token: string) =>
  `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
