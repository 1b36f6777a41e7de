import { expect, test } from '@playwright/test';
import { banUser, createUser } from './support/users.ts';

test('a banned member is refused at sign-in with the spec message', async ({ page, request }) => {
  const user = await createUser(request, 'banned');
  await banUser(request, user.id);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText('Your account has been banned. Please contact an administrator.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveCount(0);
});

test('a ban ends a member session that is already open', async ({ page, request }) => {
  const user = await createUser(request, 'live');
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();

  await banUser(request, user.id);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveCount(0);
});
