import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';

export interface E2EUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** A fresh member made through the public API (seeding through the API, as a person's browser would). */
export async function createUser(request: APIRequestContext, prefix = 'member'): Promise<E2EUser> {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@e2e.test`,
    password: 'member-password-1',
  };
  const res = await request.post('/api/auth/sign-up/email', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  const body = await signIn.json();
  await request.post('/api/auth/sign-out', { data: {} });
  return { ...user, id: body.user.id };
}

/** Bans a member the way staff do it: the admin signs in on the API and patches the member. */
export async function banUser(request: APIRequestContext, userId: string) {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const res = await request.patch(`/api/v1/admin/users/${userId}`, { data: { banned: true } });
  expect(res.status(), await res.text()).toBe(200);
  await request.post('/api/auth/sign-out', { data: {} });
}
