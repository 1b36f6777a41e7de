import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, createdAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * The device and network pairs a member has signed in from (device = browser + OS family, network = the
 * /24 of IPv4 or /48 of IPv6): a sign-in from a pair not here sends a security alert (decision 020).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: belongsTo('user_id', () => profiles.id),
    device: text('device').notNull(),
    network: text('network').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.device, t.network] }),
    // The review queue and the vouch-ring rule look for other accounts on the same device and network.
    index('known_devices_device_network_idx').on(t.device, t.network),
  ],
);

/**
 * A security alert's "This wasn't me" link: only the SHA-256 of the random token is kept, so a database
 * read does not give working links; used once (used_at) and only until expires_at.
 */
export const securityAlertTokens = pgTable(
  'security_alert_tokens',
  {
    ...memberRow(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For a new-sign-in alert: the device and network it was about, forgotten when the member says "not me". */
    device: text('device'),
    network: text('network'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('security_alert_tokens_expires_idx').on(t.expiresAt).where(sql`${t.usedAt} is null`)],
);
