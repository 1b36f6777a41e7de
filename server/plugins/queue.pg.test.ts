import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { enqueueMail } from './queue.ts';

/* Two app instances, each with its own pools, on one PostgreSQL database, both running the queue's workers. */
let a: TestApp;
let b: TestApp;
let second: Database;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  a = await buildTestApp({
    smtpUrl: smtp.url,
    env: { MAIL_RATE_PER_MEMBER_PER_HOUR: '1000', JOB_WORKERS: 'true' },
  });
  const url = (a.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  second = await openDatabase({ databaseUrl: url, poolSize: 5 });
  b = await buildTestApp({
    database: second,
    smtpUrl: smtp.url,
    env: { MAIL_RATE_PER_MEMBER_PER_HOUR: '1000', JOB_WORKERS: 'true' },
  });
});
afterAll(async () => {
  await b.close();
  await second.close();
  await a.close();
  await smtp.close();
});

describe('the queue on several instances', () => {
  it('two instances share the jobs and never run one twice; prints the throughput to SMTP', async () => {
    const n = 200;
    const started = performance.now();
    await a.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++)
        await enqueueMail(tx, { to: `m${i}@example.com`, template: 'existing-account', data: {} });
    });
    await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 50 }).toBe(n);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `queue → SMTP: ${n} mails in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} mails/s (2 instances)`,
    );
    await Promise.all([a.app.jobs.settle(), b.app.jobs.settle()]);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(new Set(recipients).size).toBe(n);
    expect(recipients).toHaveLength(n);
    const { rows } = (await a.db.execute(
      sql`select count(*)::int as sent from mail_log where status = 'sent'`,
    )) as unknown as { rows: { sent: number }[] };
    expect(rows[0]!.sent).toBe(n);
  });

  it('each mail goes out once though two jobs of it race on two instances (issue 36)', async () => {
    smtp.received.length = 0;
    const n = 40;
    await a.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        const mail = { to: `twice${i}@example.com`, template: 'existing-account', data: {} };
        const id = await enqueueMail(tx, mail);
        // The same mail queued again, as a producer's job that ran twice queues it.
        await enqueueMail(tx, { ...mail, id: id! });
      }
    });
    await expect
      .poll(() => smtp.received.length, { timeout: 60_000, interval: 50 })
      .toBeGreaterThanOrEqual(n);
    await Promise.all([a.app.jobs.settle(), b.app.jobs.settle()]);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(recipients).toHaveLength(n);
    expect(new Set(recipients).size).toBe(n);
    const { rows } = (await a.db.execute(
      sql`select count(*)::int as sent from mail_log where status = 'sent' and recipient like 'twice%'`,
    )) as unknown as { rows: { sent: number }[] };
    expect(rows[0]!.sent).toBe(n);
  });

  it('the periodic escrow sweep queued by both instances runs one at a time', async () => {
    for (let i = 0; i < 5; i++) {
      await Promise.all([
        a.app.jobs.boss.send('escrow-release', {}),
        b.app.jobs.boss.send('escrow-release', {}),
      ]);
    }
    const { rows } = (await a.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'escrow-release' and state in ('created', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    // Stately: at most one waiting and one running, whatever the number of senders.
    expect(rows[0]!.n).toBeLessThanOrEqual(2);
  });
});
