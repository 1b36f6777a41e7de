import pg from 'pg';
import { type Database, openDatabase, type StatementMode } from '../../server/db/client.ts';
import { findListing } from '../../server/modules/commerce/listings/queries/detail.ts';
import { startPgbouncer } from '../../server/test/pgbouncer.ts';
import { startPostgres } from '../../server/test/postgres-server.ts';
import { scaled, seedListings, seedUsers } from './seed.ts';

/*
 * `npm run bench:pooler`: the listing detail's hot read (a prepared statement, decision 025) as fast as
 * CONNECTIONS callers can run it, on PostgreSQL directly and through a real PgBouncer in transaction mode,
 * with its statements named and unnamed (decision 040). The driver-level read, no HTTP: what the statement
 * mode changes is the database's side. Environment:
 *   BENCH_SCALE (0.05)      data set (users and listings of `npm run bench`'s scale)
 *   BENCH_CONNECTIONS (20)  callers at once; the app's pool is DATABASE_POOL_SIZE's default (10)
 *   BENCH_POOL (10)         PgBouncer's server connections (default_pool_size)
 *   BENCH_ROUNDS (3) / BENCH_ROUND (5)   alternating rounds of each mode and their seconds (medians reported)
 */
const env = process.env;
const counts = scaled(Number(env.BENCH_SCALE ?? 0.05));
const connections = Number(env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const seconds = Number(env.BENCH_ROUND ?? 5);

const server = await startPostgres();
const pooler = await startPgbouncer(server.url('{db}'), Number(env.BENCH_POOL ?? 10));
try {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const direct = server.url('bench');
  const setup = await openDatabase({ databaseUrl: direct, poolSize: 1 });
  await setup.migrate();
  await setup.close();
  const seeder = new pg.Client({ connectionString: direct });
  await seeder.connect();
  const exec = (sql: string) => seeder.query(sql);
  await seedUsers(exec, counts);
  await seedListings(exec, counts, 1, counts.listings);
  await exec('analyze');
  const ids = (await seeder.query<{ id: string }>('select id from marketplace_listings')).rows.map(
    (r) => r.id,
  );
  await seeder.end();
  console.log(
    `${counts.listings} listings, ${connections} callers, pool of 10, PgBouncer ${env.BENCH_POOL ?? 10} server connections; ${rounds} rounds of ${seconds} s`,
  );

  const modes: { name: string; url: string; statements: StatementMode }[] = [
    { name: 'direct, named', url: direct, statements: 'named' },
    { name: 'direct, unnamed', url: direct, statements: 'unnamed' },
    { name: 'PgBouncer, unnamed', url: pooler.url('bench'), statements: 'unnamed' },
    { name: 'PgBouncer, named', url: pooler.url('bench'), statements: 'named' },
  ];
  const results = new Map(modes.map((m) => [m.name, [] as { perSecond: number; failed: number }[]]));

  /** Reads for `seconds` from `connections` callers; failures counted, not retried. */
  async function round(database: Database) {
    let done = 0;
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, caller) => {
        let i = caller;
        while (performance.now() < end) {
          i = (i + connections) % ids.length;
          try {
            await findListing(database.db, ids[i]!);
            done++;
          } catch {
            failed++;
          }
        }
      }),
    );
    return { perSecond: done / seconds, failed };
  }

  for (let r = 0; r < rounds; r++)
    for (const mode of modes) {
      // No DATABASE_DIRECT_URL: the start's check for a pooler that loses names would refuse the last mode.
      const database = await openDatabase({
        databaseUrl: mode.url,
        statements: mode.statements,
        poolSize: 10,
      });
      results.get(mode.name)!.push(await round(database));
      await database.close();
    }

  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  for (const mode of modes) {
    const all = results.get(mode.name)!;
    const failed = all.reduce((n, x) => n + x.failed, 0);
    console.log(
      `${mode.name.padEnd(20)} ${median(all.map((x) => x.perSecond))
        .toFixed(0)
        .padStart(6)} reads/s (median; rounds ${all
        .map((x) => x.perSecond.toFixed(0))
        .join(', ')})${failed ? `, ${failed} failed` : ''}`,
    );
  }
} finally {
  pooler.stop();
  server.stop();
}
