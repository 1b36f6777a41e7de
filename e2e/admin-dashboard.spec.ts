import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { createUser } from './support/users.ts';

test('the dashboard shows the cards, latest posts and reports overview, and refreshes', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  for (const label of ['Total Users', 'Total Posts', 'Active Cheats', 'Total Downloads']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports Overview' })).toBeVisible();

  // A new member shows after Refresh.
  const usersCard = page.getByRole('group', { name: 'Total Users' });
  const before = Number(((await usersCard.locator('p.text-3xl').textContent()) ?? '').replace(/\D/g, ''));
  await createUser(request, 'dash');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(usersCard.locator('p.text-3xl')).toHaveText(String(before + 1));
  await expect(usersCard.getByText(/new today/)).toBeVisible();
});
