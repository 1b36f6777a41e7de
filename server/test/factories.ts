import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../contract/limits.ts';
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
