import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailLog, userFollowers } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { enqueueMail, type JobData, type MailJob } from '../../plugins/queue.ts';
import { buildListing, buildSignedInUser, buildUser, fundUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { notifyFollowersOfListing } from '../commerce/listings/queries/selling.ts';
import { MAIL_JOBS_WITH_THE_ROWS } from '../notifications/service.ts';
import {
  deliverMail,
  MAIL_CLAIM_SECONDS,
  type MailDeps,
  notificationMail,
  queueNotificationMails,
} from './service.ts';

/*
 * Issue 36: "a member once got the same mail twice" (one order confirmation, seen once in CI). A mail's
 * jobs are raced here by two workers at once, as the queue does when it hands a job out again (its
 * heartbeat missed under load) or a producer's job runs twice (its completion lost): each mail is delivered
 * exactly once, counted at the mailer.
 */
let t: TestApp;
const delivered: MailMessage[] = [];
let deps: MailDeps;
beforeAll(async () => {
  t = await buildTestApp();
  deps = {
    db: t.db,
    publicUrl: 'http://localhost:3000',
    secret: 'mail-once-secret',
    limits: { perMemberPerHour: 1000, globalPerMinute: 100_000, awaySeconds: 0 },
    isOnline: async () => false,
    mailer: {
      kind: 'smtp',
      async send(message) {
        delivered.push(message);
        // The mail server takes a moment: the other worker runs meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    },
  };
});
afterAll(() => t.close());
beforeEach(() => {
  delivered.length = 0;
});

/** A queued job as a worker receives it (pg-boss's row). */
async function jobOf<N extends 'mail' | 'notification-mail' | 'notification-mails'>(name: N, id: string) {
  const [row] = await rows<{ id: string; data: JobData[N] }>(
    t.db,
    sql`select id, data from pgboss.job where name = ${name} and id = ${id}::uuid`,
  );
  expect(row, `${name} job ${id}`).toBeDefined();
  return { id: row!.id, name, data: row!.data } as Job<JobData[N]>;
}
/** The mail jobs waiting for an address (due now or later), as workers would receive them. */
async function mailJobsTo(to: string) {
  const found = await rows<{ id: string }>(
    t.db,
    sql`select id from pgboss.job where name = 'mail' and data->>'to' = ${to} and state = 'created'
      order by created_on`,
  );
  return Promise.all(found.map((r) => jobOf('mail', r.id)));
}
const deliveredTo = (to: string) => delivered.filter((m) => m.to === to);

describe('each mail is delivered exactly once', () => {
  it('ten mails, each job run by two workers at once and each mail queued twice, go out once each', async () => {
    const to = (i: number) => `once-${i}@example.com`;
    const jobs: Job<MailJob>[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await enqueueMail(t.db, { to: to(i), template: 'existing-account', data: {} });
      const first = await jobOf('mail', id!);
      // The same mail queued again (a retried producer, a job moved past a rate): a second job of it.
      const again = await enqueueMail(t.db, first.data);
      jobs.push(first, await jobOf('mail', again!));
    }
    // Two workers on every job, all at once.
    const outcomes = await Promise.all(
      jobs.flatMap((job) => [deliverMail(deps, job), deliverMail(deps, job)]),
    );
    for (let i = 0; i < 10; i++) expect(deliveredTo(to(i)), to(i)).toHaveLength(1);
    expect(delivered).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(10);
    // A run that found the mail being sent left a later look: it finds it sent and sends nothing.
    for (let i = 0; i < 10; i++)
      for (const later of await mailJobsTo(to(i))) expect(await deliverMail(deps, later)).toBe('done');
    expect(delivered).toHaveLength(10);
    const log = await rows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from mail_log where recipient like 'once-%@example.com' group by status`,
    );
    expect(log).toEqual([{ status: 'sent', n: 10 }]);
  });

  it("an order's notification mail job run twice at once queues one mail, delivered once", async () => {
    const [seller, buyer] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    await fundUser(t, buyer.id, 50);
    const listing = await buildListing(t, { userId: seller.id, price: 50 });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${listing.id}/purchase`,
      headers: { cookie: buyer.cookie },
      payload: { expectedPrice: 50 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const [queued] = await rows<{ id: string }>(
      t.db,
      sql`select j.id from pgboss.job j join notifications n on n.id::text = j.data->>'notificationId'
        where j.name = 'notification-mail' and n.user_id = ${seller.id}`,
    );
    const job = await jobOf('notification-mail', queued!.id);
    expect(await Promise.all([notificationMail(deps, job), notificationMail(deps, job)])).toEqual([
      'queued',
      'queued',
    ]);
    // And once more later (its first completion lost): still the one mail.
    expect(await notificationMail(deps, job)).toBe('queued');
    const mails = await mailJobsTo(seller.email);
    expect(mails).toHaveLength(1);
    await Promise.all(mails.flatMap((m) => [deliverMail(deps, m), deliverMail(deps, m)]));
    expect(deliveredTo(seller.email).map((m) => m.subject)).toEqual(['Listing sold — CheatMarket']);
  });

  it("a fan-out past MAIL_JOBS_WITH_THE_ROWS queues one job with its rows, whose worker, run twice, queues each notification's decision once", async () => {
    const seller = await buildUser(t);
    const followers = await Promise.all(
      Array.from({ length: MAIL_JOBS_WITH_THE_ROWS + 1 }, () => buildUser(t)),
    );
    const follow = (members: { id: string }[]) =>
      t.db.insert(userFollowers).values(members.map((f) => ({ followerId: f.id, followingId: seller.id })));
    const newListing = async () => {
      const listingId = randomUUID();
      await t.db.transaction((tx) =>
        notifyFollowersOfListing(tx, seller.id, { id: listingId, title: 'Fan-out' }, seller.username),
      );
      return listingId;
    };
    /** The queue's jobs of `name` about the notifications of one listing. */
    const jobsAbout = (name: string, listingId: string) =>
      rows<{ id: string; notification: string }>(
        t.db,
        sql`select j.id, n.id::text as notification from pgboss.job j
          join notifications n on n.id::text = j.data->>'notificationId' or j.data->'notificationIds' ? n.id::text
          where j.name = ${name} and n.data->>'listingId' = ${listingId}`,
      );

    // At the limit, each notification's job goes with the rows, as for one notification.
    await follow(followers.slice(0, MAIL_JOBS_WITH_THE_ROWS));
    const atLimit = await newListing();
    expect(await jobsAbout('notification-mail', atLimit)).toHaveLength(MAIL_JOBS_WITH_THE_ROWS);
    expect(await jobsAbout('notification-mails', atLimit)).toEqual([]);

    // One past it: one job, in the transaction, naming every notification.
    await follow(followers.slice(MAIL_JOBS_WITH_THE_ROWS));
    const past = await newListing();
    expect(await jobsAbout('notification-mail', past)).toEqual([]);
    const batch = await jobsAbout('notification-mails', past);
    expect(batch).toHaveLength(MAIL_JOBS_WITH_THE_ROWS + 1);
    expect(new Set(batch.map((j) => j.id)).size).toBe(1);

    // Two workers on it at once (a job handed out again), then once more (its completion lost).
    const job = await jobOf('notification-mails', batch[0]!.id);
    await Promise.all([queueNotificationMails(t.db, job), queueNotificationMails(t.db, job)]);
    await queueNotificationMails(t.db, job);
    const decisions = await jobsAbout('notification-mail', past);
    expect(decisions).toHaveLength(MAIL_JOBS_WITH_THE_ROWS + 1);
    expect(new Set(decisions.map((j) => j.notification)).size).toBe(MAIL_JOBS_WITH_THE_ROWS + 1);
    // Each is the decision a direct job makes: the notification's mail, queued once.
    const first = await jobOf('notification-mail', decisions[0]!.id);
    expect(await notificationMail(deps, first)).toBe('queued');
  });

  it("a dead worker's claim holds the mail until it runs out, then the next job sends it once", async () => {
    const to = 'claimed@example.com';
    const id = await enqueueMail(t.db, { to, template: 'existing-account', data: {} });
    const job = await jobOf('mail', id!);
    // A worker claimed it and is (as far as anyone can tell) still talking to the mail server.
    await t.db
      .insert(mailLog)
      .values({ jobId: id!, recipient: to, template: 'existing-account', status: 'sending' });
    expect(await deliverMail(deps, job)).toBe('claimed');
    expect(deliveredTo(to)).toEqual([]);
    // A later look is queued for when the claim runs out.
    const [later] = await rows<{ wait: number }>(
      t.db,
      sql`select extract(epoch from start_after - now())::float8 as wait from pgboss.job
        where name = 'mail' and data->>'to' = ${to} and state = 'created' and id <> ${id!}::uuid`,
    );
    expect(later!.wait).toBeGreaterThan(MAIL_CLAIM_SECONDS - 5);
    expect(later!.wait).toBeLessThanOrEqual(MAIL_CLAIM_SECONDS + 2);
    // The claim ran out without being renewed: its worker died mid-send. The mail goes out, once.
    await t.db
      .update(mailLog)
      .set({ sentAt: sql`now() - make_interval(secs => ${MAIL_CLAIM_SECONDS + 1})` })
      .where(eq(mailLog.jobId, id!));
    expect(await Promise.all([deliverMail(deps, job), deliverMail(deps, job)])).toContain('sent');
    expect(deliveredTo(to)).toHaveLength(1);
    // Its Message-ID is the mail's, the same on any send of it.
    expect(deliveredTo(to)[0]!.messageId).toBe(`<${id}@localhost>`);
    const [row] = await t.db.select().from(mailLog).where(eq(mailLog.jobId, id!));
    expect(row!.status).toBe('sent');
  });
});
