import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import type { Role } from '../../../contract/limits.ts';
import { securityAlertTexts } from '../../../contract/mail.ts';
import { deviceLabel, deviceUi } from '../../../contract/texts/device-ui.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inLocale, type Locale } from '../../i18n.ts';
import { enqueue, enqueueMail, mailIdFor } from '../../plugins/queue.ts';
import { canModerate } from '../../policy.ts';
import { findAlertRecipient, insertAlertToken, rememberDevice } from './queries.ts';
import { describeUserAgent, deviceKey, networkOf, UNKNOWN_NETWORK } from './user-agent.ts';

export type AlertKind =
  | 'new-sign-in'
  | 'password-changed'
  | 'two-factor-on'
  | 'two-factor-off'
  | 'passkey-added'
  | 'passkey-removed'
  | 'banned'
  | 'role-changed'
  | 'payout-address-changed'
  | 'account-linked'
  | 'account-unlinked';

/** Where and when the change came from (the request that made it), and the new role for a role change. */
export interface AlertDetails {
  ipAddress?: string | null;
  userAgent?: string | null;
  at?: Date;
  role?: Role;
  /** The sign-in provider's name, for a linked or unlinked account ("Discord"). */
  provider?: string;
}

/** Where a change came from, for its alert: the request's address and user agent. */
export const requestDetails = (request: { ip: string; headers: IncomingHttpHeaders }) => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
});

/** A ban or role change made inside a transaction, alerted once it has committed. */
export interface AccountChange {
  kind: 'banned' | 'role-changed';
  userId: string;
  role?: Role;
}

/** How long a "This wasn't me" link works. */
export const NOT_ME_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

export const hashAlertToken = (token: string) => createHash('sha256').update(token).digest('hex');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A catalogue text in a text node: quotes need no escaping there (an apostrophe stays one). */
const escapeText = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

type AlertTexts = typeof securityAlertTexts;
const what: Record<AlertKind, (d: AlertDetails, t: AlertTexts) => { subject: string; line: string }> = {
  'new-sign-in': (d, t) => ({
    subject: t.newSignInSubject,
    line: d.provider ? t.newSignInWithLine(d.provider) : t.newSignInLine,
  }),
  'password-changed': (_d, t) => ({ subject: t.passwordChangedSubject, line: t.passwordChangedLine }),
  'two-factor-on': (_d, t) => ({ subject: t.twoFactorOnSubject, line: t.twoFactorOnLine }),
  'two-factor-off': (_d, t) => ({ subject: t.twoFactorOffSubject, line: t.twoFactorOffLine }),
  'passkey-added': (_d, t) => ({ subject: t.passkeyAddedSubject, line: t.passkeyAddedLine }),
  'passkey-removed': (_d, t) => ({ subject: t.passkeyRemovedSubject, line: t.passkeyRemovedLine }),
  banned: (_d, t) => ({ subject: t.bannedSubject, line: t.bannedLine }),
  'role-changed': (d, t) => ({ subject: t.roleChangedSubject, line: t.roleChangedLine(d.role ?? 'user') }),
  'account-linked': (d, t) => ({
    subject: t.accountLinkedSubject(d.provider ?? t.signIn),
    line: t.accountLinkedLine(d.provider ?? t.signIn),
  }),
  'account-unlinked': (d, t) => ({
    subject: t.accountUnlinkedSubject(d.provider ?? t.signIn),
    line: t.accountUnlinkedLine(d.provider ?? t.signIn),
  }),
  'payout-address-changed': (_d, t) => ({ subject: t.payoutAddressSubject, line: t.payoutAddressLine }),
};

/**
 * The alert mail's text and HTML, in the recipient's language. The device and browser come from a user agent
 * anyone can forge, so the HTML escapes every value; the network is the masked prefix, never the full address.
 */
