import type { Role } from '../../../contract/limits.ts';
import { mailTexts } from '../../../contract/mail.ts';
import { inLocale, type Locale } from '../../i18n.ts';
import { type AlertKind, securityAlertMail } from '../sessions/alerts.ts';
import type { DigestData } from './digest.ts';

/**
 * Every mail the site sends, as a subject, a plain-text part and an HTML part, rendered when the mail job
 * runs (so the site's current theme colour is used). User content is escaped in the HTML part.
 */
export interface MailContext {
  siteName: string;
  /** The theme's primary colour (site settings), for the button and the header bar. */
  color: string;
  publicUrl: string;
  /** The one-click unsubscribe URL of the mail's kind, when it has one. */
  unsubscribeUrl?: string;
  /** The recipient's language (their setting, else English): issue 41. */
  locale?: Locale;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const textsOf = (ctx: MailContext) => inLocale(ctx.locale ?? 'en', mailTexts);

function layout(ctx: MailContext, body: { heading: string; lines: string[]; action?: [string, string] }) {
  const m = textsOf(ctx);
  const para = body.lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('');
  const button = body.action
    ? `<p><a href="${escapeHtml(body.action[1])}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${escapeHtml(ctx.color)};color:#ffffff;text-decoration:none">${escapeHtml(body.action[0])}</a></p>`
    : '';
  const footer = ctx.unsubscribeUrl
    ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(m.unsubscribeFooter)} <a href="${escapeHtml(ctx.unsubscribeUrl)}">${escapeHtml(m.unsubscribeLink)}</a>.</p>`
    : '';
  const html = `<!doctype html><html lang="${ctx.locale ?? 'en'}"><body style="margin:0;font-family:system-ui,sans-serif;color:#111827"><div style="background:${escapeHtml(ctx.color)};color:#ffffff;padding:12px 20px;font-weight:600">${escapeHtml(ctx.siteName)}</div><div style="padding:20px"><h1 style="font-size:18px">${escapeHtml(body.heading)}</h1>${para}${button}${footer}</div></body></html>`;
  const text = [
    body.heading,
    '',
    ...body.lines,
    ...(body.action ? ['', `${body.action[0]}: ${body.action[1]}`] : []),
    ...(ctx.unsubscribeUrl ? ['', `${m.unsubscribeLink}: ${ctx.unsubscribeUrl}`] : []),
    '',
    `— ${ctx.siteName}`,
  ].join('\n');
  return { html, text };
}

/** Headed sections of linked items: escaped text in both parts, the link as an anchor or on its own line. */
function digestMail(ctx: MailContext, data: DigestData): RenderedMail {
  const m = textsOf(ctx);
  const sections: { heading: string; items: { label: string; link: string }[] }[] = [];
  if (data.unreadCount > 0)
    sections.push({
      heading: m.unreadCount(data.unreadCount),
      items: data.unread.map((n) => ({ label: n.title, link: data.link })),
    });
  if (data.threads.length > 0)
    sections.push({
      heading: m.topThreads,
      items: data.threads.map((t) => ({
        label: `${t.title} (${t.replies} repl${t.replies === 1 ? 'y' : 'ies'})`,
        link: t.link,
      })),
    });
  if (data.listings.length > 0)
    sections.push({
      heading: m.newListings,
      items: data.listings.map((l) => ({ label: `${l.title} — ${l.price} credits`, link: l.link })),
    });
  const heading = m.missed(ctx.siteName);
  const base = layout(ctx, { heading, lines: [], action: [m.openSite(ctx.siteName), data.link] });
  const html = sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(s.heading)}</h2><ul>${s.items
          .map((i) => `<li><a href="${escapeHtml(i.link)}">${escapeHtml(i.label)}</a></li>`)
          .join('')}</ul>`,
    )
    .join('');
  const text = sections
    .map((s) => [s.heading, ...s.items.map((i) => `- ${i.label}: ${i.link}`)].join('\n'))
    .join('\n\n');
  return {
    subject: heading,
    // The sections go after the heading, before the button and the unsubscribe footer.
    html: base.html.replace('</h1>', `</h1>${html}`),
    text: base.text.replace(`${heading}\n`, `${heading}\n\n${text}\n`),
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const templates = {
  'password-reset': (ctx: MailContext, data: Record<string, unknown>) => ({
    subject: `Reset your ${ctx.siteName} password`,
    ...layout(ctx, {
      heading: 'Reset your password',
      lines: [
        'Someone asked to reset the password of your account. Open this link within an hour to choose a new one.',
        'If it was not you, ignore this email.',
      ],
      action: ['Choose a new password', str(data.link)],
    }),
  }),
  /** Sign-up's link (issue 36): the member's address is proved by opening it; made by the mail worker. */
  'verify-email': (ctx: MailContext, data: Record<string, unknown>) => ({
    subject: `Verify your ${ctx.siteName} email address`,
    ...layout(ctx, {
      heading: 'Verify your email address',
      lines: [
        `Open this link within 24 hours to verify the address of your ${ctx.siteName} account. Until then you cannot sell, withdraw, post links or message more than a few members a day.`,
        'If you did not create an account, ignore this email.',
      ],
      action: ['Verify my email address', str(data.link)],
    }),
  }),
  'existing-account': (ctx: MailContext) => ({
    subject: 'Someone tried to register with your email',
    ...layout(ctx, {
      heading: 'Someone tried to register with your email',
      lines: [
        `Someone tried to create a ${ctx.siteName} account with this email address, which already has one. If it was you, sign in at ${ctx.publicUrl}/login or reset your password at ${ctx.publicUrl}/reset-password. If not, you can ignore this email.`,
      ],
    }),
  }),
  /** A security alert (modules/sessions/alerts.ts): its own wording, the device facts and "This wasn't me". */
  'security-alert': (ctx: MailContext, data: Record<string, unknown>) =>
    securityAlertMail(
      data.kind as AlertKind,
      {
        username: str(data.username),
        notMeLink: str(data.notMeLink),
        ipAddress: str(data.ipAddress) || null,
        userAgent: str(data.userAgent) || null,
        at: new Date(str(data.at)),
        role: (str(data.role) || undefined) as Role | undefined,
        provider: str(data.provider) || undefined,
      },
      ctx.locale,
    ),
  /** A notification (order event, direct message, ticket reply, new listing) with a link to its target. */
  notification: (ctx: MailContext, data: Record<string, unknown>) => ({
    subject: `${str(data.title)} — ${ctx.siteName}`,
    ...layout(ctx, {
      heading: str(data.title),
      lines: [str(data.content)],
      action: [str(data.action) || textsOf(ctx).open, str(data.link)],
    }),
  }),
  /** A withdrawal decided or paid out (modules/withdrawals): always mailed, with a link to the wallet. */
  withdrawal: (ctx: MailContext, data: Record<string, unknown>) => ({
    subject: `${str(data.title)} — ${ctx.siteName}`,
    ...layout(ctx, {
      heading: str(data.title),
      lines: [str(data.content)],
      action: [textsOf(ctx).openWallet, `${ctx.publicUrl}/wallet`],
    }),
  }),
  /** Staff did not publish a held post (modules/review): what it was, their reason, and a ban if there was one. */
  'content-review': (ctx: MailContext, data: Record<string, unknown>) => ({
    subject: `${str(data.title)} — ${ctx.siteName}`,
    ...layout(ctx, {
      heading: str(data.title),
      lines: [
        str(data.content),
        textsOf(ctx).reason(str(data.reason)),
        ...(data.banned === true ? [textsOf(ctx).banned(ctx.siteName)] : []),
      ],
    }),
  }),
  /** The digest of a member who stayed away (modules/mail/digest.ts): each section only when it has items. */
  digest: (ctx: MailContext, data: Record<string, unknown>) => digestMail(ctx, data as unknown as DigestData),
} satisfies Record<string, (ctx: MailContext, data: Record<string, unknown>) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export const isTemplate = (name: string): name is TemplateName => Object.hasOwn(templates, name);

export function renderMail(
  name: TemplateName,
  ctx: MailContext,
  data: Record<string, unknown>,
): RenderedMail {
  return templates[name](ctx, data);
}
