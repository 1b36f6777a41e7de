import type { Child } from './app-process.ts';

/** What a benchmark run on its own is given. */
export interface AloneRun {
  databaseUrl: string;
  tmp: string;
  /** The seeded members' ids (member1@bench.test …). */
  memberIds: string[];
  /** The app processes the run starts: killed at the end, however it ends. */
  children: Child[];
}

/**
 * A benchmark run on its own (`node scripts/bench/<name>.ts`): the benchmarks' PostgreSQL (bench/postgres.ts)
 * with the database `name` migrated and `members` members seeded, a temporary folder, and at the end, however
 * the run ends, its app processes killed and the server and folder gone. `run` answers the report's lines,
 * printed as they are. The modules load only here, so a file that offers this stays cheap to import from run.ts.
 */
export async function runAlone(name: string, members: number, run: (setup: AloneRun) => Promise<string[]>) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const pg = (await import('pg')).default;
  const { openDatabase } = await import('../../server/db/client.ts');
  const { benchPostgres, createBenchDatabase } = await import('./postgres.ts');
  const { seedUsers } = await import('./seed.ts');
  const tmp = mkdtempSync(path.join(os.tmpdir(), `cm-${name}-`));
  const server = await benchPostgres();
  const children: Child[] = [];
  try {
    await createBenchDatabase(server, name);
    const databaseUrl = server.url(name);
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    await database.migrate();
    await database.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const none = { listings: 0, posts: 0, comments: 0, likes: 0, messages: 0 };
    await seedUsers((s) => client.query(s), { users: members, members, ...none });
    const { rows } = await client.query<{ id: string }>(
      `select id::text from profiles where email like 'member%@bench.test'`,
    );
    await client.end();
    const report = await run({ databaseUrl, tmp, memberIds: rows.map((r) => r.id), children });
    console.log(report.join('\n'));
  } finally {
    for (const c of children)
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
