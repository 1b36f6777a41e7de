import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

/**
 * Addresses no mail goes to: a permanent (5xx) SMTP refusal adds one, staff may add or remove one. Stored
 * lower-case; a suppressed mail is still recorded (mail_log, and the dev mailbox marks it).
 */
export const emailSuppressions = pgTable('email_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * One row per mail, taken before the SMTP conversation (`sending`, which counts against the sending rates
 * at once, and claims the mail for `sent_at` plus MAIL_CLAIM_SECONDS) and marked `sent` or `suppressed`
 * after it; a temporary failure deletes it. Any job of a mail that finds its row `sent` does not send again.
 * `job_id` is the mail's id (MailJob.id: its first job's id, kept by every later job of it). A
 * conversation's mails are spaced by `thread`.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    jobId: uuid('job_id').primaryKey(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    userId: memberOrGone('user_id'),
    /** Batching key (a conversation: `message:<recipient>:<sender>`); null for mails that are never batched. */
    thread: text('thread'),
    status: text('status', { enum: ['sending', 'sent', 'suppressed'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_sent_at_idx').on(t.sentAt),
    index('mail_log_recipient_sent_at_idx').on(t.recipient, t.sentAt),
    index('mail_log_thread_sent_at_idx').on(t.thread, t.sentAt),
  ],
);