export function securityAlertMail(
  kind: AlertKind,
  d: AlertDetails & { username: string; notMeLink: string },
  locale: Locale = 'en',
) {
  const t = inLocale(locale, securityAlertTexts);
  const { subject, line } = what[kind](d, t);
  const ua = describeUserAgent(d.userAgent);
  const words = inLocale(locale, deviceUi);
  const network = networkOf(d.ipAddress);
  const facts: [string, string][] = [
    [t.device, deviceLabel(words, ua)],
    [t.browser, ua.browser ? t.browserOn(ua.browser, ua.os ?? words.unknownSystem) : words.unknownBrowser],
    [t.network, network === UNKNOWN_NETWORK ? words.unknownNetwork : network],
    [t.time, `${(d.at ?? new Date()).toISOString().slice(0, 19).replace('T', ' ')} UTC`],
  ];
  const text = [
    t.hi(d.username),
    '',
    line,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    t.ignoreOrLink(d.notMeLink),
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#111">
<p>${escapeHtml(t.hi(d.username))}</p>
<p>${escapeText(line)}</p>
<table>${facts.map(([k, v]) => `<tr><th align="left">${escapeText(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeText(t.ignore)}</p>
<p><a href="${escapeHtml(d.notMeLink)}">${escapeText(t.notMe)}</a>${escapeText(t.notMeAction)}</p>
</body></html>`;
  return { subject, text, html };
}

/** One alert to work out and send, as the queue carries it (times as ISO strings). */
export interface SecurityAlertJob {
  kind: AlertKind;
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  at: string;
  role?: Role;
  /** The provider's name, for a linked or unlinked account. */
  provider?: string;
  /** A sign-in's login_events row: sign-ins recorded before it mean this is not the member's first. */
  loginEventId?: string | null;
}

export type SecurityAlerts = ReturnType<typeof createSecurityAlerts>;

declare module '../../plugins/queue.ts' {
  interface JobData {
    /** A security alert to work out and send. */
    'security-alert': SecurityAlertJob;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    securityAlerts: SecurityAlerts;
  }
}

/**
 * The hooks auth and admin call once a change has happened. Each queues one `security-alert` job; the worker
 * (securityAlertJobsPlugin) decides whether to send and queues the mail, so a slow or failing mail server never
 * reaches the request and an alert survives a restart.
 */
export function createSecurityAlerts({ db }: { db: Db }) {
  const queue = async (job: SecurityAlertJob, tx: Db | Tx = db) => {
    await enqueue(tx, 'security-alert', job);
  };
  return {
    /** A completed sign-in: its device and network are remembered, and a new pair (not the first) alerted. */
    signedIn(
      event: Pick<SecurityAlertJob, 'userId' | 'ipAddress' | 'userAgent' | 'loginEventId' | 'provider'>,
    ) {
      return queue({ kind: 'new-sign-in', ...event, at: new Date().toISOString() });
    },
    /**
     * A change to the account (password, two-factor, ban, role, payout address); `tx` queues the alert in the
     * transaction that makes the change.
     */
    changed(
      kind: Exclude<AlertKind, 'new-sign-in'>,
      userId: string,
      details: AlertDetails = {},
      tx: Db | Tx = db,
    ) {
      const { at, ...rest } = details;
      return queue({ kind, userId, ...rest, at: (at ?? new Date()).toISOString() }, tx);
    },
    /** Staff changes (admin/service.ts applyUserPatch), queued in the transaction that makes them. */
    async accountChanged(changes: AccountChange[], tx: Tx) {
      const at = new Date().toISOString();
      for (const c of changes) await queue({ kind: c.kind, userId: c.userId, role: c.role, at }, tx);
    },
  };
}

/**
 * The worker: for a sign-in, remembers the device and network and goes on only when the pair is new (and not
 * the member's first); then, unless a member turned alerts off (staff cannot), keeps the single-use "This
 * wasn't me" row and queues the mail in one transaction. The row's hash matches no token yet: the mail worker
 * makes the token when it sends (auth/mail-links.ts), so the job's data never holds a working link.
 */
export async function runSecurityAlert(db: Db, job: SecurityAlertJob, jobId: string) {
  let pair: { device: string; network: string } | undefined;
  if (job.kind === 'new-sign-in') {
    pair = { device: deviceKey(job.userAgent), network: networkOf(job.ipAddress) };
    const seen = await rememberDevice(db, {
      userId: job.userId,
      ...pair,
      loginEventId: job.loginEventId ?? null,
    });
    if (!(seen.hadAny && seen.inserted)) return;
  }
  const member = await findAlertRecipient(db, job.userId);
  if (!member) return;
  // Staff always get security alerts (their settings cannot turn them off: me/service).
  if (!canModerate(member) && member.securityAlerts === false) return;
  // The alert is one mail, named by its job: a retry after a lost completion would otherwise mail again (its
  // second "not me" row matches no link and expires with the first).
  const id = mailIdFor(`security-alert:${jobId}`);
  await db.transaction(async (tx) => {
    const tokenId = await insertAlertToken(
      tx,
      job.userId,
      hashAlertToken(randomBytes(32).toString('base64url')),
      new Date(Date.now() + NOT_ME_TOKEN_TTL_MS),
      pair,
    );
    await enqueueMail(
      tx,
      {
        to: member.email,
        template: 'security-alert',
        data: { ...job, username: member.username },
        userId: job.userId,
        link: { kind: 'not-me', ref: tokenId },
        id,
      },
      { id },
    );
  });
}

export const securityAlertJobsPlugin = fp<{ db: Db }>(
  async (app, opts) => {
    app.jobs.work('security-alert', ({ id, data }) => runSecurityAlert(opts.db, data, id));
  },
  { name: 'security-alert-jobs', dependencies: ['job-queue'] },
);
