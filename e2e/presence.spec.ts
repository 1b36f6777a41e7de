import { expect, test } from '@playwright/test';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('home page: the online column lists both signed-in members once each, live, with a count', async ({
  browser,
  request,
}) => {
  const ann = await createUser(request, 'ann');
  const ben = await createUser(request, 'ben');
  const annContext = await browser.newContext();
  const benContext = await browser.newContext();
  const a = await annContext.newPage();
  const b = await benContext.newPage();
  await signInAs(a, ann, '/');
  const online = a.getByRole('complementary', { name: 'Online users' });
  const list = online.getByRole('list', { name: 'Online users list' });
  await expect(list.getByRole('link', { name: ann.username })).toHaveAttribute('href', `/profile/${ann.id}`);
  await expect(list.getByRole('link', { name: ben.username })).toHaveCount(0);

  // Ben signs in (two tabs): he appears once, live, and the count follows.
  await signInAs(b, ben);
  const second = await benContext.newPage();
  await second.goto('/posts');
  await expect(list.getByRole('link', { name: ben.username })).toHaveCount(1);
  const shown = await list.getByRole('link').count();
  await expect(online.getByText(`${shown} online`)).toBeVisible();

  // Ben leaves entirely: he disappears.
  await benContext.close();
  await expect(list.getByRole('link', { name: ben.username })).toHaveCount(0);
  await annContext.close();
});
