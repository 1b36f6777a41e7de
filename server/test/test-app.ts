import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { LOCAL_AUTH_SECRET } from '../../scripts/bench/app-process.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';
import type { LogDestination } from '../plugins/logging.ts';
import { createMailer, type Mailer, type MailMessage } from '../plugins/mailer.ts';

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. RATE_LIMIT_SCALE: '1' to test the real limits). */
  env?: Record<string, string>;
  /** Another app instance on an existing database (e.g. a second server on the same PostgreSQL); not dropped on close. */
  database?: Database;
  /** Runs before the app is ready: a test can add a route of its own (e.g. one that throws). */
  beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
  /** The test mailer takes this long per message, as a slow mail server would. */
  mailDelayMs?: number;
  /** A built web app to serve (default: none, so only the API answers). */
  webRoot?: string;
  /** Log lines (the app's real format and redaction, at LOG_LEVEL from `env`) go here; default: no logging. */
  logs?: LogDestination;
  /** The real dev mailbox (files under the app's DATA_DIR, logged) instead of the in-memory `outbox`. */
  devMailbox?: boolean;
  /** Send mail through this SMTP server (server/test/smtp.ts) instead of the in-memory outbox. */
  smtpUrl?: string;
}

/**
 * The migrated template as PGlite takes it, handing out the same bytes every time: PGlite reads a data
 * directory with `await blob.arrayBuffer()`, which Node's Blob serves by streaming 35 MB in 64 KB chunks and
 * joining them, 0.3 of the 0.8 CPU-seconds an open took. PGlite only reads these bytes (its in-memory file
 * system copies what it writes), so one buffer serves every open.
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** The migrated template, read once per worker: a worker runs many files (isolate: false). */
let template: { file: string; blob: Blob } | undefined;
function pgliteTemplate() {
  const file = inject('pgliteTemplate');
  if (template?.file !== file) {
    const bytes = readFileSync(file);
    template = {
      file,
      blob: new TemplateBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
    };
  }
  return template.blob;
}

/**
 * A test database holds a few hundred rows: PostgreSQL's 128 MB of shared buffers, which PGlite allocates and
 * clears in its memory at every start, cost 0.4 s of the 1.1 s a copy of the template takes to open.
 */
const TEST_PGLITE_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
];

/** A PGlite in memory copied from the migrated template (the PGlite project's): no initdb, no migrations. */
export function templatePglite() {
  return new PGlite({
    loadDataDir: pgliteTemplate(),
    extensions: PGLITE_EXTENSIONS,
    startParams: TEST_PGLITE_PARAMS,
  });
}

/** A fresh database copied from the migrated template: PGlite in memory, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbKind') === 'postgres') {
    const urlFor = (db: string) => inject('postgresUrl').replace('{db}', db);
    const name = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: urlFor('postgres') });
    await admin.connect();
    await admin.query(`create database ${name} template cm_template`);
    await admin.end();
    // Every API test on PostgreSQL reads through the replica router (db/replicas.ts), the database named as
    // its own replica: each GET's reads take the replica's path (its pool, its prepared statements, the
    // write-position cookie) with no lag. replicas.pg.test.ts runs a real streaming replica held back.
    const database = await openDatabase({ databaseUrl: urlFor(name), poolSize: 5, readUrls: [urlFor(name)] });
    return {
      database,
      drop: async () => {
        await database.close();
        // A run's databases are left to the server, whose directory goes at the run's end (global-setup.ts):
        // a drop cost the server 0.1 CPU-seconds and the file 0.2–0.3 s, each of ~120 files. 12 MB each.
        if (!inject('dropTestDatabases')) return;
        const c = new pg.Client({ connectionString: urlFor('postgres') });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const database = await openDatabase({ pglite: templatePglite() });
  return { database, drop: () => database.close() };
}

/**
 * PGlite on disk under `dataDir`, as the server keeps it, copied from the migrated template: tests of the
 * entry points and scripts start from a migrated database without paying for initdb and the migrations
 * (production-install.test.ts starts from nothing on purpose).
 */
