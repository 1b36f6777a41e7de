import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Job, type JobResult, PgBoss, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import type { HookEvent } from '../../contract/hooks.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { namedRows, rows } from '../db/sql.ts';
import { jobMetrics } from './metrics.ts';

/**
 * A mail to send: a template of server/modules/mail/templates.ts and its data. `userId` names the member
 * it is for (per-member sending rate, and the unsubscribe link of notification kinds).
 */
export interface MailJob {
  to: string;
  template: string;
  data: Record<string, unknown>;
  userId?: string;
  /**
   * The mail's identity (a uuid), given when it is first queued and kept by every later job of the same mail
   * (one moved past a sending rate, one queued again by a retried producer): mail_log claims it once, so the
   * mail goes out once however many jobs or workers carry it. A job queued before it existed has none, and
   * its own id stands for it.
   */
  id?: string;
  /**
   * A secret link the mail worker makes when it sends (modules/auth/mail-links.ts): the job names the kind
   * (and the row it is for), never the token, so job data and backups hold no live secret (issue 36).
   */
  link?: { kind: MailLinkKind; ref?: string };
}
export type MailLinkKind = 'password-reset' | 'verify-email' | 'not-me';

/** Every job the app runs, with its data. A module may add its own job here by declaration merging. */
export interface JobData {
  mail: MailJob;
  /** A password-reset request, answered before the account is looked up (modules/auth/routes.ts). */
  'password-reset': { email: string; ip: string };
  /** A notification that may go out by mail once its member has been away a while. */
  'notification-mail': { notificationId: string };
  /**
   * A large fan-out's notifications, whose 'notification-mail' jobs are queued by a worker rather than in the
   * fan-out's transaction (modules/notifications mailLater, modules/mail queueNotificationMails).
   */
  'notification-mails': { notificationIds: string[] };
  /** A notification to push to its member's devices (modules/push): its job id is the notification's. */
  'notification-push': { notificationId: string };
  /** One push to one device, retried alone. */
  'push-send': { notificationId: string; subscriptionId: string };
  /**
   * One message to one outgoing webhook (modules/hooks). A delivery that meets a 5xx, a 429 or no answer is
   * queued again by its worker with `attempt` + 1, after the back-off or the receiver's `retry_after`.
   */
  'hook-send': {
    hookId: string;
    event: HookEvent | 'test';
    message: { title: string; text: string; path: string };
    attempt: number;
  };
  // 'security-alert' is added by modules/sessions/alerts.ts (declaration merging): the queue, which alerts
  // import, never imports alerts back, even for a type (decision 056).
  'escrow-release': Record<string, never>;
  /** Pending deposits past their window, re-read at their processor (modules/payments/reconcile-job.ts). */
  'deposit-reconcile': Record<string, never>;
  /** Payouts still processing after a while, re-read at their processor (modules/withdrawals/payout-reconcile-job.ts). */
  'payout-reconcile': Record<string, never>;
  'clean-up': Record<string, never>;
  /** Uploads nothing used a day after upload, deleted (modules/uploads/sweep-job.ts). */
  'upload-sweep': Record<string, never>;
  /** Summary mails for members who stayed away longer than their digest period (modules/mail/digest.ts). */
  digest: Record<string, never>;
  /** Members whose history now earns a higher trust level (modules/trust/job.ts). */
  'trust-levels': Record<string, never>;
}
export type JobName = keyof JobData;

/**
 * Queue definitions. Retries back off exponentially (pg-boss: retryDelay × 2^n with jitter, capped). A job
 * whose worker dies (kill -9) stops sending heartbeats and is retried by the next monitor pass; `stately`
 * keeps at most one waiting and one running job, so periodic sweeps every instance sends never pile up or
 * overlap.
 */
