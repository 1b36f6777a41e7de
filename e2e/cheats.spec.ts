import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('staff publish a cheat and change its status; members download it; the timeline shows every change', async ({
  page,
  browser,
  request,
}) => {
  // Staff, two members and a watcher's alerts across several pages: longer than the default budget.
  test.setTimeout(90_000);
  const title = `Warden ${randomUUID().slice(0, 6)}`;
  await signInAs(page, E2E_ADMIN);

  // Publish, with validation first.
  await page.goto('/cheats');
  await page.getByRole('button', { name: 'Publish Cheat' }).click();
  const form = page.getByRole('dialog', { name: 'Publish Cheat' });
  await form.getByRole('button', { name: 'Publish Cheat' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Game is required')).toBeVisible();
  await expect(form.getByText('Download link is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Game').fill('Counter-Strike 2');
  await form.getByLabel('Download link').fill('https://files.example.com/warden.zip');
  await form.getByLabel('Description').fill('External ESP.\nWorks on every map.');
  await form.getByRole('button', { name: 'Publish Cheat' }).click();
  await expect(page.getByText('Cheat published successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const cheatUrl = page.url();
  const timeline = page.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Published as Undetected');
  await expect(timeline).toContainText(E2E_ADMIN.username);

  // Change the status.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Cheat' });
  await expect(edit.getByLabel('Download link')).toHaveValue('https://files.example.com/warden.zip');
  await edit.getByLabel('Status').selectOption('detected');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Cheat updated successfully')).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText('Undetected to Detected');

  // The board shows it with its red Detected badge, and filters by status.
  await page.goto('/cheats');
  await page.getByRole('searchbox', { name: 'Search cheats' }).fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Detected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Undetected', exact: true }).click();
  await expect(page.getByText('No cheats found')).toBeVisible();
  await page.getByRole('button', { name: 'Detected', exact: true }).click();
  await expect(card).toBeVisible();

  // A visitor is asked to log in; a member downloads, counted once a day.
  const visitor = await browser.newPage();
  await visitor.goto(cheatUrl);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(visitor.getByText('You must be logged in to download cheats')).toBeVisible();

  const member = await createUser(request);
  await signInAs(visitor, member, cheatUrl);
  await expect(visitor.getByTestId('download-count')).toHaveText('0');
  await visitor.getByRole('button', { name: 'Download' }).click();
  await expect(visitor.getByRole('link', { name: 'Open download link' })).toHaveAttribute(
    'href',
    'https://files.example.com/warden.zip',
  );
  await expect(visitor.getByTestId('download-count')).toHaveText('1');
  await visitor.getByRole('button', { name: 'Download' }).click();
  await expect(visitor.getByTestId('download-count')).toHaveText('1');
  await expect(visitor.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await visitor.close();

  // Staff delete it after confirming.
  await page.goto(cheatUrl);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This action cannot be undone.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Cheat deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/cheats$/);
});

test('an unknown cheat says so', async ({ page }) => {
  await page.goto(`/cheats/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Cheat not found' })).toBeVisible();
});