export async function pgliteDataDirFromTemplate(dataDir: string) {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await client.close();
}

/**
 * The environment under which every route exists: some are registered only when their service is configured
 * (a payment processor's webhook). The suites that walk every operation of the OpenAPI document build their
 * app with it, so such a route is walked the day it is added. The processor addresses lead nowhere: no walk
 * carries a valid webhook signature or a top-up the site's minimum allows, so none is called.
 */
export const everyRouteEnv: Record<string, string> = {
  BTCPAY_URL: 'http://127.0.0.1:9',
  BTCPAY_STORE_ID: 'walk-store',
  BTCPAY_API_KEY: 'walk-api-key',
  BTCPAY_WEBHOOK_SECRET: 'walk-webhook-secret',
  STRIPE_SECRET_KEY: 'sk_test_unreached',
  STRIPE_WEBHOOK_SECRET: 'whsec_unreached',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  PAYMENTS_SANDBOX: 'true',
  // Sign-in with Discord (issue 37): starting builds the authorization URL locally; no walk reaches Discord.
  DISCORD_CLIENT_ID: 'walk-discord-client',
  DISCORD_CLIENT_SECRET: 'walk-discord-secret',
  DISCORD_API_URL: 'https://127.0.0.1:9',
};

/** The whole app on its own database, as each API test file uses it (through app.inject). */
export async function buildTestApp(options: TestAppOptions = {}) {
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // Generous by default so tests of other rules never trip a limit; rate-limit tests pass '1'.
    RATE_LIMIT_SCALE: '100',
    // Every instance a test starts shares the auth secret, as a cluster's instances do: what it signs or
    // encrypts (sessions, the stored VAPID keys) is read by the servers it starts as child processes too.
    AUTH_SECRET: LOCAL_AUTH_SECRET,
    // 2^10 instead of 2^15: the same algorithm and format, a 32nd of the work (production mode refuses it).
    ...(options.env?.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '1024' }),
    // Tests run the release job themselves (releaseDueOrders) unless they turn the timer on.
    ESCROW_RELEASE_INTERVAL_MS: '0',
    CLEAN_UP_INTERVAL_MS: '0',
    UPLOAD_SWEEP_INTERVAL_MS: '0',
    DIGEST_INTERVAL_MS: '0',
    TRUST_LEVELS_INTERVAL_MS: '0',
    // Jobs are enqueued as in production but run only in the files that test them (JOB_WORKERS: 'true'):
    // a worker's statements would otherwise land in other files' statement counts.
    JOB_WORKERS: 'false',
    // Notifications are mailed at once in tests (members are "away" from the start).
    MAIL_AWAY_SECONDS: '0',
    LOG_LEVEL: 'silent',
    // No load shedding unless a test turns it on: building a second app in the same process blocks the
    // loop for seconds, which would shed the first one's requests.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_POOL_WAIT_MS: '0',
    ...options.env,
  });
  const outbox: MailMessage[] = [];
  const mailer: Mailer = options.smtpUrl
    ? createMailer({
        smtpUrl: options.smtpUrl,
        from: config.mailFrom,
        dataDir,
        log: pino({ level: 'silent' }),
      })
    : {
        kind: 'dev-mailbox',
        async send(message) {
          if (options.mailDelayMs) await new Promise((resolve) => setTimeout(resolve, options.mailDelayMs));
          outbox.push(message);
        },
      };
  const app = await buildApp({
    config,
    database,
    mailer: options.devMailbox ? undefined : mailer,
    ...(options.logs ? { logDestination: options.logs } : { logger: false }),
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    outbox,
    /**
     * Empties the outbox once every queued job has run: mail queued by an earlier step (a sign-up's
     * verification, a notification) would otherwise land after the clearing and be counted as the test's own.
     */
    async clearOutbox() {
      if (config.jobWorkers) await app.jobs.settle();
      outbox.length = 0;
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
