import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PushKind } from '../../../contract/push.ts';
import { createdAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * A device's Web Push subscription (issue 37 item 4): where its push service takes messages and the keys that
 * encrypt them for that browser only. A push service answering 404 or 410 means the browser dropped it: the
 * row goes. An endpoint belongs to one member (a device signed in as someone else re-subscribes as them).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...memberRow(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    kinds: text('kinds').array().$type<PushKind[]>().notNull(),
    userAgent: text('user_agent'),
    /** Sends that failed in a row (not 404/410); reset by a success. */
    failures: integer('failures').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
