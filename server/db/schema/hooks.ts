import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { HookEvent, HookKind } from '../../../contract/hooks.ts';
import { createdAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * Outgoing webhooks (issue 37 item 5): a seller's own (`scope` seller: their sales, disputes, low stock) or
 * the site's (`scope` staff: reports, disputes, withdrawal requests; `user_id` is the admin who set it, told
 * if it is switched off). `secret` is the Discord webhook URL or the Telegram bot token, encrypted like
 * license keys (server/security/content-cipher.ts); `secret_masked` is all its owner ever sees again.
 */
export const hooks = pgTable(
  'hooks',
  {
    ...memberRow(),
    scope: text('scope').$type<'seller' | 'staff'>().notNull(),
    kind: text('kind').$type<HookKind>().notNull(),
    secret: text('secret').notNull(),
    secretMasked: text('secret_masked').notNull(),
    chatId: text('chat_id'),
    events: text('events').array().$type<HookEvent[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Deliveries that failed in a row; a success resets it, the limit switches the hook off. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // An event reads its owner's enabled hooks (a seller's), or the staff's.
    index('hooks_owner_idx').on(t.scope, t.userId),
    check('hooks_scope_check', sql`${t.scope} in ('seller', 'staff')`),
    check('hooks_kind_check', sql`${t.kind} in ('discord', 'telegram')`),
  ],
);
