import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { type Child, startApp } from './app-process.ts';

/*
 * The queue drain (issue 38): N notification-mail jobs waiting (for real notifications of real members, each
 * an hour old, so every decision runs to its end: push offered, settings and presence read, the mail queued),
 * then one app instance with its workers started on them: jobs decided per second until none is left. The
 * mails it queues are then sent by the same instance at MAIL_RATE_PER_MINUTE, beside the decisions. Before
 * batches, the queue fetched one job per poll and waited out the 2 s poll after each: 0.5 jobs/s.
 *
 * `npm run bench` runs it on its PostgreSQL (BENCH_SKIP=queue leaves it out); `node scripts/bench/queue-drain.ts`
 * runs it alone on a PostgreSQL of its own. BENCH_QUEUE_JOBS (10000) jobs; BENCH_QUEUE_SECONDS (600) the
 * longest it waits for them (a slower queue is reported from what it decided by then).
 */

interface DrainOptions {
  databaseUrl: string;
  tmp: string;
  /** Members who get the notifications, round robin. */
  memberIds: string[];
  jobs: number;
  maxSeconds: number;
  log: (s: string) => void;
  children: Child[];
}

interface DrainResult {
  jobs: number;
  decided: number;
  seconds: number;
  perSecond: number;
  /** Decisions by their result (`queued`: a mail queued). */
  results: Record<string, number>;
  mailsQueued: number;
  drained: boolean;
}

/** Issue 38's target: one instance decides ≥ 200 notification-mail jobs a second. */
export const DRAIN_TARGET = 200;

export async function queueDrain(o: DrainOptions): Promise<DrainResult> {
  const client = new pg.Client({ connectionString: o.databaseUrl });
  await client.connect();
  const { rows: store } = await client.query<{ ok: boolean }>(
    `select to_regclass('pgboss.queue') is not null as ok`,
  );
  const queues = store[0]!.ok
    ? (await client.query(`select 1 from pgboss.queue where name = 'notification-mail'`)).rowCount
    : 0;
  if (!queues) {
    // A database no instance has run on yet: one starts (without workers) to make the queues, and stops.
    const setup = await startApp({
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: path.join(o.tmp, 'queue-drain-setup'),
      JOB_WORKERS: 'false',
    });
    o.children.push(setup);
    await setup.stop();
  }
  const boss = new PgBoss({
    connectionString: o.databaseUrl,
    max: 2,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    // Earlier parts of the run may have left notification-mail jobs of their own: only ours are counted.
    const { rows: made } = await client.query<{ id: string }>(
      `insert into notifications (user_id, type, title, content, data, created_at)
       select m.ids[1 + (i % cardinality(m.ids))], 'order_update', 'Order ' || i || ' was updated',
              'The seller answered.', jsonb_build_object('orderId', gen_random_uuid()), now() - interval '1 hour'
       from generate_series(0, $2::int - 1) i, (select $1::uuid[] as ids) m
       returning id::text`,
      [o.memberIds, o.jobs],
    );
    const ids = made.map(() => randomUUID());
    for (let i = 0; i < made.length; i += 5000) {
      const part = made
        .slice(i, i + 5000)
        .map((n, k) => ({ id: ids[i + k]!, data: { notificationId: n.id } }));
      await boss.insert('notification-mail', part);
    }
    await client.query('create temporary table drain_jobs (id uuid primary key)');
    await client.query('insert into drain_jobs select unnest($1::uuid[])', [ids]);
    const { rows: waiting } = await client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job j join drain_jobs d using (id) where j.name = 'notification-mail'`,
    );
    if (waiting[0]!.n !== o.jobs)
      throw new Error(`queued ${waiting[0]!.n} of ${o.jobs} notification-mail jobs`);
    const decided = async () => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job j join drain_jobs d using (id)
         where j.name = 'notification-mail' and j.state = 'completed'`,
      );
      return rows[0]!.n;
    };

    o.log(`  queue drain: ${o.jobs} notification-mail jobs waiting; one instance starts its workers`);
    const app = await startApp({
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: path.join(o.tmp, 'queue-drain'),
      JOB_WORKERS: 'true',
      // The sweeps would share the instance with the drain: not what is measured.
      ESCROW_RELEASE_INTERVAL_MS: '0',
    });
    o.children.push(app);
    const started = performance.now();
    let n = 0;
    try {
      for (;;) {
        n = await decided();
        if (n >= o.jobs || performance.now() - started > o.maxSeconds * 1000) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await app.stop();
    }
    // From the first job started to the last one completed, as the database recorded them.
    const { rows: span } = await client.query<{ seconds: number }>(
      `select extract(epoch from max(completed_on) - min(started_on))::float8 as seconds
       from pgboss.job j join drain_jobs d using (id) where j.name = 'notification-mail' and j.state = 'completed'`,
    );
    const { rows: byResult } = await client.query<{ result: string; n: number }>(
      `select coalesce(output->>'result', '?') as result, count(*)::int as n
       from pgboss.job j join drain_jobs d using (id) where j.name = 'notification-mail' and j.state = 'completed'
       group by 1 order by 2 desc`,
    );
    const { rows: mails } = await client.query<{ n: number }>(
      `select count(distinct coalesce(data->>'id', id::text))::int as n from pgboss.job
       where name = 'mail' and data->>'template' = 'notification' and data->'data'->>'title' like 'Order % was updated'`,
    );
    const drained = n >= o.jobs;
    // Drained: the database's span; cut off: the time waited (the span would flatter a queue that stalled).
    const seconds = drained ? Math.max(span[0]?.seconds ?? 0, 0.001) : (performance.now() - started) / 1000;
    return {
      jobs: o.jobs,
      decided: n,
      seconds,
      perSecond: n / seconds,
      results: Object.fromEntries(byResult.map((r) => [r.result, r.n])),
      mailsQueued: mails[0]!.n,
      drained,
    };
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    await client.end();
  }
}

