import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { emailSuppressions, mailLog, notifications, profiles, userSettings } from '../../db/schema/index.ts';
import { rows, uuidArray } from '../../db/sql.ts';
import { isPermanentFailure, type Mailer } from '../../plugins/mailer.ts';
import {
  enqueue,
  enqueueMail,
  enqueueMany,
  type JobData,
  jobIdFor,
  type MailJob,
  mailIdFor,
  notificationMailStart,
} from '../../plugins/queue.ts';
import type { LinkMinter } from '../auth/mail-links.ts';
import { findLocale, upsertSettings } from '../me/queries.ts';
import { notificationLink } from '../notifications/link.ts';
import { hasPushSql } from '../notifications/queries.ts';
import { offerPush } from '../push/service.ts';
import { getPublicSettings } from '../site-settings/service.ts';
import { isTemplate, type MailContext, renderMail, type TemplateName } from './templates.ts';

export const SITE_NAME = 'CheatMarket';

/** The settings switches a mail kind answers to; each has its own one-click unsubscribe. */
export const unsubscribeKinds = ['email_notifications', 'marketplace_updates', 'digest'] as const;
export type UnsubscribeKind = (typeof unsubscribeKinds)[number];

export interface MailLimits {
  /** Mails one address may get per hour; more wait for the next hour (delayed, never dropped). */
  perMemberPerHour: number;
  /** Mails the whole site sends per minute; more wait. */
  globalPerMinute: number;
  /** A notification is mailed only when its member has not been on the site for this long. */
  awaySeconds: number;
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  limits: MailLimits;
  /** Whether the member has a live socket on some instance (presence, decision 010). */
  isOnline(userId: string): Promise<boolean>;
  /** Makes the secret link a mail names (`MailJob.link`) when it is sent; tests of other mail may leave it out. */
  links?: LinkMinter;
}

/**
 * Account mail: what an address gets before its owner has verified it (issue 36). Everything else (notifications
 * with other members' words, digests, receipts) waits for a verified address, so our mail server never carries a
 * stranger's text to an address nobody proved is theirs.
 */
const accountTemplates: ReadonlySet<string> = new Set<TemplateName>([
  'password-reset',
  'verify-email',
  'security-alert',
  'existing-account',
  // Staff's word on a held post (the reason is theirs, never another member's text).
  'content-review',
]);

/** Whether the mail's address is a member's verified address (looked up by member, else by address). */
async function toVerifiedAddress(db: Db, mail: MailJob, to: string) {
  const [member] = await db
    .select({ verified: profiles.emailVerified })
    .from(profiles)
    .where(
      mail.userId
        ? and(eq(profiles.id, mail.userId), sql`lower(${profiles.email}) = ${to}`)
        : sql`lower(${profiles.email}) = ${to}`,
    )
    .limit(1);
  return member?.verified === true;
}

/** HMAC of member and kind with the app secret: the link works without signing in, for that kind only. */
export function unsubscribeSignature(secret: string, userId: string, kind: UnsubscribeKind) {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function verifyUnsubscribe(secret: string, userId: string, kind: UnsubscribeKind, sig: string) {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, kind));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function unsubscribeUrl(
  deps: Pick<MailDeps, 'publicUrl' | 'secret'>,
  userId: string,
  kind: UnsubscribeKind,
) {
  const q = new URLSearchParams({ user: userId, kind, sig: unsubscribeSignature(deps.secret, userId, kind) });
  return `${deps.publicUrl}/api/v1/email/unsubscribe?${q}`;
}

/** Turns exactly one switch off (the member's settings row is made if they have none). */
export async function unsubscribe(db: Db, userId: string, kind: UnsubscribeKind) {
  const set =
    kind === 'email_notifications'
      ? { emailNotifications: false }
      : kind === 'marketplace_updates'
        ? { marketplaceUpdates: false }
        : { digest: 'off' as const };
  const [user] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!user) return false;
  await upsertSettings(db, userId, set);
  return true;
}

export async function suppressAddress(db: Db, email: string, reason: string) {
  await db.insert(emailSuppressions).values({ email: email.toLowerCase(), reason }).onConflictDoNothing();
}

// Any fixed number: the short transaction that counts the sending rates and takes a slot holds it, so two
// workers (on any instance) never both take the last slot, nor both claim one mail.
const MAIL_SLOT_LOCK = 727_016;

/**
 * How long a mail's claim (mail_log `sending`, its `sent_at`) keeps every other job of the mail from sending
 * it. The sending worker renews it every MAIL_CLAIM_RENEW_MS for as long as its SMTP conversation lasts, so
 * a claim that runs out is a dead worker's (killed mid-send), and the mail is sent by the next job of it.
 */
export const MAIL_CLAIM_SECONDS = 30;
const MAIL_CLAIM_RENEW_MS = 10_000;

