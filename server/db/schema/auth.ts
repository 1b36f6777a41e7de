import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { maxAccountAmount } from '../../../contract/limits.ts';
import { trustLevels } from '../../../contract/trust.ts';
import { belongsTo, createdAt, primaryId, timestamps, trigramIndex } from './columns.ts';

/** Seller ranks (spec §3 user_ranks): a name and a colour shown beside the username. */
export const userRanks = pgTable('user_ranks', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
});

/**
 * The member: better-auth's user model stored as our `profiles` table, so a profile and its
 * auth user are one row (its `name` field is our username, its `image` our avatar_url).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    banned: boolean('banned').notNull().default(false),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    /**
     * The part of `credits` earned from released sales (withdrawable after the reserve); credits bought or
     * granted are spent first, so a purchase lowers this only past them (decision 032).
     */
    earnedCredits: bigint('earned_credits', { mode: 'number' }).notNull().default(0),
    rankId: uuid('rank_id').references(() => userRanks.id, { onDelete: 'set null' }),
    /** Marketplace feedback counters kept in the row (average = rating_total / vouches). */
    vouches: integer('vouches').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The member's trust level (contract/trust.ts), recomputed from history unless staff locked it. */
    trustLevel: text('trust_level', { enum: trustLevels }).notNull().default('new'),
    trustLevelLocked: boolean('trust_level_locked').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('profiles_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('profiles_username_key').on(sql`lower(${t.username})`),
    index('profiles_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Global search's exact and prefix candidates (server/db/search.ts).
    index('profiles_username_pattern_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    // The wallet's conditional debits keep these true; the checks are the last line of defence.
    // Credits go below zero only when a processor takes a top-up back after it was spent (a chargeback):
    // every debit is conditional on `credits >= amount`, so such an account can neither buy nor withdraw.
    check(
      'profiles_credits_check',
      sql`${t.credits} between ${sql.raw(String(-maxAccountAmount))} and ${sql.raw(String(maxAccountAmount))}`,
    ),
    check('profiles_earned_credits_check', sql`${t.earnedCredits} between 0 and greatest(${t.credits}, 0)`),
    check('profiles_trust_level_check', sql`${t.trustLevel} in ('new', 'member', 'trusted')`),
    check('profiles_balance_check', sql`${t.balance} between 0 and ${sql.raw(String(maxAccountAmount))}`),
    // Marketplace search matches seller usernames with ILIKE '%q%'.
    trigramIndex('profiles_username_trgm_idx', t.username),
  ],
);

/*
 * Trigger (SQL in server/db/migrations/0023_sessions_end_their_sockets.sql): `sessions_end_their_sockets`
 * sends a `session-ended` event to the session's room when its row is deleted. In the database because a
 * session ends on many paths (sign-out, revoke, a password change, a ban, better-auth's own expiry clean-up):
 * one trigger closes the sockets on every instance whichever path deleted the row, at commit (over the
 * realtime channel of decision 008).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: belongsTo('user_id', () => profiles.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: belongsTo('user_id', () => profiles.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    // One member per provider account: a Discord or OpenID Connect identity signs in to one member only.
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's twoFactor plugin: the TOTP secret and backup codes, both encrypted with the auth secret. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => profiles.id),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_key').on(t.userId)],
);

/** One row per successful sign-in, shown on the settings page (spec: login_sessions). */
export const loginEvents = pgTable(
  'login_events',
  {
    // Not memberRow(): member-rows.ts reads profiles from this file.
    id: primaryId(),
    userId: belongsTo('user_id', () => profiles.id),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_events_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Other accounts signed in from the same address (the review queue, the vouch-ring rule).
    index('login_events_ip_idx').on(t.ipAddress),
  ],
);
