import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { forumPostPath } from '../../../contract/forum-links.ts';
import type { Db } from '../../db/client.ts';
import { emailSuppressions, mailLog, notifications, profiles, userSettings } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { isPermanentFailure, type Mailer } from '../../plugins/mailer.ts';
import { enqueue, enqueueMail, type JobData, type MailJob } from '../../plugins/queue.ts';
import type { LinkMinter } from '../auth/mail-links.ts';
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
  await db
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: sql`now()` } });
  return true;
}

export async function suppressAddress(db: Db, email: string, reason: string) {
  await db.insert(emailSuppressions).values({ email: email.toLowerCase(), reason }).onConflictDoNothing();
}

// Any fixed number: the short transaction that counts the sending rates and takes a slot holds it, so two
// workers (on any instance) never both take the last slot.
const MAIL_SLOT_LOCK = 727_016;

/**
 * The mail job. A slot is taken in mail_log before talking to SMTP, under one lock, so both sending rates
 * hold across workers and instances; over a rate the mail moves to a later job (delayed, never dropped). A
 * suppressed address is recorded, not sent; a permanent SMTP refusal (5xx) suppresses the address instead of
 * retrying; any other failure frees the slot and throws, and the queue retries with back-off. A retry of a
 * job whose mail went out does not send it again.
 */
export async function deliverMail(deps: MailDeps, job: Job<MailJob>) {
  const { db, limits } = deps;
  const mail = job.data;
  const to = mail.to.toLowerCase();
  if (!isTemplate(mail.template)) throw new Error(`unknown mail template ${mail.template}`);
  const thread = typeof mail.data.thread === 'string' ? mail.data.thread : null;
  // The one place that holds mail back from addresses nobody verified: every mail passes here.
  if (!accountTemplates.has(mail.template) && !(await toVerifiedAddress(db, mail, to))) return 'unverified';

  const slot = await db.transaction(async (tx) => {
    const [mine] = await tx.select({ status: mailLog.status }).from(mailLog).where(eq(mailLog.jobId, job.id));
    if (mine && mine.status !== 'sending') return 'done' as const;
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_SLOT_LOCK})`);
    const [usage] = await rows<{ member: number; site: number; suppressed: boolean }>(
      tx,
      sql`select
        (select count(*)::int from ${mailLog} where recipient = ${to} and status <> 'suppressed'
          and sent_at > now() - interval '1 hour' and job_id <> ${job.id}::uuid) as member,
        (select count(*)::int from ${mailLog} where status <> 'suppressed'
          and sent_at > now() - interval '1 minute' and job_id <> ${job.id}::uuid) as site,
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
        await enqueueMail(tx, mail, { startAfter: wait });
        return 'deferred' as const;
      }
    }
    const status = suppressed ? ('suppressed' as const) : ('sending' as const);
    await tx
      .insert(mailLog)
      .values({
        jobId: job.id,
        recipient: to,
        template: mail.template,
        userId: mail.userId ?? null,
        thread,
        status,
      })
      .onConflictDoUpdate({ target: mailLog.jobId, set: { status, sentAt: sql`now()` } });
    return status;
  });
  if (slot === 'done' || slot === 'deferred') return slot;

  // Behind the mail's white text: the primary colour's readable fill, not the raw colour.
  const tones = (await getPublicSettings(db, { supportStreamUrl: null, communityChatUrl: null })).themeTones;
  const kind = mail.data.unsubscribe as UnsubscribeKind | undefined;
  const ctx: MailContext = {
    siteName: SITE_NAME,
    color: tones.primaryFill,
    publicUrl: deps.publicUrl,
    unsubscribeUrl: kind && mail.userId ? unsubscribeUrl(deps, mail.userId, kind) : undefined,
  };
  // A secret link is made now, once the slot is ours, and lives only in the mail itself.
  const secrets = mail.link && deps.links ? await deps.links(mail) : {};
  if (secrets === null) {
    await db.delete(mailLog).where(eq(mailLog.jobId, job.id));
    return 'not-needed';
  }
  const rendered = renderMail(mail.template, ctx, { ...mail.data, ...secrets });
  const headers: Record<string, string> = {};
  if (ctx.unsubscribeUrl) {
    // RFC 8058: a mail client may unsubscribe with one POST to this URL, without opening a page.
    headers['List-Unsubscribe'] = `<${ctx.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const mine = eq(mailLog.jobId, job.id);
  try {
    await deps.mailer.send({ to: mail.to, ...rendered, headers, suppressed: slot === 'suppressed' });
  } catch (err) {
    if (!isPermanentFailure(err)) {
      await db.delete(mailLog).where(mine);
      throw err;
    }
    await suppressAddress(db, to, `smtp: ${(err as Error).message}`.slice(0, 500));
    await db.update(mailLog).set({ status: 'suppressed' }).where(mine);
    return 'bounced';
  }
  if (slot === 'sending') await db.update(mailLog).set({ status: 'sent' }).where(mine);
  return slot === 'sending' ? 'sent' : 'suppressed';
}

/** Where a notification's mail links to, from the ids it carries. */
function linkFor(publicUrl: string, type: string, data: Record<string, string>) {
  if (data.dispute && data.orderId)
    return [`${publicUrl}/orders?dispute=${data.orderId}`, 'Open a dispute'] as const;
  if (data.cheatId) return [`${publicUrl}/cheats/${data.cheatId}`, 'Open the cheat'] as const;
  if (data.ticketId) return [`${publicUrl}/tickets/${data.ticketId}`, 'Open the ticket'] as const;
  if (data.conversationUserId)
    return [`${publicUrl}/messages/${data.conversationUserId}`, 'Open the conversation'] as const;
  if (data.orderId) return [`${publicUrl}/orders`, 'Open your orders'] as const;
  if (data.listingId) return [`${publicUrl}/marketplace/${data.listingId}`, 'Open the listing'] as const;
  if (data.threadId)
    return [
      publicUrl + forumPostPath(data.threadId, data.replyId),
      data.replyId ? 'Open the post' : 'Open the thread',
    ] as const;
  return [`${publicUrl}/${type === 'message_new' ? 'messages' : ''}`, 'Open'] as const;
}

/**
 * A notification becomes a mail when its switch is on (marketplace_updates for new listings,
 * email_notifications for the rest), it is still unread and its member is away (no live socket). A
 * conversation mails at most once an hour, whatever the number of messages.
 */
export async function notificationMail(deps: MailDeps, job: Job<JobData['notification-mail']>) {
  const { db } = deps;
  const [n] = await db
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
    .where(eq(notifications.id, job.data.notificationId));
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
  const [link, action] = linkFor(deps.publicUrl, n.type, n.data);
  await enqueueMail(
    db,
    {
      to: n.email,
      template: 'notification',
      userId: n.userId,
      data: { title: n.title, content: n.content, link, action, unsubscribe: kind, thread },
    },
    // Two messages of one conversation arriving together make one mail, not two.
    thread ? { singletonKey: thread, singletonSeconds: 3600 } : {},
  );
  return 'queued';
}