/**
 * The mail job. The mail (its `id`, kept by every job of it) is claimed in mail_log before talking to SMTP,
 * under one lock with the sending rates, so it goes out once however many jobs or workers carry it: a job
 * redelivered while its first run still sends, a retried producer's second job, two instances racing. Over
 * a rate the mail moves to a later job (delayed, never dropped). A suppressed address is recorded, not sent;
 * a permanent SMTP refusal (5xx) suppresses the address instead of retrying; any other failure frees the
 * claim and throws, and the queue retries with back-off. A claim still `sending` is another run's: this job
 * hands the mail to a later one that looks again when the claim runs out, and sends only if it was never
 * marked sent (a worker that died between SMTP's answer and marking the mail sent: the one case that may
 * send twice; the Message-ID, the same on both, lets mail clients drop the second).
 */
export async function deliverMail(deps: MailDeps, job: Job<MailJob>) {
  const { db, limits } = deps;
  const mail = job.data;
  const mailId = mail.id ?? job.id;
  const to = mail.to.toLowerCase();
  if (!isTemplate(mail.template)) throw new Error(`unknown mail template ${mail.template}`);
  const thread = typeof mail.data.thread === 'string' ? mail.data.thread : null;
  // The one place that holds mail back from addresses nobody verified: every mail passes here.
  if (!accountTemplates.has(mail.template) && !(await toVerifiedAddress(db, mail, to))) return 'unverified';

  const slot = await db.transaction(async (tx) => {
    // Taken before the mail's claim is read: two runs of one mail read it one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_SLOT_LOCK})`);
    const [mine] = await rows<{ status: string; left: number }>(
      tx,
      sql`select status, ceil(extract(epoch from sent_at + make_interval(secs => ${MAIL_CLAIM_SECONDS}) - now()))::int as left
        from ${mailLog} where job_id = ${mailId}::uuid`,
    );
    if (mine && mine.status !== 'sending') return 'done' as const;
    if (mine && mine.left > 0) {
      await enqueueMail(tx, { ...mail, id: mailId }, { startAfter: mine.left + 1 });
      return 'claimed' as const;
    }
    const [usage] = await rows<{ member: number; site: number; suppressed: boolean }>(
      tx,
      sql`select
        (select count(*)::int from ${mailLog} where recipient = ${to} and status <> 'suppressed'
          and sent_at > now() - interval '1 hour' and job_id <> ${mailId}::uuid) as member,
        (select count(*)::int from ${mailLog} where status <> 'suppressed'
          and sent_at > now() - interval '1 minute' and job_id <> ${mailId}::uuid) as site,
        exists (select 1 from ${emailSuppressions} where email = ${to}) as suppressed`,
    );
    const suppressed = Boolean(usage?.suppressed);
    if (!suppressed) {
      const wait =
        (usage?.member ?? 0) >= limits.perMemberPerHour
          ? 3600
          : (usage?.site ?? 0) >= limits.globalPerMinute
            ? 60
            : 0;
      if (wait) {
        await enqueueMail(tx, { ...mail, id: mailId }, { startAfter: wait });
        return 'deferred' as const;
      }
    }
    const status = suppressed ? ('suppressed' as const) : ('sending' as const);
    await tx
      .insert(mailLog)
      .values({
        jobId: mailId,
        recipient: to,
        template: mail.template,
        userId: mail.userId ?? null,
        thread,
        status,
      })
      .onConflictDoUpdate({ target: mailLog.jobId, set: { status, sentAt: sql`now()` } });
    return status;
  });
  if (slot === 'done' || slot === 'deferred' || slot === 'claimed') return slot;

  // Behind the mail's white text: the primary colour's readable fill, not the raw colour.
  const tones = (await getPublicSettings(db, { supportStreamUrl: null, communityChatUrl: null })).themeTones;
  const kind = mail.data.unsubscribe as UnsubscribeKind | undefined;
  const ctx: MailContext = {
    siteName: SITE_NAME,
    color: tones.primaryFill,
    publicUrl: deps.publicUrl,
    unsubscribeUrl: kind && mail.userId ? unsubscribeUrl(deps, mail.userId, kind) : undefined,
    // In the recipient's language at send time (issue 41): their setting, else English.
    locale: (mail.userId ? await findLocale(db, mail.userId) : null) ?? 'en',
  };
  // A secret link is made now, once the slot is ours, and lives only in the mail itself.
  const secrets = mail.link && deps.links ? await deps.links(mail) : {};
  if (secrets === null) {
    await db.delete(mailLog).where(eq(mailLog.jobId, mailId));
    return 'not-needed';
  }
  const rendered = renderMail(mail.template, ctx, { ...mail.data, ...secrets });
  const headers: Record<string, string> = {};
  if (ctx.unsubscribeUrl) {
    // RFC 8058: a mail client may unsubscribe with one POST to this URL, without opening a page.
    headers['List-Unsubscribe'] = `<${ctx.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const mine = eq(mailLog.jobId, mailId);
  // The same on every send of this mail: a second one (only after a worker died mid-send) is a duplicate
  // that mail clients recognise.
  const messageId = `<${mailId}@${new URL(deps.publicUrl).hostname}>`;
  // The claim lives while this worker does: renewed until the mail server answers.
  const renew = setInterval(() => {
    db.update(mailLog)
      .set({ sentAt: sql`now()` })
      .where(and(mine, eq(mailLog.status, 'sending')))
      .catch(() => undefined);
  }, MAIL_CLAIM_RENEW_MS);
  renew.unref();
  try {
    await deps.mailer.send({
      to: mail.to,
      ...rendered,
      headers,
      messageId,
      suppressed: slot === 'suppressed',
    });
  } catch (err) {
    if (!isPermanentFailure(err)) {
      await db.delete(mailLog).where(mine);
      throw err;
    }
    await suppressAddress(db, to, `smtp: ${(err as Error).message}`.slice(0, 500));
    await db.update(mailLog).set({ status: 'suppressed' }).where(mine);
    return 'bounced';
  } finally {
    clearInterval(renew);
  }
  if (slot === 'sending') await db.update(mailLog).set({ status: 'sent' }).where(mine);
  return slot === 'sending' ? 'sent' : 'suppressed';
}

/**
 * What a notification's mail job decides on, named: every notification's delivery reads it, and unnamed it was
 * planned at each call (0.23 ms of planning for 0.05 ms of run, pg_stat_statements over `bench:realtime`'s
 * direct messages). On the primary: the notification was written a moment ago.
 */
const notificationMailStatement = preparedStatements('notification_mail', (db: Db) =>
  db
    .select({
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      content: notifications.content,
      data: notifications.data,
      read: notifications.read,
      email: profiles.email,
      banned: profiles.banned,
      emailNotifications: userSettings.emailNotifications,
      marketplaceUpdates: userSettings.marketplaceUpdates,
      age: sql<number>`extract(epoch from now() - ${notifications.createdAt})::float8`,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(eq(notifications.id, sql.placeholder('notificationId'))),
);

/**
 * A large fan-out's mails (notifications' mailLater): each notification's decision queued in one statement,
 * named by its notification, so this job run twice (its completion lost) queues none of them twice.
 */
export async function queueNotificationMails(db: Db, job: Job<JobData['notification-mails']>) {
  const pushed = new Set(
    (
      await rows<{ id: string }>(
        db,
        sql`select n.id from ${notifications} n
          where n.id = any(${uuidArray(job.data.notificationIds)}) and ${hasPushSql(sql`n.user_id`)}`,
      )
    ).map((r) => r.id),
  );
  await enqueueMany(
    db,
    'notification-mail',
    job.data.notificationIds.map((notificationId) => ({ notificationId })),
    (d) => jobIdFor(`notification-mail:${d.notificationId}`),
    (d) => notificationMailStart(pushed.has(d.notificationId)),
  );
}

/**
 * A notification becomes a mail when its switch is on (marketplace_updates for new listings,
 * email_notifications for the rest), it is still unread and its member is away (no live socket). A
 * conversation mails at most once an hour, whatever the number of messages.
 */
export async function notificationMail(deps: MailDeps, job: Job<JobData['notification-mail']>) {
  const { db } = deps;
  // Every notification's delivery starts here: push, for a member with devices, is decided on its own.
  await offerPush(db, job.data.notificationId);
  const [n] = await notificationMailStatement(db, '').execute({ notificationId: job.data.notificationId });
  if (!n || n.read || n.banned) return 'skipped';
  // "Away" means a few minutes without looking: a notification younger than that waits, then is re-checked.
  if (n.age < deps.limits.awaySeconds) {
    await enqueue(db, 'notification-mail', job.data, {
      startAfter: Math.ceil(deps.limits.awaySeconds - n.age),
    });
    return 'waiting';
  }
  const kind: UnsubscribeKind = n.type === 'marketplace_new' ? 'marketplace_updates' : 'email_notifications';
  const on = kind === 'marketplace_updates' ? (n.marketplaceUpdates ?? true) : (n.emailNotifications ?? true);
  if (!on) return 'off';
  if (await deps.isOnline(n.userId)) return 'online';
  const thread = n.type === 'message_new' ? `message:${n.userId}:${n.data.conversationUserId ?? ''}` : null;
  if (thread) {
    const [recent] = await db
      .select({ id: mailLog.jobId })
      .from(mailLog)
      .where(and(eq(mailLog.thread, thread), gt(mailLog.sentAt, sql`now() - interval '1 hour'`)))
      .limit(1);
    if (recent) return 'batched';
  }
  const [link, action] = notificationLink(deps.publicUrl, n.type, n.data);
  // A notification is one mail, named by it: this job run again (its first run's completion lost, or the
  // job handed out twice) or a second job for it queues the same mail, which the queue and mail_log drop.
  const id = mailIdFor(`notification:${job.data.notificationId}`);
  await enqueueMail(
    db,
    {
      to: n.email,
      template: 'notification',
      userId: n.userId,
      data: { title: n.title, content: n.content, link, action, unsubscribe: kind, thread },
      id,
    },
    // Two messages of one conversation arriving together make one mail, not two.
    { id, ...(thread ? { singletonKey: thread, singletonSeconds: 3600 } : {}) },
  );
  return 'queued';
}
