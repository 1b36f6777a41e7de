import { expect, test } from '@playwright/test';
import { createUser } from './support/users.ts';

test('a visitor registers, signs in and signs out', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const user = { username: `flow_${suffix}`, email: `flow_${suffix}@e2e.test`, password: 'flow-password-1' };

  await page.goto('/');
  await page.getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes before the sign-in form replaces the registration form: fill the new one.
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByRole('link', { name: 'Your profile' });
  await expect(avatar).toBeVisible();
  await expect(avatar).toContainText(user.username[0]!.toUpperCase());
  await expect(page.getByRole('link', { name: 'Browse Marketplace' })).toBeVisible();

  // The session survives a reload: it lives in the HttpOnly cookie, not in page memory.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.includes('session_token'));
  expect(session?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveCount(0);
});

test('without remember-me the session cookie ends with the browser', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  const session = (await page.context().cookies()).find((c) => c.name.includes('session_token'));
  expect(session?.expires).toBe(-1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  const remembered = (await page.context().cookies()).find((c) => c.name.includes('session_token'));
  expect(remembered!.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
});

test('a signed-in member visiting /login or /register goes home', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});
