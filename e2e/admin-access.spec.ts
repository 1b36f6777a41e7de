import { expect, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

// Several browsers and sign-ins per test: room for a loaded machine (2 cores shared by many runs).
test.describe.configure({ timeout: 90_000 });

test('a signed-in member sees Access Denied on every admin URL, without being redirected', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'denied');
  await signInAs(page, member);
  for (const path of ['/admin', '/admin/users', '/admin/reports', '/admin/tickets', '/admin/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // Nothing of the admin area shows: no side menu, no page heading.
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor opening the admin area is sent to sign in', async ({ page }) => {
  await page.goto('/admin/reports');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
