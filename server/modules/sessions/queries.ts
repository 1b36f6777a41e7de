import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  knownDevices,
  loginEvents,
  profiles,
  securityAlertTokens,
  sessions,
  userSettings,
} from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

/** A member's sessions is a short list (one per browser signed in, each expiring); the cap only bounds junk. */
export const SESSIONS_LIST_MAX = 100;

export async function listLiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(SESSIONS_LIST_MAX);
}

/** Deletes one of the member's sessions; nothing (undefined) when the id is not theirs. */
export async function deleteOwnSession(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return row;
}

export async function deleteOtherSessions(db: Db, userId: string, keepId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** "Last active" of a session, as one prepared statement (the session lookup runs it on signed-in requests). */
export function prepareSessionTouch(db: Db) {
  return db
    .update(sessions)
    .set({ updatedAt: sql`now()` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('touch_session');
}

export async function pruneExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export async function deleteAllSessions(db: Tx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Remembers a device and network pair in one statement: whether the member had signed in before this sign-in
 * (a sign-in recorded before it, or a pair first seen before it) and whether this pair is new (the snapshot
 * of `prior` is taken before the insert). Earlier sign-ins count so that the answer does not depend on the
 * order alert jobs run in: two sign-ins' jobs may run side by side on two instances, or the first may be
 * waiting for a retry.
 */
export async function rememberDevice(
  db: Db,
  pair: { userId: string; device: string; network: string; loginEventId: string | null },
) {
  const { userId, device, network, loginEventId } = pair;
  const [row] = await rows<{ had_any: boolean; inserted: boolean }>(
    db,
    sql`
    with this as (
      select created_at from ${loginEvents} where id = ${loginEventId}::uuid and user_id = ${userId}
    ),
    prior as (
      select exists (
          select 1 from ${knownDevices} where ${knownDevices.userId} = ${userId}
            and ${knownDevices.firstSeenAt} < coalesce((select created_at from this), 'infinity')
        )
        or exists (
          select 1 from ${loginEvents} earlier, this
          where earlier.user_id = ${userId} and earlier.created_at < this.created_at
        ) as had_any
    ),
    ins as (
      insert into ${knownDevices} (user_id, device, network) values (${userId}, ${device}, ${network})
      on conflict (user_id, device, network) do update set last_seen_at = now()
      returning (xmax = 0) as inserted
    )
    select prior.had_any, ins.inserted from prior, ins`,
  );
  if (!row) throw new Error('remember device: no row');
  return { hadAny: row.had_any, inserted: row.inserted };
}

/** Who an alert goes to and whether they want it (no settings row: every switch on). */
export async function findAlertRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: profiles.email,
      username: profiles.username,
      role: profiles.role,
      securityAlerts: userSettings.securityAlerts,
    })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

export async function insertAlertToken(
  db: Db | Tx,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  seen?: { device: string; network: string },
) {
  const [row] = await db
    .insert(securityAlertTokens)
    .values({ userId, tokenHash, expiresAt, ...seen })
    .returning({ id: securityAlertTokens.id });
  return row!.id;
}

/**
 * Gives an alert's token row the hash of the token its mail carries (made only when the mail is written): false
 * when the row is not the member's, used or expired.
 */
export async function issueAlertToken(db: Db, id: string, userId: string, tokenHash: string) {
  const [row] = await db
    .update(securityAlertTokens)
    .set({ tokenHash })
    .where(
      and(
        eq(securityAlertTokens.id, id),
        eq(securityAlertTokens.userId, userId),
        isNull(securityAlertTokens.usedAt),
        gt(securityAlertTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: securityAlertTokens.id });
  return Boolean(row);
}

/** Forgets a device and network pair, so the next sign-in from it alerts again. */
export async function forgetDevice(tx: Tx, userId: string, seen: { device: string; network: string }) {
  await tx
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        eq(knownDevices.device, seen.device),
        eq(knownDevices.network, seen.network),
      ),
    );
}

/** Uses a "This wasn't me" token once: the member's id and email, or nothing when unknown, used or expired. */
export async function useAlertToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(securityAlertTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(securityAlertTokens.tokenHash, tokenHash),
        isNull(securityAlertTokens.usedAt),
        gt(securityAlertTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: securityAlertTokens.userId,
      device: securityAlertTokens.device,
      network: securityAlertTokens.network,
    });
  if (!row) return undefined;
  const [member] = await tx
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, row.userId));
  const seen = row.device && row.network ? { device: row.device, network: row.network } : undefined;
  return member && { ...member, seen };
}