const queues: Record<JobName, Omit<Queue, 'name'>> = {
  mail: { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 3600, heartbeatSeconds: 10 },
  'password-reset': { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 10 },
  'notification-mail': { retryLimit: 5, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 10 },
  'notification-mails': { retryLimit: 5, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 10 },
  'notification-push': { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 10 },
  // A push is worth little late: a few retries within minutes, and the message expires at the service (TTL).
  'push-send': { retryLimit: 4, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, heartbeatSeconds: 10 },
  // HTTP failures are retried by the worker itself (with the receiver's retry_after); these retries are for a
  // worker that died or a database that failed mid-job.
  'hook-send': { retryLimit: 2, retryDelay: 30, retryBackoff: true, heartbeatSeconds: 10 },
  'security-alert': { retryLimit: 5, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 10 },
  'escrow-release': { policy: 'stately', retryLimit: 2, retryDelay: 5, heartbeatSeconds: 10 },
  'deposit-reconcile': { policy: 'stately', retryLimit: 2, retryDelay: 30, heartbeatSeconds: 10 },
  'payout-reconcile': { policy: 'stately', retryLimit: 2, retryDelay: 30, heartbeatSeconds: 10 },
  'clean-up': { policy: 'stately', retryLimit: 2, retryDelay: 60, heartbeatSeconds: 10 },
  'upload-sweep': { policy: 'stately', retryLimit: 2, retryDelay: 60, heartbeatSeconds: 10 },
  digest: { policy: 'stately', retryLimit: 2, retryDelay: 60, heartbeatSeconds: 10 },
  'trust-levels': { policy: 'stately', retryLimit: 2, retryDelay: 60, heartbeatSeconds: 10 },
};
const jobNames = Object.keys(queues) as JobName[];

/**
 * Senders of this process: a send needs only the queue definitions (the same on every instance and
 * database) and runs its insert through the caller's transaction, so any started instance can build it.
 */
const senders = new Set<PgBoss>();

/** MAIL_AWAY_SECONDS, as the queue was started with: the same on every instance (config). */
let notificationMailDelay = 0;

/**
 * When a notification's 'notification-mail' job runs (modules/mail notificationMail). For a member with devices
 * to push to, at once: the job offers the push first. For any other member its first run only found the
 * notification too young to mail and queued itself again for when the member counts as away: a whole job
 * (its insert, fetch, run and completion) for nothing, half the queue's work for each direct message (issue
 * 38, decision 079). Their job now starts when the member counts as away.
 */
export const notificationMailStart = (hasPush: boolean): { startAfter?: number } =>
  hasPush || notificationMailDelay === 0 ? {} : { startAfter: notificationMailDelay };

/**
 * Enqueues a job inside the caller's transaction: if it rolls back the job never existed; once it commits,
 * the job runs (on any instance) at least once, with retries. Outside a transaction, pass the Db.
 */
export async function enqueue<N extends JobName>(
  tx: Tx | Db,
  name: N,
  data: JobData[N],
  options: Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  const [boss] = senders;
  if (!boss) throw new Error('the job queue is not started');
  return boss.send(name, data, { ...options, db: inTransaction(tx) });
}

/**
 * pg-boss's statements run through the caller's transaction, each sent named: its insert was planned at every
 * send (0.32 ms to plan, 0.27 ms to run, in each purchase; issue 13). pg-boss's texts are a fixed set with
 * every value a parameter; a statement without parameters may hold several commands, which only an unnamed
 * simple query runs.
 */
function inTransaction(tx: Tx | Db): NonNullable<SendOptions['db']> {
  return {
    executeSql: async (text, values) => ({
      rows: values?.length
        ? await namedRows(tx, 'job', { sql: text, params: values })
        : await rows(tx, sql.raw(text)),
    }),
  };
}

/** Many jobs of one kind in one statement, inside the caller's transaction (a fan-out). */
export async function enqueueMany<N extends JobName>(
  tx: Tx | Db,
  name: N,
  data: JobData[N][],
  /** Each job's id, when a job queued again must be dropped (jobIdFor): the queue keeps the first. */
  idOf?: (data: JobData[N]) => string,
  /** Each job's start, when some wait (`notificationMailStart`). */
  startOf?: (data: JobData[N]) => { startAfter?: number },
) {
  if (data.length === 0) return;
  const [boss] = senders;
  if (!boss) throw new Error('the job queue is not started');
  await boss.insert(
    name,
    data.map((d) => ({ ...(idOf ? { id: idOf(d) } : {}), data: d, ...startOf?.(d) })),
    { db: inTransaction(tx) },
  );
}

/**
 * A mail through the queue, inside the caller's transaction (security alerts, notifications, auth). A new
 * mail gets its identity here, and its first job the same id; a mail that has one (a later job of it) keeps
 * it. A caller whose retries could queue one mail twice names it (`mailIdFor`) and passes that id as the job's
 * too: the queue drops the second job, and mail_log would refuse its mail anyway.
 */