export function drainReport(r: DrainResult) {
  const ok = r.drained && r.perSecond >= DRAIN_TARGET;
  return [
    '## Queue drain (one instance, issue 38)',
    '',
    `| jobs waiting | decided | seconds | jobs/s (target ≥ ${DRAIN_TARGET}) | decisions | mails queued |`,
    '| --- | --- | --- | --- | --- | --- |',
    `| ${r.jobs} | ${r.decided}${r.drained ? '' : ' (cut off)'} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(r.perSecond < 10 ? 2 : 0)} ${ok ? '✓' : '✗'} | ${Object.entries(
      r.results,
    )
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')} | ${r.mailsQueued} |`,
    '',
    `${r.jobs} notification-mail jobs for notifications an hour old (of the seeded members, round robin) wait in the queue; one app instance then starts its workers on them. Jobs/s: decided jobs over the span from the first started to the last completed, as pgboss.job recorded them. Each decision offers push, reads the notification with its member's settings and presence, and queues the mail, which the same instance then sends at MAIL_RATE_PER_MINUTE. Before issue 38 the queue fetched one job per poll and waited out its 2 s poll after each: 0.5 jobs/s.`,
    '',
  ];
}

// Alone: `node scripts/bench/queue-drain.ts`, on a PostgreSQL of its own.
if (import.meta.main) {
  const { runAlone } = await import('./alone.ts');
  await runAlone('drain', Number(process.env.BENCH_QUEUE_MEMBERS ?? 100), async (setup) =>
    drainReport(
      await queueDrain({
        databaseUrl: setup.databaseUrl,
        tmp: setup.tmp,
        memberIds: setup.memberIds,
        jobs: Number(process.env.BENCH_QUEUE_JOBS ?? 10_000),
        maxSeconds: Number(process.env.BENCH_QUEUE_SECONDS ?? 600),
        log: console.log,
        children: setup.children,
      }),
    ),
  );
}
