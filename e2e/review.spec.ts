import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { loadAxe, seriousViolations } from './support/axe.ts';
import { pageAs, signInAs } from './support/social.ts';
import { createModerator, createUser } from './support/users.ts';

// Two browsers and several sign-ins per test: room for a loaded machine (2 cores shared by many runs).
test.describe.configure({ timeout: 90_000 });

const AWAITING = 'Your post is awaiting review by staff';

/** Serious or critical axe violations on the page as it is (a11y.spec.ts scans every screen the same way). */
async function axeProblems(page: Page) {
  await loadAxe(page);
  return (await seriousViolations(page)).map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

async function openReview(page: Page) {
  await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
}

test("a new member's first thread waits for staff, and appears in the forum once a moderator approves it", async ({
  page,
  browser,
  request,
}) => {
  // A `new` member (verified, level set by staff as sign-up leaves it): their first posts wait for staff.
  const author = await createUser(request, 'newbie', { level: 'new' });
  const moderator = await createModerator(request);
  const title = `Hello from a newcomer ${randomUUID().slice(0, 6)}`;

  await signInAs(page, author, '/forum');
  await page.getByRole('link', { name: /General Discussion/ }).click();
  await expect(page.getByRole('heading', { name: 'General Discussion', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Thread' }).click();
  const form = page.getByRole('dialog', { name: 'New Thread' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('Glad to be here. <b>Plain text</b>');
  // A first post proves it is no bot: the browser solves the site's challenge (its real cost, one digest per
  // await) and sends the thread again with the answer. That took more than the 10 s an expectation waits on a
  // loaded machine, so the wait is for the answered request itself, then for what it shows.
  const answered = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/forum/threads') && !!r.headers()['x-altcha'],
  );
  await form.getByRole('button', { name: 'Post Thread' }).click();
  await answered;
  await expect(page.getByText(AWAITING, { exact: true }).first()).toBeVisible();
  await expect(form).toBeHidden();

  // Only the author sees it, marked as awaiting review; it is not in the category's threads.
  const mine = page.getByRole('list', { name: 'Your threads awaiting review' });
  await expect(mine.getByText(title)).toBeVisible();
  await expect(mine.getByText('Awaiting review', { exact: true })).toBeVisible();
  await expect(mine.getByText('Glad to be here. <b>Plain text</b>')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Threads' }).getByRole('link', { name: title })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  // A moderator finds it in the Review queue, with who sent it and why.
  const staff = await pageAs(browser, moderator, '/admin');
  const nav = staff.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: /^Review/ })).toBeVisible();
  await expect(nav.getByRole('img', { name: /waiting$/ })).toBeVisible();
  await nav.getByRole('link', { name: /^Review/ }).click();
  await openReview(staff);
  const card = staff.getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: author.username })).toBeVisible();
  await expect(card.getByText("New member's first posts")).toBeVisible();
  await expect(card.getByText('joined today')).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('Glad to be here. <b>Plain text</b>')).toBeVisible();
  expect(await axeProblems(staff)).toEqual([]);
  await card.getByRole('button', { name: `Approve forum thread by ${author.username}` }).click();
  await expect(staff.getByText('Approved: the post is published', { exact: true })).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await staff.getByRole('tab', { name: 'Approved' }).click();
  await expect(
    staff
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByText(/Approved by/),
  ).toBeVisible();

  // Published through the normal path: it is in the forum, and the awaiting card is gone.
  await page.reload();
  const thread = page.getByRole('list', { name: 'Threads' }).getByRole('link', { name: title });
  await expect(thread).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your threads awaiting review' })).toHaveCount(0);
  await thread.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await staff.context().close();
});

test("a held post is rejected with a reason from the queue's dialog, on a phone", async ({
  page,
  browser,
  request,
}) => {
  const author = await createUser(request, 'newbie', { level: 'new' });
  const moderator = await createModerator(request);
  const text = `Cheap boosting, message me ${randomUUID().slice(0, 6)}`;

  await signInAs(page, author, '/posts');
  await page.getByLabel("What's on your mind?").fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('form', { name: 'New post' }).getByRole('status')).toContainText(AWAITING);
  await expect(page.getByRole('list', { name: 'Your posts awaiting review' }).getByText(text)).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await signInAs(staff, moderator, '/admin/review');
  await openReview(staff);
  const card = staff.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  // Nothing runs off the side of a phone's screen.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: `Reject post by ${author.username}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject' });
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Advertising is not allowed');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(staff.getByText('Rejected: the author was told why', { exact: true })).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
  await staff.getByRole('tab', { name: 'Rejected' }).click();
  await expect(
    staff
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByText(/Advertising is not allowed/),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Your posts awaiting review' })).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(0);
  await context.close();
});
