import { z } from 'zod';

/** The settings switches a mail's one-click unsubscribe can turn off. */
export const unsubscribeKindSchema = z.enum(['email_notifications', 'marketplace_updates'], {
  error: 'Unknown email kind',
});

export const unsubscribeMessages = {
  invalidLink: 'This unsubscribe link is not valid.',
  confirm: {
    email_notifications: 'Stop emails about messages, orders and tickets?',
    marketplace_updates: 'Stop emails about new listings from people you follow?',
  },
  done: {
    email_notifications: 'You will no longer get emails about messages, orders and tickets.',
    marketplace_updates: 'You will no longer get emails about new listings from people you follow.',
  },
} as const;

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