export function enqueueMail(tx: Tx | Db, mail: MailJob, options: Omit<SendOptions, 'db'> = {}) {
  if (mail.id) return enqueue(tx, 'mail', mail, options);
  const id = options.id ?? randomUUID();
  return enqueue(tx, 'mail', { ...mail, id }, { ...options, id });
}

/** A job's identity made from what it is about: the same name, the same uuid. */
export function jobIdFor(name: string) {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A mail's identity made from what it is about (`notification:<id>`): the same name, the same uuid. */
export const mailIdFor = (name: string) => jobIdFor(`mail:${name}`);

/**
 * Jobs one fetch claims: several per running slot, so a backlog drains in few round trips (a claimed job
 * waits its turn under the batch's heartbeat), and never 1, where pg-boss does not fetch again at once. The
 * cost of a larger batch: the next fetch waits for the batch's slowest job, and an instance that dies holds
 * the whole batch until its heartbeat lapses (each job then runs again, as after any lost completion: mail_log and
 * the named mail jobs keep a second run from mailing twice).
 */
function batchSizeFor(concurrency: number) {
  return Math.max(10, concurrency * 4);
}

/** `run` over `items`, at most `limit` at once, results in the items' order. */
async function runAtMost<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await run(items[i]!);
      }
    }),
  );
  return results;
}

