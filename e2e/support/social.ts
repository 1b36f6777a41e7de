import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { E2EUser } from './users.ts';

/** Signs in through the login form, as a person would, and waits for the signed-in shell. */
export async function signInAs(page: Page, user: Pick<E2EUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

/** Runs `fn` with `request` signed in as `user` (seeding through the API), then signs out. */
export async function asUser<T>(request: APIRequestContext, user: E2EUser, fn: () => Promise<T>): Promise<T> {
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  try {
    return await fn();
  } finally {
    await request.post('/api/auth/sign-out', { data: {} });
  }
}

/** Posts as `user` through the API; returns the new post's id. */
export async function seedPosts(request: APIRequestContext, user: E2EUser, contents: string[]) {
  return asUser(request, user, async () => {
    const ids: string[] = [];
    for (const content of contents) {
      const res = await request.post('/api/v1/posts', { data: { content } });
      expect(res.status(), await res.text()).toBe(201);
      ids.push((await res.json()).id);
    }
    return ids;
  });
}
