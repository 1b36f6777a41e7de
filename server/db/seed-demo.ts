import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Role } from '../../contract/limits.ts';
import type { TrustLevel } from '../../contract/trust.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { createAccount } from '../modules/auth/service.ts';
import { refreshTrustLevels } from '../modules/trust/levels.ts';
import type { Db } from './client.ts';
import { profiles } from './schema/index.ts';
import { seedCatalogueDemo } from './seed-catalogue.ts';
import { seedCommunityDemo } from './seed-community.ts';

/**
 * Every demo address is verified. Staff are trusted (kept there); the members start at a level that shows
 * the range (alice sells: trusted; bob: member; carol: new), not locked, so their history can move them up.
 */
const DEMO_ACCOUNTS: { username: string; role: Role; credits: number; trustLevel: TrustLevel }[] = [
  { username: 'admin', role: 'admin', credits: 10_000, trustLevel: 'trusted' },
  { username: 'moderator', role: 'moderator', credits: 5_000, trustLevel: 'trusted' },
  { username: 'alice', role: 'user', credits: 2_500, trustLevel: 'trusted' },
  { username: 'bob', role: 'user', credits: 1_500, trustLevel: 'member' },
  { username: 'carol', role: 'user', credits: 500, trustLevel: 'new' },
];

/**
 * Fills an empty database with demo members. Passwords are random and returned once so the
 * caller can print them: a demo database exposed by mistake has no well-known password.
 */
export async function seedDemo(auth: Auth, db: Db) {
  const [row] = await db.select({ n: count() }).from(profiles);
  if ((row?.n ?? 0) > 0) return null;
  const created: { username: string; email: string; password: string; role: Role }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const email = `${account.username}@example.com`;
    const password = randomBytes(9).toString('base64url');
    const { trustLevel, ...fields } = account;
    const id = await createAccount(auth, db, { ...fields, email, password, emailVerified: true });
    const trustLevelLocked = account.role !== 'user';
    await db.update(profiles).set({ trustLevel, trustLevelLocked }).where(eq(profiles.id, id));
    created.push({ username: account.username, email, password, role: account.role });
  }
  await seedCatalogueDemo(db);
  await seedCommunityDemo(db);
  // Whatever the seeded history earns on top (promotes only).
  await refreshTrustLevels(db);
  return created;
}
