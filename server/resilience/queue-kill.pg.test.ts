import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altchaAt } from '../test/altcha.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { type Cluster, startCluster } from './harness.ts';

/**
 * kill -9 while a worker is in the middle of a job (talking to the mail server): the job's heartbeat stops,
 * the queue fails it into a retry, and the next server sends the mail, exactly once.
 */
let cluster: Cluster;
let smtp: TestSmtp;
beforeAll(async () => {
  cluster = await startCluster();
  smtp = await startTestSmtp();
}, 120_000);
afterAll(async () => {
  await cluster?.close();
  await smtp?.close();
});

describe('kill -9 mid-job', { timeout: 150_000 }, () => {
  it('a mail job whose worker is killed while sending is retried by the next server and sent once', async () => {
    let attempts = 0;
    // The first delivery never gets an answer: the worker is stuck inside the job when it is killed.
    smtp.respond = () => (attempts++ === 0 ? 'hang' : undefined);
    const env = { SMTP_URL: smtp.url, ESCROW_RELEASE_INTERVAL_MS: '0' };
    const first = await cluster.startServer(env);
    const [member] = await cluster.query<{ email: string }>(
      `select email from profiles where email like 'member%@bench.test' order by created_at limit 1`,
    );
    const email = member!.email;
    const res = await fetch(`${first.base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.base, ...(await altchaAt(first.base)) },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => attempts, { timeout: 30_000 }).toBe(1);
    const [active] = await cluster.query<{ id: string; state: string }>(
      `select id, state from pgboss.job where name = 'mail' and data->>'to' = $1`,
      [email],
    );
    expect(active?.state).toBe('active');
    first.child.kill('SIGKILL');
    await first.stop();

    const second = await cluster.startServer(env);
    try {
      await expect.poll(() => smtp.received.length, { timeout: 90_000, interval: 500 }).toBe(1);
      expect(smtp.received[0]!.to).toEqual([email]);
      expect(smtp.received[0]!.text).toContain('/reset-password#type=recovery&token=');
      await expect
        .poll(
          async () =>
            (
              await cluster.query<{ state: string }>(`select state from pgboss.job where id = $1`, [
                active!.id,
              ])
            )[0]?.state,
          { timeout: 10_000 },
        )
        .toBe('completed');
      const log = await cluster.query<{ status: string }>(`select status from mail_log where job_id = $1`, [
        active!.id,
      ]);
      expect(log).toEqual([{ status: 'sent' }]);
      // Nothing else comes: one mail. A retry that still finds the dead worker's claim fresh hands the mail to
      // a later job of the same mail (its id in the data), so there may be two jobs, never two mails.
      const jobs = await cluster.query<{ mail: string }>(
        `select data->>'id' as mail from pgboss.job where name = 'mail' and data->>'to' = $1`,
        [email],
      );
      expect(new Set(jobs.map((j) => j.mail))).toEqual(new Set([active!.id]));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
