import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { asUser, seedPosts, signInAs } from './support/social.ts';
import { banUser, createUser } from './support/users.ts';

test('my own profile: Edit Profile, my private balance and credits, tabs with my posts', async ({
  page,
  request,
}) => {
  const [me, other] = await Promise.all([createUser(request, 'owner'), createUser(request, 'liker')]);
  const text = `My profile post ${randomUUID().slice(0, 6)}`;
  const [postId] = await seedPosts(request, me, [text]);
  await asUser(request, other, () => request.put(`/api/v1/posts/${postId}/like`));

  await signInAs(page, me);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}$`));
  await expect(page.getByRole('heading', { name: me.username, level: 1 })).toBeVisible();
  await expect(page.getByText(/^Joined /)).toBeVisible();
  await expect(page.getByText('0 followers')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
  await expect(page.getByText('Main currency')).toBeVisible();
  await expect(page.getByText('Marketplace currency')).toBeVisible();
  // No role badge for a plain member.
  await expect(page.getByText('Moderator')).toHaveCount(0);

  await expect(page.getByRole('tab', { name: 'Forum Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No forum posts yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Social & Feedback' }).click();
  await expect(page.getByText('/ 5.0')).toBeVisible();
  await expect(page.getByText('No feedback yet')).toBeVisible();
  const posts = page.getByRole('list', { name: 'Social posts' });
  await expect(posts.getByText(text)).toBeVisible();
  await expect(posts.getByRole('listitem').filter({ hasText: text })).toContainText('1like');
});

test("another member's profile: no private cards; Follow, Unfollow and Message", async ({
  page,
  request,
}) => {
  const [me, them] = await Promise.all([createUser(request, 'visitor'), createUser(request, 'followed')]);
  await signInAs(page, me, `/profile/${them.id}`);
  await expect(page.getByRole('heading', { name: them.username, level: 1 })).toBeVisible();
  await expect(page.getByText('Main currency')).toHaveCount(0);
  await expect(page.getByText('Marketplace currency')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
    'href',
    `/messages/new?recipient=${them.id}`,
  );

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('Following user')).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText('Unfollowed user')).toBeVisible();
  await expect(page.getByText('0 followers')).toBeVisible();
  await page.getByRole('tab', { name: 'Social & Feedback' }).click();
  await expect(page.getByText('No posts yet')).toBeVisible();
});

test('visitors see the public profile only, and must sign in to follow', async ({ page, request }) => {
  const them = await createUser(request, 'public');
  await page.goto(`/profile/${them.id}`);
  await expect(page.getByRole('heading', { name: them.username, level: 1 })).toBeVisible();
  await expect(page.getByText('Main currency')).toHaveCount(0);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByText('You must be logged in to follow users')).toBeVisible();
});

test('staff see private cards; role and Banned badges show; unknown ids say Profile not found', async ({
  page,
  request,
}) => {
  const target = await createUser(request, 'banned');
  await banUser(request, target.id);
  await signInAs(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, `/profile/${target.id}`);
  await expect(page.getByRole('heading', { name: target.username, level: 1 })).toBeVisible();
  await expect(page.getByText('Banned', { exact: true })).toBeVisible();
  await expect(page.getByText('Main currency')).toBeVisible();

  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: E2E_ADMIN.username, level: 1 })).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();

  await page.goto(`/profile/${randomUUID()}`);
  await expect(page.getByText('Profile not found')).toBeVisible();
  await page.goto('/profile/not-an-id');
  await expect(page.getByText('Profile not found')).toBeVisible();
});

test("the Forum Posts tab lists the member's threads with category, date and votes", async ({
  page,
  request,
}) => {
  const [author, voter] = await Promise.all([createUser(request, 'forumist'), createUser(request, 'voter')]);
  const title = `Best settings for aim ${randomUUID().slice(0, 6)}`;
  const threadId = await asUser(request, author, async () => {
    const categories = await (await request.get('/api/v1/forum/categories')).json();
    const category = categories.items[0];
    const res = await request.post('/api/v1/forum/threads', {
      data: { categoryId: category.id, title, content: 'What sensitivity do you all use?' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  });
  await asUser(request, voter, () =>
    request.put(`/api/v1/forum/threads/${threadId}/vote`, { data: { value: 1 } }),
  );

  await page.goto(`/profile/${author.id}`);
  const link = page.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', `/forum/post/${threadId}`);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Upvotes: 1');
  await expect(card).toContainText('Downvotes: 0');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/forum/post/${threadId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
