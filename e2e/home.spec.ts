import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seedPosts } from './support/social.ts';
import { createUser } from './support/users.ts';

test('the home page shows the real counts and the 5 latest posts, each linking to the feed', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'homie');
  const tag = randomUUID().slice(0, 6);
  const long = `Latest ${tag} ${'very long words '.repeat(40)}`;
  const ids = await seedPosts(
    request,
    author,
    Array.from({ length: 5 }, (_, i) => (i === 4 ? long : `Older ${tag} [${i}]`)),
  );
  const stats = await (await request.get('/api/v1/stats')).json();

  await page.goto('/');
  const statsSection = page.getByRole('region', { name: 'Community stats' });
  for (const [label, value] of [
    ['Members', stats.members],
    ['Posts', stats.posts],
    ['Downloads', 0],
  ] as const) {
    await expect(statsSection.locator('> *').filter({ hasText: label })).toHaveText(`${value}${label}`);
  }
  expect(stats.members).toBeGreaterThanOrEqual(2);
  expect(stats.posts).toBeGreaterThanOrEqual(5);

  const latest = page.getByRole('list', { name: 'Latest posts' });
  await expect(latest.getByRole('listitem')).toHaveCount(5);
  const first = latest.getByRole('link').first();
  await expect(first).toContainText(author.username);
  await expect(first).toContainText(`Latest ${tag}`);
  // The excerpt is clamped to two lines.
  const excerpt = first.locator('p.line-clamp-2');
  const box = await excerpt.boundingBox();
  const lineHeight = await excerpt.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect(box!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
  await expect(latest.getByText(`Older ${tag} [0]`)).toBeVisible();

  await first.click();
  await expect(page).toHaveURL(new RegExp(`/posts#post-${ids[4]}$`));
  await expect(page.getByRole('heading', { name: 'Community Posts', level: 1 })).toBeVisible();

  // A new member and a new post move the counts.
  await createUser(request, 'counted');
  await seedPosts(request, author, [`Counted ${tag}`]);
  await page.goto('/');
  await expect(statsSection.locator('> *').filter({ hasText: 'Members' })).toHaveText(
    `${stats.members + 1}Members`,
  );
  await expect(latest.getByRole('listitem').first()).toContainText(`Counted ${tag}`);
});
