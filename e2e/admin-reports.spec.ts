import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, seedPosts, signInAs } from './support/social.ts';
import { createModerator, createUser, type E2EUser } from './support/users.ts';

// Several browsers and sign-ins per test: room for a loaded machine (2 cores shared by many runs).
test.describe.configure({ timeout: 90_000 });

/** A member posts something and another member reports it, both through the API. */
async function reportedPost(request: APIRequestContext, text: string, reason: string) {
  const [author, reporter] = await Promise.all([
    createUser(request, 'author'),
    createUser(request, 'reporter'),
  ]);
  const [postId] = await seedPosts(request, author, [text]);
  const reportId = await asUser(request, reporter, async () => {
    const res = await request.post('/api/v1/reports', {
      data: { target: { type: 'post', id: postId }, reason },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  });
  return { author, reporter, postId: postId!, reportId };
}

async function openReports(browser: Browser, who: Pick<E2EUser, 'email' | 'password'>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who, '/admin/reports');
  await expect(page.getByRole('heading', { name: 'Manage Reports' })).toBeVisible({ timeout: 20_000 });
  return page;
}

const rowOf = (page: Page, reportId: string) =>
  page.getByRole('row').filter({ hasText: `#${reportId.slice(0, 8)}` });

test('a moderator resolves a report by Delete Content: the post is gone and the report moves to Resolved', async ({
  browser,
  request,
}) => {
  const text = `Shady coins ${Date.now()}`;
  const { author, reporter, reportId } = await reportedPost(request, text, 'Spam link');
  const mod = await createModerator(request);
  const page = await openReports(browser, mod);

  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  const row = rowOf(page, reportId);
  await expect(row).toBeVisible();
  await expect(row.getByText('Spam link')).toBeVisible();
  await expect(row.getByRole('link', { name: reporter.username })).toBeVisible();
  await expect(row.getByRole('link', { name: text })).toHaveAttribute('href', /\/posts#post-/);
  await expect(row.getByRole('link', { name: author.username })).toBeVisible();
  // Ban User is for admins only.
  await expect(row.getByRole('button', { name: /^Ban / })).toHaveCount(0);

  await row.getByRole('button', { name: `Delete content of report ${reportId.slice(0, 8)}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete content' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete Content' }).click();
  await expect(page.getByText('Content deleted and report resolved', { exact: true })).toBeVisible();
  await expect(rowOf(page, reportId)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Resolved' }).click();
  const resolved = rowOf(page, reportId);
  await expect(resolved.getByText('Content deleted')).toBeVisible();
  await expect(resolved.getByText(`Resolved by ${mod.username}`)).toBeVisible();

  // The post is gone from the feed.
  await page.goto('/posts');
  await expect(page.getByText(text)).toHaveCount(0);
});

test('Resolve and Dismiss move reports between the tabs', async ({ browser, request }) => {
  const a = await reportedPost(request, `Resolve me ${Date.now()}`, 'Rude');
  const b = await reportedPost(request, `Dismiss me ${Date.now()}`, 'Not really bad');
  const page = await openReports(browser, E2E_ADMIN);

  await rowOf(page, a.reportId)
    .getByRole('button', { name: /^Resolve report/ })
    .click();
  await expect(page.getByText('Report resolved', { exact: true })).toBeVisible();
  await rowOf(page, b.reportId)
    .getByRole('button', { name: /^Dismiss report/ })
    .click();
  await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
  await expect(rowOf(page, a.reportId)).toHaveCount(0);
  await expect(rowOf(page, b.reportId)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Dismissed' }).click();
  await expect(rowOf(page, b.reportId).getByText('Dismissed', { exact: true }).first()).toBeVisible();
  await expect(rowOf(page, a.reportId)).toHaveCount(0);
  await page.getByRole('tab', { name: 'All Reports' }).click();
  await expect(rowOf(page, a.reportId)).toBeVisible();
  await expect(rowOf(page, b.reportId)).toBeVisible();
});

test('an admin bans the author from a report, which signs the author out', async ({ browser, request }) => {
  const { author, reportId } = await reportedPost(request, `Ban my author ${Date.now()}`, 'Scammer');
  const authorPage = await (await browser.newContext()).newPage();
  await signInAs(authorPage, author);

  const page = await openReports(browser, E2E_ADMIN);
  await rowOf(page, reportId)
    .getByRole('button', { name: `Ban ${author.username}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Ban user' });
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(page.getByText('User banned', { exact: true })).toBeVisible();

  // The author's open tab is signed out at once (live), and can no longer sign in.
  await expect(authorPage.getByRole('link', { name: 'Your profile' })).toHaveCount(0, { timeout: 15_000 });
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: author.email, password: author.password },
  });
  expect(res.status()).not.toBe(200);
});
