import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { createUser } from './support/users.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

test('an admin searches a member, adds credits, changes the role, and a ban signs the member out', async ({
  browser,
  request,
}) => {
  // A long walk through two browsers: give it room on a loaded machine.
  test.setTimeout(90_000);
  const member = await createUser(request, 'managed');
  const memberCtx = await browser.newContext();
  const memberPage = await memberCtx.newPage();
  await signIn(memberPage, member.email, member.password);

  const adminCtx = await browser.newContext();
  const page = await adminCtx.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  // The admin's own row offers neither a ban nor a role change.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(E2E_ADMIN.username);
  await search.press('Enter');
  const own = page.getByRole('row', { name: new RegExp(E2E_ADMIN.username) });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: /^Ban / })).toHaveCount(0);
  // No role change on one's own row (a seller rank may still be set: it grants nothing).
  await expect(own.getByRole('combobox', { name: `Role of ${E2E_ADMIN.username}` })).toHaveCount(0);

  // Search by username runs on Enter.
  await search.fill(member.username);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(member.username) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active')).toBeVisible();

  // Add credits: validation first.
  await row.getByRole('button', { name: `Add balance to ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  // Submitted empty: both required fields say so (issue 15 item 6).
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Amount').fill('0');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(dialog.getByText('Amount must be positive')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Amount').fill('150');
  await dialog.getByLabel('Currency').selectOption('credits');
  await dialog.getByLabel('Description').fill('Tournament prize');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page.getByText('Credits added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '150', exact: true })).toBeVisible();

  // Role change.
  await row.getByRole('combobox', { name: `Role of ${member.username}` }).selectOption('moderator');
  await expect(page.getByText('User role updated')).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of ${member.username}` })).toHaveValue('moderator');
  await row.getByRole('combobox', { name: `Role of ${member.username}` }).selectOption('user');
  await expect(row.getByRole('combobox', { name: `Role of ${member.username}` })).toHaveValue('user');

  // Ban, confirmed: the row leaves the list and shows under Show Banned Users.
  await row.getByRole('button', { name: `Ban ${member.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Ban user' });
  await confirm.getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText('User banned', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show Banned Users' }).click();
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();

  // The member's open session has ended.
  await memberPage.reload();
  await expect(
    memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Your profile' })).toHaveCount(0);

  // The audit log shows what happened.
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  for (const action of ['user.ban', 'user.role', 'user.grant']) {
    await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
  }

  // Unban restores the member.
  await page.goto('/admin/users');
  await page.getByRole('switch', { name: 'Show Banned Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
  await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  await page.getByRole('button', { name: `Unban ${member.username}` }).click();
  await page.getByRole('alertdialog', { name: 'Unban user' }).getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText('User unbanned', { exact: true })).toBeVisible();
  await memberCtx.close();
  await adminCtx.close();
});

test('a member is kept out of the users screen', async ({ page, request }) => {
  const member = await createUser(request, 'nosy');
  await signIn(page, member.email, member.password);
  await page.goto('/admin/users');
  // Spec §8 Other: non-staff see Access Denied in the admin area.
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
});

test('an admin gives a member a seller rank and clears it again', async ({ page, request }) => {
  const member = await createUser(request, 'ranked');
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/users');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(member.username);
  await search.press('Enter');
  const rank = page.getByRole('combobox', { name: `Rank of ${member.username}` });
  await expect(rank).toHaveValue('');
  await rank.selectOption({ label: 'Trusted Seller' });
  await expect(page.getByText('Rank updated', { exact: true })).toBeVisible();
  await page.reload();
  await search.fill(member.username);
  await search.press('Enter');
  await expect(rank.locator('option:checked')).toHaveText('Trusted Seller');
  await rank.selectOption({ label: 'No rank' });
  await expect(rank).toHaveValue('');
  await page.goto('/admin/audit-log');
  await expect(page.getByText('user.rank').first()).toBeVisible();
});