export interface JobQueue {
  /**
   * Runs `handler` for each job of `name` on this instance: at most `concurrency` at once (1 unless it says
   * more), from batches of `batchSize` jobs per fetch (see {@link batchSizeFor}).
   */
  work<N extends JobName>(
    name: N,
    handler: (job: Job<JobData[N]>) => Promise<unknown>,
    options?: { concurrency?: number; batchSize?: number },
  ): void;
  /** Sends the named sweep now unless one is already waiting (stately queues drop the duplicate). */
  every(
    name:
      | 'escrow-release'
      | 'deposit-reconcile'
      | 'payout-reconcile'
      | 'clean-up'
      | 'upload-sweep'
      | 'digest'
      | 'trust-levels',
    intervalMs: number,
  ): void;
  /**
   * Resolves when no job that is due is waiting or running, nor (unless `retries` is false: a test of the
   * retry itself) any failed one waiting for its retry. Tests only.
   */
  settle(timeoutMs?: number, options?: { retries?: boolean }): Promise<void>;
  readonly boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The durable job queue (decision 016): pg-boss on the app's own database, PGlite or PostgreSQL. Workers
 * start when the app is ready and stop (letting running jobs finish) when it closes.
 */
export const queuePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; workers: boolean; mailAwaySeconds: number }) => {
    notificationMailDelay = opts.mailAwaySeconds;
    const boss = new PgBoss({
      ...opts.database.jobStore,
      // An instance without workers only sends: no listener, no maintenance, no registry heartbeat.
      useListenNotify: opts.workers,
      supervise: opts.workers,
      registerInstance: opts.workers,
      queueCacheIntervalSeconds: opts.workers ? 60 : 3600,
      // How often expired and heartbeat-less jobs are failed into a retry: a killed worker's job waits this
      // after its heartbeat stops. The monitor runs inside the supervisor's pass, so both tick together (with
      // a 60 s supervisor, a killed worker's mail waited 72 s, not 15).
      monitorIntervalSeconds: 5,
      superviseIntervalSeconds: 5,
      schedule: false,
      migrate: true,
    });
    boss.on('error', (err) => app.log.warn({ err }, 'job queue error'));
    const handlers: Array<() => Promise<unknown>> = [];
    const timers: NodeJS.Timeout[] = [];
    let stopping = false;
    const db = opts.database.db;
    const metrics = jobMetrics(app.metrics.registry, async () => {
      const counts = Object.fromEntries(jobNames.map((name) => [name, 0]));
      const found = await rows<{ name: string; n: number }>(
        db,
        sql`select name, count(*)::int as n from pgboss.job
          where name = any(${`{${jobNames.join(',')}}`}::text[]) and state in ('created', 'retry')
          group by name`,
      );
      for (const { name, n } of found) counts[name] = n;
      return counts;
    });

    const jobs: JobQueue = {
      boss,
      work(name, handler, { concurrency = 1, batchSize = batchSizeFor(concurrency) } = {}) {
        if (!opts.workers) return;
        // One fetch claims up to `batchSize` jobs; at most `concurrency` of them run at once, each settled on
        // its own (a failure retries that job only). A full batch fetches again at once (pg-boss bursts only
        // above a batch of 1: at 1 it waited out the 2 s poll after every job, 0.5 jobs/s; issue 38); a short
        // one means the queue has caught up, and NOTIFY wakes the worker for the next job, with polling every
        // 2 s as the backstop for a wake-up that came while it was busy.
        const options = {
          batchSize: Math.max(2, batchSize, concurrency),
          perJobResults: true,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 2,
        } as const satisfies WorkOptions;
        const run = async (job: Job<JobData[typeof name]>): Promise<JobResult> => {
          try {
            return { id: job.id, status: 'completed', output: { result: await handler(job) } };
          } catch (err) {
            app.log.warn({ err, job: name, id: job.id }, 'job failed; the queue retries it');
            metrics.failed.inc({ queue: name });
            return { id: job.id, status: 'failed', output: { message: (err as Error).message } };
          }
        };
        handlers.push(() =>
          boss.work<JobData[typeof name]>(name, options, (batch) => runAtMost(batch, concurrency, run)),
        );
      },
      every(name, intervalMs) {
        if (!opts.workers || intervalMs <= 0) return;
        const send = () => {
          if (stopping) return;
          boss.send(name, {}).catch((err) => app.log.warn({ err, job: name }, 'periodic job not queued'));
        };
        handlers.push(async () => {
          send();
          const timer = setInterval(send, intervalMs);
          timer.unref();
          timers.push(timer);
        });
      },
      async settle(timeoutMs = 30_000, { retries = true } = {}) {
        if (!opts.workers) throw new Error('settle() needs JOB_WORKERS=true on this instance');
        const until = Date.now() + timeoutMs;
        const reported = new Set<string>();
        for (;;) {
          // A job put off on purpose (a mail over its rate, a notification waiting for its member to be away)
          // is a new job with a later start and does not count; a failed run waiting for its retry does: a
          // settle that returned then (a mention mail's first send failed on a loaded CI machine) left the
          // mail unsent when the test looked.
          // Due by the clock as the rows are read, not by `now()`: that is the statement's start, taken before
          // its snapshot, so a job a worker inserted and committed in between (a notification's mail, queued
          // by its job) is seen with a start later than `now()`, read as put off, and settle() returned with
          // that mail about to run (CI, verify-email.test.ts: the mail job was active when the test looked).
          const pending = await rows<{ id: string; name: string; state: string; output: unknown }>(
            db,
            sql`select id, name, state, output from pgboss.job
              where name = any(${`{${jobNames.join(',')}}`}::text[])
                and ((${retries} and state = 'retry')
                  or (state in ('created', 'retry', 'active') and start_after <= clock_timestamp()))`,
          );
          if (pending.length === 0) return;
          for (const job of pending) {
            if (job.state !== 'retry' || reported.has(job.id)) continue;
            reported.add(job.id);
            // Why it failed, in the test's output: settle waits out the retry, and the cause stays visible.
            console.warn(`settle: ${job.name} job ${job.id} failed and waits for its retry:`, job.output);
          }
          if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
    app.decorate('jobs', jobs);

    await boss.start();
    for (const name of jobNames) {
      const existing = await boss.getQueue(name);
      const definition = { ...queues[name], notify: true } as Queue;
      // A queue's policy is fixed at creation; the rest follows this file on every start.
      if (existing) {
        const { policy: _fixed, ...updatable } = definition;
        await boss.updateQueue(name, updatable as never);
      }
      // Two instances starting together may both create it: the loser finds it there.
      else
        await boss.createQueue(name, definition).catch(async (err) => {
          if (!(await boss.getQueue(name))) throw err;
        });
    }
    senders.add(boss);

    app.addHook('onReady', async () => {
      for (const start of handlers) await start();
    });
    app.addHook('onClose', async () => {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      senders.delete(boss);
      await boss.stop({ graceful: true, timeout: 10_000 });
    });
  },
  { name: 'job-queue' },
);
