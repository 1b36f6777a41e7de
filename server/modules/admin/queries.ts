import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { profiles, sessions } from '../../db/schema/index.ts';

export async function findUserForAdmin(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username, role: profiles.role, banned: profiles.banned })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

export async function setUserFields(
  tx: Tx,
  id: string,
  patch: { banned?: boolean; role?: 'user' | 'moderator' | 'admin' },
) {
  const [row] = await tx
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning({
      id: profiles.id,
      username: profiles.username,
      role: profiles.role,
      banned: profiles.banned,
    });
  return row!;
}

export async function deleteSessionsOf(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
