import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { passkeyChallenges, passkeys, profiles } from '../../db/schema/index.ts';

/** How long a challenge works. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export function listPasskeys(db: Db, userId: string) {
  return db
    .select(listed)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** A member's credential ids: registration excludes them, so one authenticator is not added twice. */
export function credentialIdsOf(db: Db, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function countPasskeys(db: Db | Tx, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function insertPasskey(db: Db, row: typeof passkeys.$inferInsert) {
  const [created] = await db.insert(passkeys).values(row).returning(listed);
  return created!;
}

/** The sign-in's row: the credential and its member's username, role and avatar for the session answer. */
export async function findByCredentialId(db: Db, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      username: profiles.username,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
    })
    .from(passkeys)
    .innerJoin(profiles, eq(profiles.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * A successful assertion moves the counter and "last used". The condition repeats the verifier's counter rule,
 * so two sign-ins racing with one assertion cannot both pass (the second finds the counter already moved).
 */
export async function markUsed(db: Db, id: string, previous: number, next: number) {
  const moved = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previous)))
    .returning({ id: passkeys.id });
  return moved.length === 1;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(listed);
  return row;
}

export async function deletePasskey(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row;
}

/** Keeps a challenge we issued (and drops the expired ones, so the table stays small). */
export async function storeChallenge(
  db: Db,
  challenge: { challenge: string; kind: 'register' | 'sign-in'; userId: string | null },
) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  await db
    .insert(passkeyChallenges)
    .values({ ...challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/**
 * Uses up a challenge: true only for one we issued, of this kind (and member, for a registration), not yet
 * used and not expired. The row is deleted, so the same challenge never passes twice.
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  kind: 'register' | 'sign-in',
  userId: string | null,
) {
  const used = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.kind, kind),
        userId ? eq(passkeyChallenges.userId, userId) : sql`${passkeyChallenges.userId} is null`,
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return used.length === 1;
}
