import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { LinkMinter } from '../auth/mail-links.ts';
import { sendDigests } from './digest.ts';
import { deliverMail, type MailLimits, notificationMail, queueNotificationMails } from './service.ts';

/** Notification-mail decisions one instance runs at once (each holds a pooled connection per statement). */
const NOTIFICATION_MAIL_CONCURRENCY = 16;

/** The mail workers: notifications become mails, and mails go to the mailer (SMTP or the dev mailbox). */
export const mailJobsPlugin = fp<{
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  limits: MailLimits;
  concurrency: number;
  digestIntervalMs: number;
  links?: LinkMinter;
}>(
  async (app: FastifyInstance, opts) => {
    const deps = {
      db: opts.db,
      mailer: opts.mailer,
      publicUrl: opts.publicUrl,
      secret: opts.secret,
      limits: opts.limits,
      links: opts.links,
      isOnline: (userId: string) =>
        app.hasDecorator('isOnline') ? app.isOnline(userId) : Promise.resolve(false),
    };
    app.jobs.work('mail', (job) => deliverMail(deps, job), { concurrency: opts.concurrency });
    // A decision is a few reads and at most one insert: many at once, or a backlog (one member at the direct
    // message limit makes 60 a minute) outruns the worker (issue 38).
    app.jobs.work('notification-mail', (job) => notificationMail(deps, job), {
      concurrency: NOTIFICATION_MAIL_CONCURRENCY,
    });
    app.jobs.work('notification-mails', (job) => queueNotificationMails(opts.db, job));
    app.jobs.work('digest', () => sendDigests(deps));
    app.jobs.every('digest', opts.digestIntervalMs);
  },
  { name: 'mail-jobs', dependencies: ['job-queue'] },
);
