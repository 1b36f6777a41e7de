import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { bytea, createdAt, primaryId } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * A member's passkeys (WebAuthn credentials, decision 038). The public key is not a secret, but no response
 * carries it; the list shows name, device type, created and last used. `counter` is the authenticator's
 * signature counter: an assertion whose counter does not move past it (when either is non-zero) is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    ...memberRow(),
    name: text('name').notNull(),
    /** The credential id the authenticator chose, base64url: how a sign-in finds its row. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key from the attestation. */
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** 'singleDevice' or 'multiDevice' (synced), from the authenticator data's backup-eligible flag. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The transports the browser reported ("internal", "usb"...), comma-joined, as hints for a later sign-in. */
    transports: text('transports').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A WebAuthn challenge we issued: each works once (deleted as it is used) and for five minutes. A
 * registration's is bound to the member who asked; a sign-in's to no one (the passkey names its member).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: primaryId(),
    challenge: text('challenge').notNull().unique(),
    kind: text('kind', { enum: ['register', 'sign-in'] }).notNull(),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
