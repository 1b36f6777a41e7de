import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locales } from '../../../contract/i18n/locales.ts';
import { digestPeriods } from '../../../contract/limits.ts';
import { profiles } from './auth.ts';
import { bytea, createdAt, updatedAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * Avatars live in the database, not on one instance's disk, so every instance serves them.
 * Each upload gets a new id (its URL is cached forever); the previous one is deleted.
 */
export const avatars = pgTable(
  'avatars',
  {
    ...memberRow(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user_id_idx').on(t.userId)],
);

/** Spec: user_settings; a member without a row has every notification on. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    marketplaceUpdates: boolean('marketplace_updates').notNull().default(true),
    securityAlerts: boolean('security_alerts').notNull().default(true),
    /** How often a member who stays away gets a summary mail (modules/mail/digest.ts). */
    digest: text('digest', { enum: digestPeriods }).notNull().default('weekly'),
    /** When the digest job last considered this member (mailed or found nothing to say). */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** Off: the member is left out of the online list, whoever looks. */
    showOnline: boolean('show_online').notNull().default(true),
    /** The member's language (issue 41): the site, their mails and pushes; null follows the browser. */
    locale: text('locale', { enum: locales }),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_settings_digest_check', sql`${t.digest} in ('off', 'daily', 'weekly')`)],
);
