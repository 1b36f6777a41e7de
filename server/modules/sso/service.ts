import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SsoProvider } from '../../../contract/sso.ts';
import type { Db } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { insertMember } from '../auth/members.ts';
import {
  dropVerification,
  putVerification,
  readVerification,
  takeVerification,
} from '../auth/verifications.ts';
import { hasPasskey } from '../passkeys/service.ts';
import type { ProviderIdentity } from './providers.ts';

/** How long a started sign-in (state and PKCE verifier) and a first sign-in waiting for its username last. */
export const STATE_TTL_MS = 10 * 60 * 1000;
export const PENDING_TTL_MS = 30 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const stateKey = (state: string) => `sso-state:${hash(state)}`;
const pendingKey = (token: string) => `sso-pending:${hash(token)}`;

/** What a started sign-in remembers: the provider, the PKCE verifier, and the member when it is a link. */
export interface StartedSignIn {
  provider: SsoProvider;
  codeVerifier: string;
  /** Set when a signed-in member links the provider from settings. */
  linkUserId: string | null;
}

/** A first sign-in waiting for its username: who the provider said it was. */
export interface PendingSignUp extends ProviderIdentity {
  provider: SsoProvider;
  email: string;
}

/** Only hashes are stored (the state and the pending token are bearer values): a database read holds no flow. */
export async function saveState(db: Db, state: string, started: StartedSignIn) {
  await putVerification(db, stateKey(state), JSON.stringify(started), STATE_TTL_MS);
}

/** Takes the started sign-in once (a replayed callback finds nothing), or null when unknown or expired. */
export async function takeState(db: Db, state: string): Promise<StartedSignIn | null> {
  const value = await takeVerification(db, stateKey(state));
  return value === null ? null : (JSON.parse(value) as StartedSignIn);
}

export async function savePending(db: Db, token: string, pending: PendingSignUp) {
  await putVerification(db, pendingKey(token), JSON.stringify(pending), PENDING_TTL_MS);
}

export async function readPending(db: Db, token: string): Promise<PendingSignUp | null> {
  const value = await readVerification(db, pendingKey(token));
  return value === null ? null : (JSON.parse(value) as PendingSignUp);
}

export async function dropPending(db: Db, token: string) {
  await dropVerification(db, pendingKey(token));
}

/** The member a provider account belongs to, with the ban flag (the session hook refuses banned members). */
export async function findLinkedMember(db: Db, provider: SsoProvider, accountId: string) {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, accountId)));
  return row?.userId ?? null;
}

/** Whether a member holds this address or name, letter case aside (as the unique indexes compare them). */
async function inUse(db: Db, column: typeof profiles.email | typeof profiles.username, value: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${column}) = ${value.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export const emailInUse = (db: Db, email: string) => inUse(db, profiles.email, email);

export const usernameInUse = (db: Db, username: string) => inUse(db, profiles.username, username);

export type CreateOutcome = { userId: string } | { taken: 'username' | 'email' | 'account' };

/**
 * The new member and their provider account in one transaction. The unique indexes decide a race: a username
 * or address taken meanwhile, or the same provider account finished twice.
 */
export async function createMember(db: Db, pending: PendingSignUp, username: string): Promise<CreateOutcome> {
  const userId = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      await insertMember(tx, {
        id: userId,
        username,
        email: pending.email,
        emailVerified: pending.emailVerified,
      });
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        userId,
        providerId: pending.provider,
        accountId: pending.accountId,
      });
    });
    return { userId };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (await usernameInUse(db, username)) return { taken: 'username' };
    if (await emailInUse(db, pending.email)) return { taken: 'email' };
    return { taken: 'account' };
  }
}

export type LinkOutcome = 'linked' | 'already-linked' | 'linked-elsewhere' | 'other-account-linked';

/** Links a provider account to a signed-in member: never one another member holds, one per provider. */
export async function linkAccount(
  db: Db,
  userId: string,
  provider: SsoProvider,
  accountId: string,
): Promise<LinkOutcome> {
  const owner = await findLinkedMember(db, provider, accountId);
  if (owner === userId) return 'already-linked';
  if (owner) return 'linked-elsewhere';
  const [other] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, provider)));
  if (other) return 'other-account-linked';
  try {
    await db.insert(accounts).values({ id: crypto.randomUUID(), userId, providerId: provider, accountId });
    return 'linked';
  } catch (err) {
    if (isUniqueViolation(err)) return 'linked-elsewhere';
    throw err;
  }
}

/** The member's sign-in methods: a password (better-auth's `credential` account) and linked providers. */
export async function waysIn(db: Db, userId: string) {
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    hasPassword: rows.some((r) => r.providerId === 'credential' && Boolean(r.password)),
    linked: rows.filter((r) => r.providerId !== 'credential'),
  };
}

export type UnlinkOutcome = 'unlinked' | 'not-linked' | 'last-way-in';

/**
 * Unlinks a provider unless it is the member's last way in (a password, another provider or a passkey). The member's account rows are locked first, so two
 * racing unlinks (Discord and OpenID Connect) cannot each count the other as the way left.
 */
export async function unlinkAccount(db: Db, userId: string, provider: SsoProvider): Promise<UnlinkOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: accounts.id, providerId: accounts.providerId, password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .for('update');
    const target = rows.find((r) => r.providerId === provider);
    if (!target) return 'not-linked';
    const others = rows.filter(
      (r) => r.providerId !== provider && (r.providerId !== 'credential' || Boolean(r.password)),
    );
    if (others.length === 0 && !(await hasPasskey(tx, userId))) return 'last-way-in';
    await tx.delete(accounts).where(eq(accounts.id, target.id));
    return 'unlinked';
  });
}
