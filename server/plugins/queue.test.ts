import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailSuppressions, mailLog } from '../db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { enqueueMail, enqueueMany } from './queue.ts';

/** The queue on this file's database (PGlite or PostgreSQL), mailing a real SMTP server on loopback. */
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    smtpUrl: smtp.url,
    env: { MAIL_RATE_PER_MEMBER_PER_HOUR: '3', JOB_WORKERS: 'true' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.respond = () => undefined;
});

const metric = (name: string) => t.app.metrics.registry.getSingleMetricAsString(name);
const mail = (to: string) => ({ to, template: 'existing-account', data: {} });
const jobsTo = async (to: string) =>
  (
    (await t.db.execute(
      sql`select state, retry_count, start_after > now() + interval '5 seconds' as later
        from pgboss.job where name = 'mail' and data->>'to' = ${to} order by created_on`,
    )) as unknown as { rows: { state: string; retry_count: number; later: boolean }[] }
  ).rows;

describe('job queue', () => {
  it('a backlog on a one-at-a-time queue is fetched in batches, not one job per 2 s poll (issue 38)', async () => {
    // Pushes of notifications that do not exist: each job is a read that finds nothing.
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await enqueueMany(
      t.db,
      'notification-push',
      ids.map((notificationId) => ({ notificationId })),
    );
    // A fetch of one job and a 2 s poll after it (pg-boss does not burst at a batch of 1) took 80 s for these.
    await t.app.jobs.settle(20_000);
    const { rows } = (await t.db.execute(
      sql`select state, output->>'result' as result, count(*)::int as n from pgboss.job
        where name = 'notification-push' and data->>'notificationId' = any(${`{${ids.join(',')}}`}::text[])
        group by 1, 2`,
    )) as unknown as { rows: { state: string; result: string; n: number }[] };
    expect(rows).toEqual([{ state: 'completed', result: 'skipped', n: 40 }]);
  });

  it('a job enqueued in a transaction that rolls back never runs; one that commits does', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, mail('committed@example.com'));
    });
    await t.app.jobs.settle();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['committed@example.com']);
    expect(await jobsTo('rolled-back@example.com')).toEqual([]);
  });

  it('a temporary SMTP failure is retried with back-off and the mail is sent once', async () => {
    let refusals = 0;
    smtp.respond = () => (refusals++ === 0 ? 451 : undefined);
    await enqueueMail(t.db, mail('flaky@example.com'));
    await t.app.jobs.settle(30_000, { retries: false });
    expect(smtp.received).toHaveLength(0);
    // Waiting its back-off (retryDelay 10 s, doubling): not due yet (pg-boss counts the retry when it fetches it).
    expect(await jobsTo('flaky@example.com')).toEqual([{ state: 'retry', retry_count: 0, later: true }]);
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'mail' and data->>'to' = 'flaky@example.com'`,
    );
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    await t.app.jobs.settle();
    expect((await jobsTo('flaky@example.com'))[0]).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(smtp.received).toHaveLength(1);
    // The failed run is counted for the operators (docs/operations.md alerts on it).
    expect(await metric('cm_jobs_failed_total')).toContain('cm_jobs_failed_total{queue="mail"} 1');
  });

  it('a permanent refusal (550) suppresses the address instead of retrying; later mails are recorded, not sent', async () => {
    smtp.respond = (m) => (m.to[0] === 'gone@example.com' ? 550 : undefined);
    await enqueueMail(t.db, mail('gone@example.com'));
    await t.app.jobs.settle();
    expect(await jobsTo('gone@example.com')).toMatchObject([{ state: 'completed', retry_count: 0 }]);
    const [suppressed] = await t.db.select().from(emailSuppressions).where(sql`email = 'gone@example.com'`);
    expect(suppressed?.reason).toMatch(/^smtp: /);

    smtp.respond = () => undefined;
    await enqueueMail(t.db, mail('Gone@Example.com'));
    await t.app.jobs.settle();
    expect(smtp.received).toHaveLength(0);
    const log = await t.db.select().from(mailLog).where(sql`recipient = 'gone@example.com'`);
    expect(log.map((l) => l.status)).toEqual(['suppressed', 'suppressed']);
  });

  it('past the per-member rate, mails wait for a later job instead of being dropped', async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(t.db, mail('busy@example.com'));
    await t.app.jobs.settle();
    expect(smtp.received).toHaveLength(3);
    const jobs = await jobsTo('busy@example.com');
    expect(jobs.filter((j) => j.state === 'created' && j.later)).toHaveLength(2);
    const queued = await metric('cm_jobs_queued');
    expect(queued).toContain('cm_jobs_queued{queue="mail"} 2');
    expect(queued).toContain('cm_jobs_queued{queue="digest"} 0');
  });
});
