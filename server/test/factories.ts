import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '../../contract/limits.ts';
import { cheatStatusChanges, cheats, forumCategories, forumThreads, products } from '../db/schema/index.ts';
import { socialComments, socialPosts } from '../db/schema/social.ts';
import { createAccount } from '../modules/auth/service.ts';
import type { TestApp } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-9';

export interface BuiltUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** One member in the database; unique username and email unless given. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<Omit<BuiltUser, 'id'>> & { balance?: number; credits?: number } = {},
): Promise<BuiltUser> {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: overrides.username ?? `user_${suffix}`,
    email: overrides.email ?? `user_${suffix}@example.com`,
    password: overrides.password ?? DEFAULT_PASSWORD,
    role: overrides.role ?? ('user' as Role),
  };
  const id = await createAccount(t.app.auth, t.db, {
    ...user,
    balance: overrides.balance,
    credits: overrides.credits,
  });
  return { id, ...user };
}

/** Signs in through the HTTP route and returns the Cookie header for later requests. */
export async function signIn(t: TestApp, user: Pick<BuiltUser, 'email' | 'password'>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookies = [res.headers['set-cookie']].flat().filter((c): c is string => Boolean(c));
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** A member who is signed in: the user plus their Cookie header. */
export async function buildSignedInUser(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t, overrides);
  return { ...user, cookie: await signIn(t, user) };
}

/** One catalogue product, inserted directly (active, unpinned unless given). */
export async function buildProduct(t: TestApp, overrides: Partial<typeof products.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(products)
    .values({
      title: `Product ${suffix}`,
      description: `Description of product ${suffix}`,
      salesUrl: `https://shop.example.com/${suffix}`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** One published cheat with its first timeline row, inserted directly. */
export async function buildCheat(
  t: TestApp,
  overrides: Partial<typeof cheats.$inferInsert> & { publishedBy?: string | null } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(cheats)
    .values({
      title: `Cheat ${suffix}`,
      description: `Description of cheat ${suffix}`,
      game: 'Counter-Strike 2',
      downloadUrl: `https://files.example.com/${suffix}.zip`,
      ...overrides,
    })
    .returning();
  await t.db
    .insert(cheatStatusChanges)
    .values({ cheatId: row!.id, fromStatus: null, toStatus: row!.status, changedBy: row!.publishedBy });
  return row!;
}

/** One social post by `userId`, inserted directly (give `createdAt` to control the feed order). */
export async function buildPost(
  t: TestApp,
  userId: string,
  overrides: Partial<Omit<typeof socialPosts.$inferInsert, 'userId'>> = {},
) {
  const [row] = await t.db
    .insert(socialPosts)
    .values({ userId, content: `Post ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}

/** One comment on a post, keeping the post's comment counter exact as the service does. */
export async function buildComment(
  t: TestApp,
  postId: string,
  userId: string,
  overrides: Partial<Omit<typeof socialComments.$inferInsert, 'postId' | 'userId'>> = {},
) {
  const [row] = await t.db
    .insert(socialComments)
    .values({ postId, userId, content: `Comment ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  await t.db
    .update(socialPosts)
    .set({ commentCount: sql`${socialPosts.commentCount} + 1` })
    .where(eq(socialPosts.id, postId));
  return row!;
}

/** One forum category, inserted directly. */
export async function buildForumCategory(
  t: TestApp,
  overrides: Partial<typeof forumCategories.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(forumCategories)
    .values({ name: `Category ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}

/** One forum thread by `userId` in `categoryId`, inserted directly (counters at 0). */
export async function buildForumThread(
  t: TestApp,
  overrides: Partial<typeof forumThreads.$inferInsert> & { userId: string; categoryId: string },
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(forumThreads)
    .values({ title: `Thread ${suffix}`, content: `Content of thread ${suffix}`, ...overrides })
    .returning();
  return row!;
}
