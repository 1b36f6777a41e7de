import pg from 'pg';

/**
 * BENCH_PG_STATEMENTS=1: PostgreSQL's own account of the measured statements (pg_stat_statements, planning
 * tracked too), printed after the main run. It found what held purchases under 250/s: the sale statement
 * planned again at every call, and a trigram index written on every sale (decisions 025 and 013).
 */
export const PG_STATEMENTS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track_planning': 'on',
};

/** Starts counting from now (the seed and the warm-up of the capture are left out). */
export async function resetStatementStats(url: string) {
  await withClient(url, async (c) => {
    await c.query('create extension if not exists pg_stat_statements');
    await c.query('select pg_stat_statements_reset()');
  });
}

/** The statements that took PostgreSQL the most time since the reset, as a Markdown table. */
export async function statementStatsTable(url: string, limit = 15): Promise<string> {
  const { rows } = await withClient(url, (c) =>
    c.query<{ calls: string; plans: string; plan: number; run: number; total: number; query: string }>(
      `select calls, plans, total_plan_time / greatest(calls, 1) as plan, total_exec_time / greatest(calls, 1) as run,
          total_plan_time + total_exec_time as total, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by total desc limit $1`,
      [limit],
    ),
  );
  const lines = rows.map(
    (r) =>
      `| ${Number(r.calls).toLocaleString('en-US')} | ${Number(r.plans).toLocaleString('en-US')} | ${r.plan.toFixed(3)} | ${r.run.toFixed(3)} | ${(r.total / 1000).toFixed(1)} | \`${r.query.replaceAll('|', '\\|').replaceAll('`', "'")}\` |`,
  );
  return [
    `Statements that took PostgreSQL the most time during the measurements (the app's and the ceiling's; pg_stat_statements):`,
    '',
    '| calls | times planned | plan ms per call | run ms per call | total s | statement |',
    '| --- | --- | --- | --- | --- | --- |',
    ...lines,
  ].join('\n');
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
