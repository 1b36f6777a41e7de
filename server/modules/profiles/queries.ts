import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { profiles, userFollowers } from '../../db/schema/index.ts';
import { containing } from '../../db/search.ts';
import { lockedRow } from '../../db/sql.ts';

/** A profile with its follow counts and the viewer's follow state, in one statement. */
export async function selectProfile(db: Db, id: string, viewerId: string | null) {
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      role: profiles.role,
      banned: profiles.banned,
      trustLevel: profiles.trustLevel,
      createdAt: profiles.createdAt,
      balance: profiles.balance,
      credits: profiles.credits,
      followerCount: sql<number>`(select count(*) from ${userFollowers} where ${userFollowers.followingId} = ${profiles.id})::int`,
      followingCount: sql<number>`(select count(*) from ${userFollowers} where ${userFollowers.followerId} = ${profiles.id})::int`,
      isFollowing: sql<boolean>`exists(select 1 from ${userFollowers} where ${userFollowers.followerId} = ${viewerId}::uuid and ${userFollowers.followingId} = ${profiles.id})`,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

export function lockProfile(tx: Tx, id: string) {
  return lockedRow(tx, profiles, { id: profiles.id }, id, 'key share');
}

export async function insertFollow(tx: Tx, followerId: string, followingId: string) {
  await tx.insert(userFollowers).values({ followerId, followingId }).onConflictDoNothing();
}

export async function deleteFollow(tx: Tx, followerId: string, followingId: string) {
  await tx
    .delete(userFollowers)
    .where(and(eq(userFollowers.followerId, followerId), eq(userFollowers.followingId, followingId)));
}

export async function countFollowers(tx: Tx, id: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userFollowers)
    .where(eq(userFollowers.followingId, id));
  return Number(row?.n ?? 0);
}

/** Usernames containing `q` (the shared search engine), in username order, without the viewer. */
export function searchProfiles(db: Db, q: string | undefined, excludeId: string | null, limit: number) {
  const conditions: SQL[] = [];
  if (q) conditions.push(containing(q, profiles.username));
  if (excludeId) conditions.push(ne(profiles.id, excludeId));
  return (
    db
      .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(conditions.length ? and(...conditions) : undefined)
      // lower(username) is unique (profiles_username_key), so it orders completely on its own.
      .orderBy(asc(sql`lower(${profiles.username})`))
      .limit(limit)
  );
}

/**
 * Usernames starting with `q` (any case), in username order, without the viewer: the @ autocomplete. A
 * prefix range on profiles_username_pattern_idx, read in its order, so it stops after `limit` rows.
 */
export function profilesByPrefix(db: Db, q: string, excludeId: string, limit: number) {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) like ${prefix}`, ne(profiles.id, excludeId)))
    .orderBy(sql`lower(${profiles.username}) using ~<~`)
    .limit(limit);
}
