import { randomUUID } from 'node:crypto';
import { type PostgresServer, startPostgres } from '../../server/test/postgres-server.ts';

/**
 * What the benchmarks use of a server: its databases' addresses, stopping it, and (a server of their own only)
 * a streaming replica of it.
 */
export type BenchPostgres = Pick<PostgresServer, 'url' | 'localUrl' | 'stop'> &
  Partial<Pick<PostgresServer, 'startReplica'>>;

/**
 * The benchmarks' PostgreSQL: a server of their own on loopback, or, when BENCH_POSTGRES_URL names one (a URL
 * with `{db}` for the database, as the test projects provide it), that server: the benchmarks' smoke test
 * (bench-smoke.pg.test.ts) runs them on the tests' server instead of paying for another initdb. Each run's
 * databases there get a suffix of their own; `postgres` is the server's, to create them from.
 */
export async function benchPostgres(settings: Record<string, string> = {}): Promise<BenchPostgres> {
  const given = process.env.BENCH_POSTGRES_URL;
  if (!given) return startPostgres(settings);
  const suffix = randomUUID().slice(0, 8);
  const url = (db: string) => given.replace('{db}', db === 'postgres' ? db : `${db}_${suffix}`);
  // The given address, however it reaches the server.
  return { url, localUrl: url, stop() {} };
}

/**
 * Creates the database `server.url(name)` names: empty (the caller migrates it), or, when
 * BENCH_POSTGRES_TEMPLATE names a migrated database on the BENCH_POSTGRES_URL server (the tests' `cm_template`),
 * a copy of it, so the smoke test does not run every migration again for each benchmark (the migrations then
 * find nothing to do, as on a server that has been up for a while).
 */
export async function createBenchDatabase(server: BenchPostgres, name: string) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  const template = process.env.BENCH_POSTGRES_URL && process.env.BENCH_POSTGRES_TEMPLATE;
  await admin.connect();
  try {
    await admin.query(
      `create database "${new URL(server.url(name)).pathname.slice(1)}"${template ? ` template "${template}"` : ''}`,
    );
  } finally {
    await admin.end();
  }
}
