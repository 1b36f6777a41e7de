import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { createUser } from './support/users.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

test('a member starts a thread, replies, votes and deletes it', async ({ page, browser, request }) => {
  const title = `Best config ${randomUUID().slice(0, 6)}`;
  const author = await createUser(request, 'poster');
  await signIn(page, author.email, author.password);

  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: 'Forum', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /General Discussion/ }).click();
  await expect(page.getByRole('heading', { name: 'General Discussion', level: 1 })).toBeVisible();

  // New thread, with the spec's validation.
  await page.getByRole('button', { name: 'New Thread' }).click();
  const form = page.getByRole('dialog', { name: 'New Thread' });
  await form.getByLabel('Title').fill('abc');
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(form.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(form.getByText('Content is required')).toBeVisible();
  await form.getByLabel('Title').fill('x'.repeat(101));
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(form.getByText('Title must be less than 100 characters')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('See https://example.com/guide for details.\n<b>not bold</b>');
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(page.getByText('Thread created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const threadUrl = page.url();
  expect(threadUrl).toMatch(/\/forum\/post\/[0-9a-f-]{36}$/);

  // Text stays text; links are clickable and marked nofollow.
  const article = page.getByRole('article');
  await expect(article.getByText('<b>not bold</b>')).toBeVisible();
  const link = article.getByRole('link', { name: 'https://example.com/guide' });
  await expect(link).toHaveAttribute('href', 'https://example.com/guide');
  await expect(link).toHaveAttribute('rel', /nofollow noopener/);
  await expect(page.getByText('No replies yet')).toBeVisible();

  // Reply.
  await page.getByLabel('Your reply').fill('Thanks, that worked!');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByText('Reply posted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Replies' }).getByText('Thanks, that worked!')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  // Vote up, switch to down, remove.
  const score = page.getByRole('status', { name: 'Score' });
  await page.getByRole('button', { name: 'Upvote' }).click();
  await expect(page.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(score).toHaveText('1');
  await page.getByRole('button', { name: 'Downvote' }).click();
  await expect(score).toHaveText('-1');
  await expect(page.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Downvote' }).click();
  await expect(score).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Upvote' }).click();
  await expect(score).toHaveText('1');

  // Another member sees the vote count, can vote, but cannot delete.
  const other = await createUser(request, 'reader');
  const second = await browser.newPage();
  await signIn(second, other.email, other.password);
  await second.goto(threadUrl);
  await expect(second.getByRole('status', { name: 'Score' })).toHaveText('1');
  await expect(second.getByRole('button', { name: 'Delete thread' })).toHaveCount(0);
  await second.getByRole('button', { name: 'Upvote' }).click();
  await expect(second.getByRole('status', { name: 'Score' })).toHaveText('2');
  await second.close();

  // The category lists it first, with its reply count.
  await page.getByRole('link', { name: 'General Discussion' }).click();
  const first = page.getByRole('list', { name: 'Threads' }).getByRole('listitem').first();
  await expect(first).toContainText(title);
  await expect(first).toContainText('1 reply');

  // The author deletes it after confirming.
  await page.goto(threadUrl);
  await page.getByRole('button', { name: 'Delete thread' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Are you sure you want to delete this thread? This action cannot be undone.',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Thread deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General Discussion', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('visitors read the forum but are asked to log in to post', async ({ page }) => {
  await page.goto('/forum');
  await page.getByRole('link', { name: /Cheat Support/ }).click();
  await expect(page.getByRole('link', { name: 'Login to post' })).toBeVisible();
  await page.goto(`/forum/post/${randomUUID()}`);
  await expect(page.getByText('Thread not found')).toBeVisible();
});

test('an admin adds and deletes a forum category; members do not see the controls', async ({
  page,
  request,
}) => {
  const name = `Category ${randomUUID().slice(0, 6)}`;
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/forum');
  await page.getByRole('button', { name: 'New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Category' });
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Category name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Talk about new things');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: `Delete category ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  const member = await createUser(request, 'reader');
  await signIn(page, member.email, member.password);
  await page.goto('/forum');
  await expect(page.getByRole('link', { name: /General Discussion/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete category/ })).toHaveCount(0);
});
