import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { E2EUser } from './users.ts';

/**
 * Signs in for a spec whose subject is elsewhere: through the API in the page's own cookie jar, then opens
 * `path` (home by default), waiting for the signed-in shell. The login form itself is walked through in
 * auth-flow.spec.ts and settings.spec.ts; typing it again in seventy set-ups cost minutes of every CI run,
 * and opening home first, then the page under test, cost a page load in each of 49 more.
 */
export async function signInAs(page: Page, user: Pick<E2EUser, 'email' | 'password'>, path = '/') {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password, rememberMe: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json(), 'a plain sign-in (no two-factor step)').toHaveProperty('user');
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

/** A second browser of its own (its own cookies), signed in as `user` and open at `path`. */
export async function pageAs(browser: Browser, user: Pick<E2EUser, 'email' | 'password'>, path = '/') {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user, path);
  return page;
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
