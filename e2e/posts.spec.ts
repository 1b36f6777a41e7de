import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seedPosts, signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

const postCard = (page: Page, text: string) => page.locator('article').filter({ hasText: text });

test('visitors see the title and a sign-in prompt instead of posts', async ({ page }) => {
  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'Community Posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to see posts' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'New post' })).toHaveCount(0);
  await expect(page.locator('article')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a member posts, likes, comments, deletes a comment and deletes the post', async ({ page, request }) => {
  const me = await createUser(request, 'poster');
  await signInAs(page, me, '/posts');

  const form = page.getByRole('form', { name: 'New post' });
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(form.getByText('Content is required')).toBeVisible();
  const text = `Hello <b>world</b> ${randomUUID().slice(0, 6)}`;
  await form.getByLabel("What's on your mind?").fill(text);
  await form.getByLabel('Image URL (optional)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(form.getByText('Image URL must start with http:// or https://')).toBeVisible();
  await form.getByLabel('Image URL (optional)').fill('https://invalid.example/missing.png');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
  await expect(form.getByLabel("What's on your mind?")).toHaveValue('');

  // Content is shown as text (no HTML), an image we do not host is a link that loads nothing (decision 023),
  // and there is no follow on my post.
  const post = postCard(page, text);
  await expect(post.getByText(text, { exact: true })).toBeVisible();
  await expect(post.locator('b')).toHaveCount(0);
  await expect(
    post.getByRole('link', { name: 'Image: https://invalid.example/missing.png' }),
  ).toHaveAttribute('href', 'https://invalid.example/missing.png');
  await expect(post.locator('img[src="https://invalid.example/missing.png"]')).toHaveCount(0);
  await expect(post.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  // Like, and it survives a reload; unlike back to 0.
  await post.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(post.getByRole('button', { name: 'Unlike (1 likes)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(postCard(page, text).getByRole('button', { name: 'Unlike (1 likes)' })).toBeVisible();
  await postCard(page, text).getByRole('button', { name: 'Unlike (1 likes)' }).click();
  await expect(postCard(page, text).getByRole('button', { name: 'Like (0 likes)' })).toBeVisible();

  // Comments: empty, validation, add two (oldest first), delete one after confirming.
  const card = postCard(page, text);
  await card.getByRole('button', { name: 'Comments (0)' }).click();
  await expect(card.getByText('No comments yet')).toBeVisible();
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(card.getByText('Comment cannot be empty')).toBeVisible();
  await card.getByLabel('Write a comment').fill('First!');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(card.getByRole('list', { name: 'Comments' }).getByText('First!')).toBeVisible();
  await card.getByLabel('Write a comment').fill('Second');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  const comments = card.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  await expect(comments).toHaveCount(2);
  await expect(comments.nth(0)).toContainText('First!');
  await expect(comments.nth(1)).toContainText('Second');
  await expect(card.getByRole('button', { name: 'Comments (2)' })).toBeVisible();
  await comments.nth(0).getByRole('button', { name: 'Delete comment' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete comment?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted successfully')).toBeVisible();
  await expect(comments).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Comments (1)' })).toBeVisible();

  // Delete the post: cancel first, then confirm.
  await card.getByRole('button', { name: 'Delete post' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete post?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(postCard(page, text)).toHaveCount(1);
  await card.getByRole('button', { name: 'Delete post' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete post?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('form', { name: 'New post' })).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
});

test('following an author fills the Following tab; unfollowing empties it', async ({ page, request }) => {
  const [author, reader] = await Promise.all([createUser(request, 'author'), createUser(request, 'reader')]);
  const text = `Author news ${randomUUID().slice(0, 6)}`;
  await seedPosts(request, author, [text]);
  await signInAs(page, reader, '/posts');

  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByText('No posts from people you follow')).toBeVisible();
  await page.getByRole('tab', { name: 'For You' }).click();
  const post = postCard(page, text);
  await post.getByRole('button', { name: `Follow ${author.username}` }).click();
  await expect(page.getByText('Following user')).toBeVisible();
  await expect(post.getByRole('button', { name: `Unfollow ${author.username}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, text)).toBeVisible();
  await expect(page.locator('article')).toHaveCount(1);
  await postCard(page, text)
    .getByRole('button', { name: `Unfollow ${author.username}` })
    .click();
  await expect(page.getByText('Unfollowed user')).toBeVisible();
  await expect(page.getByText('No posts from people you follow')).toBeVisible();

  // The author's name links to their profile.
  await page.getByRole('tab', { name: 'For You' }).click();
  await postCard(page, text).getByRole('link', { name: author.username }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${author.id}$`));
});

test('the feed loads more posts as the member scrolls, and Share copies the link', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [author, reader] = await Promise.all([
    createUser(request, 'prolific'),
    createUser(request, 'scroller'),
  ]);
  const tag = randomUUID().slice(0, 6);
  const ids = await seedPosts(
    request,
    author,
    Array.from({ length: 25 }, (_, i) => `Scroll ${tag} [${i + 1}]`),
  );
  await signInAs(page, reader, '/posts');
  await postCard(page, `Scroll ${tag} [25]`)
    .getByRole('button', { name: `Follow ${author.username}` })
    .click();
  await expect(page.getByText('Following user')).toBeVisible();
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.locator('article')).toHaveCount(20);
  await page.locator('article').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect(page.locator('article')).toHaveCount(25);
  await expect(postCard(page, `Scroll ${tag} [1]`)).toBeVisible();

  await postCard(page, `Scroll ${tag} [1]`).getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/posts#post-${ids[0]}$`));
});

test('the For You tab says so when there are no posts at all', async ({ page, request }) => {
  const me = await createUser(request, 'lonely');
  await signInAs(page, me);
  // The shared database has posts from other tests; answer this one page as an empty community would.
  await page.route('**/api/v1/posts?tab=for-you', (route) =>
    route.fulfill({ json: { items: [], nextCursor: null } }),
  );
  await page.goto('/posts');
  await expect(page.getByText('No posts yet')).toBeVisible();
});
