import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { reviewMessages } from '../contract/messages/review.ts';
import { trustMessages as tm } from '../contract/messages/trust.ts';
import { siteSettingDefaults } from '../contract/site.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test("staff set a member's trust level on the Users screen, and the profile shows it", async ({
  page,
  request,
}) => {
  test.slow(); // admin screen, then the profile twice
  const member = await createUser(request, 'trustee', { level: null });
  await signInAs(page, E2E_ADMIN, '/admin/users');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(member.username);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(member.username) });
  await expect(row).toHaveCount(1);
  const level = row.getByRole('combobox', { name: `Trust level of ${member.username}` });
  // A fresh account: automatic, at New.
  await expect(level).toHaveValue('');
  await expect(level.locator('option:checked')).toHaveText('Automatic (New)');

  await level.selectOption('trusted');
  await expect(page.getByText(tm.levelSaved)).toBeVisible();
  await expect(level).toHaveValue('trusted');

  await page.goto(`/profile/${member.id}`);
  await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();
  const badge = page.getByRole('button', { name: 'Trusted' });
  await expect(badge).toBeVisible();
  // Its explanation opens from the keyboard as well as the pointer.
  await badge.focus();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Trust level: Trusted');
  await expect(tip).toContainText(tm.levelExplained.trusted);

  // Back to automatic: recomputed from the member's history (a new, unverified account: New).
  await page.goto('/admin/users');
  await search.fill(member.username);
  await search.press('Enter');
  await expect(row).toHaveCount(1);
  await level.selectOption('');
  await expect(page.getByText(tm.levelSaved).first()).toBeVisible();
  await expect(level.locator('option:checked')).toHaveText('Automatic (New)');
  await page.goto(`/profile/${member.id}`);
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
});

test('a new member trying to post a link is told why and what unlocks it', async ({ page, request }) => {
  test.slow(); // the editor's chunk on a busy machine
  const member = await createUser(request, 'linker', { level: 'new' });
  await signInAs(page, member, '/forum');
  await page.getByRole('link', { name: /General Discussion/ }).click();
  await page.getByRole('button', { name: 'New Thread' }).click();
  const form = page.getByRole('dialog', { name: 'New Thread' });
  const title = `My first links ${randomUUID().slice(0, 6)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('Get it from https://example.com/download today');
  await form.getByRole('button', { name: 'Post Thread' }).click();
  // A verified `new` member: links unlock at Member, and the message says what that takes.
  await expect(page.getByText(tm.links('new', 0, 'member', siteSettingDefaults.trust))).toBeVisible();
  // Nothing was posted: the form is still open with the text, and without the link it goes through, to the
  // review queue, as a new member's first posts do.
  await expect(form).toBeVisible();
  await form.getByLabel('Content').fill('Get it from the downloads page today');
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(page.getByText(reviewMessages.awaitingReview).first()).toBeVisible();
});
