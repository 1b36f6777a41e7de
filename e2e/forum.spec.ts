import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, signInAs } from './support/social.ts';
import { createModerator, createUser, type E2EUser } from './support/users.ts';

test('a member starts a thread, replies, votes and deletes it', async ({ page, browser, request }) => {
  test.slow(); // two accounts, a dozen steps, and the editor's chunk loaded twice: past 30 s on a busy machine
  const title = `Best config ${randomUUID().slice(0, 6)}`;
  const author = await createUser(request, 'poster');
  await signInAs(page, author, '/forum');
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
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(link).toHaveAttribute('target', '_blank');
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
  await signInAs(second, other, threadUrl);
  await expect(second.getByRole('status', { name: 'Score' })).toHaveText('1');
  await expect(second.getByRole('button', { name: 'Delete thread' })).toHaveCount(0);
  await second.getByRole('button', { name: 'Upvote' }).click();
  await expect(second.getByRole('status', { name: 'Score' })).toHaveText('2');
  await second.close();

  // The category lists it with its reply count. (Not "first": other specs start threads in this category at
  // the same time, and a newer one goes above it; the order is tested in server/modules/forum/forum.test.ts.)
  await page.getByRole('link', { name: 'General Discussion' }).click();
  const listed = page.getByRole('list', { name: 'Threads' }).getByRole('listitem').filter({ hasText: title });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('1 reply');

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
  await signInAs(page, E2E_ADMIN, '/forum');
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
  await signInAs(page, member, '/forum');
  await expect(page.getByRole('link', { name: /General Discussion/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete category/ })).toHaveCount(0);
});

/** A thread made through the API by `user` in General Discussion; its id. */
async function seedThread(request: APIRequestContext, user: E2EUser, title: string, content = 'Body text') {
  return asUser(request, user, async () => {
    const categories = (await (await request.get('/api/v1/forum/categories')).json()).items as {
      id: string;
      name: string;
    }[];
    const categoryId = categories.find((c) => c.name === 'General Discussion')!.id;
    const res = await request.post('/api/v1/forum/threads', { data: { categoryId, title, content } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  });
}

const CODE = 'int main() {\n  return 0; // <b>kept</b>\n}';

test('a thread with a code block, a table and a quote is rendered; preview, copy and edit', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // two dialogs, a preview round trip, an edit: many page updates on a shared machine
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = `Config dump ${randomUUID().slice(0, 6)}`;
  const author = await createUser(request, 'md');
  await signInAs(page, author, '/forum');
  await page.getByRole('link', { name: /General Discussion/ }).click();
  await page.getByRole('button', { name: 'New Thread' }).click();
  const form = page.getByRole('dialog', { name: 'New Thread' });
  await form.getByLabel('Title').fill(title);
  const content = form.getByLabel('Content');
  // The toolbar wraps the selection.
  await content.fill('make this bold');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, el.value.length));
  await form.getByRole('button', { name: 'Bold' }).click();
  await expect(content).toHaveValue('**make this bold**');
  await content.fill(
    [
      '> Quoted from the patch notes',
      '',
      '| Setting | Value |',
      '|---|--:|',
      '| FOV | 90 |',
      '',
      '```cpp',
      CODE,
      '```',
    ].join('\n'),
  );

  // Preview renders through the server, as it will be stored.
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(form.getByRole('table')).toContainText('FOV');
  await expect(form.getByText('cpp', { exact: true })).toBeVisible();
  await form.getByRole('tab', { name: 'Write' }).click();
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  const article = page.getByRole('article');
  await expect(article.getByRole('table')).toContainText('Setting');
  await expect(article.getByRole('cell', { name: '90' })).toBeVisible();
  await expect(article.locator('blockquote')).toHaveText('Quoted from the patch notes');
  await expect(article.getByText('cpp', { exact: true })).toBeVisible();
  await expect(article.getByText('return', { exact: true })).toHaveClass(/hljs-keyword/);
  await expect(article.getByText('// <b>kept</b>')).toBeVisible();
  await article.getByRole('button', { name: 'Copy code' }).click();
  await expect(article.getByRole('button', { name: 'Copy code' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${CODE}\n`);

  // The author edits: re-rendered, marked edited.
  await expect(page.getByText('(edited')).toHaveCount(0);
  await article.getByRole('button', { name: 'Edit' }).click();
  await article.getByLabel('Content').fill('Now with ~~less~~ **more**');
  await article.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(article.locator('strong', { hasText: 'more' })).toBeVisible();
  await expect(article.getByText('(edited')).toBeVisible();
});

test('a moderator pins and locks a thread; the member then sees it is locked', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // three accounts made, two signing in, four page loads
  const title = `Ban wave ${randomUUID().slice(0, 6)}`;
  const member = await createUser(request, 'locked');
  const moderator = await createModerator(request);
  const threadId = await seedThread(request, member, title);

  await signInAs(page, moderator, `/forum/post/${threadId}`);
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByText('Thread pinned')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByText('Thread locked')).toBeVisible();
  await expect(page.getByRole('article').getByText('Locked', { exact: true })).toBeVisible();

  // Pinned first in its category, ahead of newer threads.
  await seedThread(request, member, `Newer ${randomUUID().slice(0, 6)}`);
  await page.goto('/forum');
  await page.getByRole('link', { name: /General Discussion/ }).click();
  const first = page.getByRole('list', { name: 'Threads' }).getByRole('listitem').first();
  await expect(first).toContainText(title);
  await expect(first).toContainText('Pinned');

  const memberPage = await browser.newPage();
  await signInAs(memberPage, member, `/forum/post/${threadId}`);
  await expect(memberPage.getByText('This thread is locked')).toBeVisible();
  await expect(memberPage.getByLabel('Your reply')).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Lock', exact: true })).toHaveCount(0);
  await memberPage.close();
});

test('the home page lists the latest threads and global search finds a thread', async ({ page, request }) => {
  const tag = `thr${randomUUID().slice(0, 6)}`;
  const member = await createUser(request, 'latest');
  const threadId = await seedThread(request, member, `${tag} loader guide`, 'How to set it up');
  await page.goto('/');
  const latest = page.getByRole('list', { name: 'Latest threads' });
  await expect(latest.getByRole('link', { name: new RegExp(`${tag} loader guide`) })).toContainText(
    'General Discussion',
  );

  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(tag);
  const threads = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('group', { name: 'Threads' });
  await threads.getByRole('option', { name: new RegExp(`${tag} loader guide`) }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/post/${threadId}$`));
  await expect(page.getByRole('heading', { name: `${tag} loader guide`, level: 1 })).toBeVisible();
});
