import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';

/** The settings a mail's one-click unsubscribe can turn off (`digest` is set to 'off'). */
export const unsubscribeKindSchema = z.enum(['email_notifications', 'marketplace_updates', 'digest'], {
  error: 'Unknown email kind',
});

export const unsubscribeMessages = /* @__PURE__ */ defineMessages('unsubscribeMessages', {
  invalidLink: 'This unsubscribe link is not valid.',
  confirm: {
    email_notifications: 'Stop emails about messages, orders and tickets?',
    marketplace_updates: 'Stop emails about new listings from people you follow?',
    digest: 'Stop the summary emails you get while you are away?',
  },
  done: {
    email_notifications: 'You will no longer get emails about messages, orders and tickets.',
    marketplace_updates: 'You will no longer get emails about new listings from people you follow.',
    digest: 'You will no longer get summary emails while you are away.',
  },
} as const);

/** The signed link's query: the member, the kind, and the HMAC of both. */
export const unsubscribeQuery = z.object({
  user: z.uuid({ error: unsubscribeMessages.invalidLink }),
  kind: unsubscribeKindSchema,
  sig: z.string({ error: unsubscribeMessages.invalidLink }).min(1, unsubscribeMessages.invalidLink).max(100),
});

export const unsubscribeResponse = z.object({
  kind: unsubscribeKindSchema,
  unsubscribed: z.boolean(),
  message: z.string(),
});
