import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { idParams } from './id-params.ts';
import { hookMessages as m } from './messages/hook.ts';

/** Outgoing webhooks (issue 37 item 5): where a seller or staff hear of events in Discord or Telegram. */
export const hookKinds = ['discord', 'telegram'] as const;
export type HookKind = (typeof hookKinds)[number];
export const hookKindLabels: Record<HookKind, string> = /* @__PURE__ */ defineMessages('hookKindLabels', {
  discord: 'Discord webhook',
  telegram: 'Telegram bot',
});

/** A seller's hook hears of their own sales, disputes and low stock; the staff hook of the site's. */
export const sellerHookEvents = ['sale', 'dispute', 'low_stock'] as const;
export const staffHookEvents = ['report', 'dispute', 'withdrawal'] as const;
export const hookEvents = ['sale', 'dispute', 'low_stock', 'report', 'withdrawal'] as const;
export type HookEvent = (typeof hookEvents)[number];
export const hookEventLabels: Record<HookEvent, string> = /* @__PURE__ */ defineMessages('hookEventLabels', {
  sale: 'Sales',
  dispute: 'Disputes',
  low_stock: 'Low-stock warnings',
  report: 'New reports',
  withdrawal: 'Withdrawal requests',
});

/** Discord's execute-webhook address: …/api[/vN]/webhooks/{id}/{token}; the host is checked by the server. */
export const discordWebhookPath =
  /^https:\/\/[^/?#]+\/api\/(v\d+\/)?webhooks\/\d{5,25}\/[A-Za-z0-9_-]{20,100}$/;
/** A bot token as @BotFather gives it: the bot's id, a colon, and 35 characters. */
export const telegramTokenPattern = /^\d{5,15}:[A-Za-z0-9_-]{30,50}$/;
/** A chat's numeric id (negative for groups and channels) or a public channel's @username. */
export const telegramChatPattern = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

const hookBodyFor = <E extends readonly [HookEvent, ...HookEvent[]]>(events: E) =>
  z
    .object({
      kind: z.enum(hookKinds, { error: m.kindInvalid }),
      url: z.string().trim().max(300, m.discordUrlInvalid).default(''),
      botToken: z.string().trim().max(100, m.botTokenInvalid).default(''),
      chatId: z.string().trim().max(40, m.chatIdInvalid).default(''),
      events: z
        .array(z.enum(events, { error: m.eventsInvalid }))
        .min(1, m.eventsRequired)
        .max(events.length, m.eventsInvalid),
    })
    .superRefine((b, ctx) => {
      if (b.kind === 'discord' && !discordWebhookPath.test(b.url))
        ctx.addIssue({ code: 'custom', path: ['url'], message: m.discordUrlInvalid });
      if (b.kind === 'telegram' && !telegramTokenPattern.test(b.botToken))
        ctx.addIssue({ code: 'custom', path: ['botToken'], message: m.botTokenInvalid });
      if (b.kind === 'telegram' && !telegramChatPattern.test(b.chatId))
        ctx.addIssue({ code: 'custom', path: ['chatId'], message: m.chatIdInvalid });
    });

export const sellerHookBody = hookBodyFor(sellerHookEvents);
export const staffHookBody = hookBodyFor(staffHookEvents);
export type HookBody = z.infer<typeof sellerHookBody> | z.infer<typeof staffHookBody>;

/** A hook as its owner sees it: the secret only masked, never again in full. */
export const hook = z.object({
  id: z.string(),
  kind: z.enum(hookKinds),
  /** The webhook URL or bot token with all but its ends hidden. */
  secretMasked: z.string(),
  chatId: z.string().nullable(),
  events: z.array(z.enum(hookEvents)),
  enabled: z.boolean(),
  /** Deliveries that failed in a row; the hook is switched off at `hookLimits.maxFailures`. */
  failures: z.number().int(),
  lastError: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Hook = z.infer<typeof hook>;
export const hookList = z.object({ items: z.array(hook) });
export const hookTestResult = z.object({ queued: z.literal(true) });

export const hookLimits = {
  /** Hooks a seller (or the staff) may have at once. */
  perOwner: 5,
  /** Deliveries failing in a row that switch a hook off. */
  maxFailures: 10,
} as const;

export const hookIdParams = idParams(m.notFound);
