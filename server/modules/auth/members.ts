import { eq } from 'drizzle-orm';
import type { Role } from '../../../contract/limits.ts';
import type { Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/*
 * The member row's own columns (decision 056). The auth module owns the `profiles` row: better-auth creates it
 * at sign-up, and its identity and access columns (email and its verification, two-factor, role, banned) are
 * written only here and by better-auth. Other column groups have their own owners (server/db/owners.ts:
 * credits to the wallet, trust level to trust, vouches to reputation, username, bio and avatar to me, rank to
 * admin), and other modules change them through those owners' functions.
 */

/** A member made outside better-auth's sign-up (a new member through a sign-in provider, sso). */
export async function insertMember(
  tx: Tx,
  member: { id: string; username: string; email: string; emailVerified: boolean },
) {
  await tx.insert(profiles).values(member);
}

/**
 * A member's role or ban changed (the rules, audit and alerts are the caller's: admin's user patch). Answers
 * both as they are after the change; undefined when the member is not there.
 */
export async function setAccess(tx: Tx, userId: string, change: { role?: Role; banned?: boolean }) {
  const [row] = await tx
    .update(profiles)
    .set({ role: change.role, banned: change.banned, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ role: profiles.role, banned: profiles.banned });
  return row;
}
