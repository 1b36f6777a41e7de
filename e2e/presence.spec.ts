import { expect, test } from '@playwright/test';
import { pageAs, signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('home page: the online column lists both signed-in members once each, live, with a count', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createUser(request, 'ann'), createUser(request, 'ben')]);
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

test('a member who turns off "Show me in the online list" leaves everyone\'s list; a visitor is asked to sign in', async ({
  browser,
  request,
}) => {
  const [cal, dee] = await Promise.all([createUser(request, 'cal'), createUser(request, 'dee')]);
  const deePage = await pageAs(browser, dee, '/');
  const list = deePage
    .getByRole('complementary', { name: 'Online users' })
    .getByRole('list', { name: 'Online users list' });

  const calPage = await pageAs(browser, cal, '/profile/settings');
  await expect(list.getByRole('link', { name: cal.username })).toHaveCount(1);

  const show = calPage.getByRole('switch', { name: 'Show me in the online list' });
  await expect(show).toHaveAttribute('aria-checked', 'true');
  await show.click();
  await calPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(calPage.getByText('Settings saved successfully')).toBeVisible();
  // Dee's list drops Cal live, though Cal is still on the site.
  await expect(list.getByRole('link', { name: cal.username })).toHaveCount(0);
  await expect(list.getByRole('link', { name: dee.username })).toHaveCount(1);
  await calPage.reload();
  await expect(show).toHaveAttribute('aria-checked', 'false');

  // A visitor gets no list at all.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const column = visitor.getByRole('complementary', { name: 'Online users' });
  await expect(column.getByText("Sign in to see who's online")).toBeVisible();
  await expect(column.getByRole('list')).toHaveCount(0);
  await expect(column.getByRole('link', { name: dee.username })).toHaveCount(0);

  await Promise.all([deePage, calPage, visitor].map((p) => p.context().close()));
});
