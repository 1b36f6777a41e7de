import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './server/test/sequencer.ts';

// Loopback test servers that speak TLS (the push service, server/test/push-service.ts) present this
// certificate; workers trust it as an operator trusts a corporate CA: Node's own NODE_EXTRA_CA_CERTS, read at
// each worker's start, so no code path of the server knows about tests.
// A machine may name a bundle of its own there already: the workers get both.
process.env.NODE_EXTRA_CA_CERTS = extraCertificates(path.resolve('server/test/tls/localhost-cert.pem'));
function extraCertificates(ours: string): string {
  const theirs = process.env.NODE_EXTRA_CA_CERTS;
  if (!theirs || theirs === ours || !existsSync(theirs)) return ours;
  mkdirSync('.tmp', { recursive: true });
  const both = path.resolve('.tmp/test-extra-ca.pem');
  writeFileSync(both, `${readFileSync(theirs, 'utf8')}\n${readFileSync(ours, 'utf8')}`);
  return both;
}

const include = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'];
// Tests that touch no database: run once, in the PGlite project.
const databaseFree = [
  'scripts/{api-routes,build-chunks,check-bundle-budget,head-script,lint-boundaries,route-table-adoption,route-table-breaks-both}.test.ts',
  'contract/i18n/catalogues.test.ts',
  'server/config.test.ts',
  'server/db/owners.test.ts',
  'server/plugins/{mailer,serializer}.test.ts',
  'server/security/content-cipher.test.ts',
  'server/modules/auth/password-hash.test.ts',
  'server/modules/site-settings/tones.test.ts',
  'server/modules/trust/contact-detector.test.ts',
  // PGlite's own queue and event-loop turns: nothing there for a PostgreSQL server to show.
  'server/db/event-loop-turns.test.ts',
  'server/boot/*.test.ts',
  'server/test/stripe-server.test.ts',
  'server/test/btcpay-server.test.ts',
  'server/modules/payments/btcpay-payouts.test.ts',
  'server/modules/uploads/encoder-pool.test.ts',
  'server/security/policy-only.test.ts',
  // Reads the server's imports only (issue 40, decision 058).
  'server/modules-graph.test.ts',
];

/**
 * What `npm test` runs on PGlite besides the database-free files (decision 059): the API suite runs in full on
 * PostgreSQL, which production runs; on PGlite, the engine behind `npm start`, these prove it end to end and
 * cover every code path that differs between the two engines. `npm run test:api` (`--project pglite`) still
 * runs every API file on PGlite.
 */
const pgliteProof = [
  // The entry point on a data directory (migrated, restarted, create-admin, check:ledger), the production
  // install, the demo seed, and a data directory's backup and restore (db/backup.ts's PGlite branch).
  'server/main.test.ts',
  'server/production-install.test.ts',
  'server/db/seed-demo.test.ts',
  'scripts/backup.test.ts',
  // Sign-up, sign-in, sessions and password resets; the health check names the engine.
  'server/modules/auth/auth.test.ts',
  'server/modules/health/health.test.ts',
  // A purchase and the ledger check after each scenario; 50 concurrent buyers through PGlite's one
  // connection (db/client.ts shares it among queries and transactions).
  'server/modules/commerce/purchase/purchase-rules.test.ts',
  'server/modules/commerce/orders/orders.test.ts',
  'server/modules/commerce/listings/marketplace.test.ts',
  // The forum, search (pg_trgm as a PGlite extension), the job queue (pg-boss's PGlite backend), uploads
  // (bytea: PGlite answers a Uint8Array where pg answers a Buffer, db/schema/columns.ts).
  'server/modules/forum/forum.test.ts',
  'server/modules/search/search.test.ts',
  'server/plugins/queue.test.ts',
  'server/modules/uploads/uploads.test.ts',
  // Engine branches: presence in memory and LISTEN on PGlite (plugins/realtime.ts, realtime/presence.ts),
  // PGlite's queue as pool figures (metrics, load shedding), named statements PGlite ignores (db/sql.ts,
  // db/prepared.ts).
  'server/modules/realtime/realtime.test.ts',
  'server/modules/notifications/notifications-live.test.ts',
  'server/plugins/metrics.test.ts',
  'server/plugins/pressure.test.ts',
  'server/db/sql.test.ts',
  'server/db/row-mapper.test.ts',
];

// A renamed or moved file would silently leave the proof set: the run stops instead.
for (const file of pgliteProof)
  if (!existsSync(path.resolve(file)))
    throw new Error(`vitest.config.ts: pgliteProof names ${file}, which does not exist`);

/**
 * Every file on PGlite when the PGlite project is asked for by name (`npm run test:api`, or a developer's
 * `npx vitest run <file> --project pglite`) or with TEST_PGLITE=full; otherwise (`npm test`, CI) the proof set.
 */
const pgliteFull =
  process.env.TEST_PGLITE === 'full' ||
  process.argv.some(
    (arg, i, args) => arg === '--project=pglite' || (arg === '--project' && args[i + 1] === 'pglite'),
  );

/**
 * Two projects in one run: the API suite on a real PostgreSQL server, where `*.pg.test.ts` (several processes
 * on one database, stopping the server) run too, and on embedded PGlite the files that prove it (all of them
 * with `--project pglite`). One run shares the workers: PostgreSQL files spend much of their time waiting on
 * the server, so three forks keep two cores busy where two separate passes of one fork each (vitest's default
 * here) left one idle.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // A file that never ends is named, with the processes under the run, instead of stalling CI silently.
    reporters: ['default', './server/test/watchdog-reporter.ts'],
    hookTimeout: 60_000,
    pool: 'forks',
    // The workers load the server's modules as `npm start` does: docs/decisions/028.
    execArgv: ['--import', './server/boot/fast-resolve.ts'],
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // Tests within a file share one app and database; files run in parallel on their own copies.
    sequence: { concurrent: false, sequencer: LongestFirst },
    // A worker keeps its loaded modules from one file to the next: every file builds its own app and
    // database, and module state is configuration only, so re-importing the server per file bought nothing
    // and cost 822 s of import time per run (the whole run: 15.7 min → 7.4 min on 2 cores).
    isolate: false,
    projects: [
      // The front end's components and hooks in a simulated DOM, no database (decision 045).
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: pgliteFull ? include : [...pgliteProof, ...databaseFree],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include,
          exclude: ['**/node_modules/**', ...databaseFree],
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
    ],
  },
});
