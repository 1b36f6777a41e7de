import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Role } from '../../contract/limits.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { createAccount } from '../modules/auth/service.ts';
import type { Db } from './client.ts';
import { profiles } from './schema/index.ts';
import { seedCatalogueDemo } from './seed-catalogue.ts';
import { seedCommunityDemo } from './seed-community.ts';

const DEMO_ACCOUNTS: { username: string; role: Role; credits: number }[] = [
  { username: 'admin', role: 'admin', credits: 10_000 },
  { username: 'moderator', role: 'moderator', credits: 5_000 },
  { username: 'alice', role: 'user', credits: 2_500 },
  { username: 'bob', role: 'user', credits: 1_500 },
  { username: 'carol', role: 'user', credits: 500 },
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
    await createAccount(auth, db, {
      ...account,
      email,
      password,
      credits: account.credits,
      emailVerified: true,
    });
    created.push({ username: account.username, email, password, role: account.role });
  }
  await seedCatalogueDemo(db);
  await seedCommunityDemo(db);
  return created;
}
