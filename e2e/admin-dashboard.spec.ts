import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('the dashboard shows the cards, latest posts and reports overview, and refreshes', async ({
  page,
  request,
}) => {
  await signInAs(page, E2E_ADMIN, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  for (const label of ['Total Users', 'Total Posts', 'Active Cheats', 'Total Downloads']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports Overview' })).toBeVisible();

  // A new member shows after Refresh.
  const usersCard = page.getByRole('group', { name: 'Total Users' });
  const before = Number(((await usersCard.locator('p.text-3xl').textContent()) ?? '').replace(/\D/g, ''));
  await createUser(request, 'dash');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(usersCard.locator('p.text-3xl')).toHaveText(String(before + 1));
  await expect(usersCard.getByText(/new today/)).toBeVisible();
});

test('the dashboard charts sign-ups, posts and sales over 30 days, with a table alternative', async ({
  page,
  request,
}) => {
  await createUser(request, 'chart');
  await signInAs(page, E2E_ADMIN, '/admin');
  await expect(page.getByRole('heading', { name: 'Last 30 Days' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Last 30 days: \d+ sign-ups, \d+ posts, \d+ sales\.$/ });
  await expect(chart).toBeVisible();
  const signups = Number((await chart.getAttribute('aria-label'))?.match(/(\d+) sign-ups/)?.[1]);
  expect(signups).toBeGreaterThanOrEqual(1);

  await page.getByText('Show as table').click();
  const table = page.getByRole('table', { name: /Sign-ups, posts and sales per day/ });
  await expect(table).toBeVisible();
  // A header row and one row per day, newest first.
  await expect(table.getByRole('row')).toHaveCount(31);
  const today = table.getByRole('row').nth(1);
  expect(Number(await today.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
});

test('the animation overlay draws on a canvas that never blocks clicks, and not for reduced motion', async ({
  browser,
  request,
}) => {
  const setAnimations = async (value: { enabled: boolean; type: string }) => {
    await request.post('/api/auth/sign-in/email', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    const res = await request.put('/api/v1/admin/site-settings/animations', { data: value });
    expect(res.status(), await res.text()).toBe(200);
    await request.post('/api/auth/sign-out', { data: {} });
  };
  await setAnimations({ enabled: true, type: 'sparkles' });
  try {
    // The suite asks for reduced motion everywhere (playwright.config.ts); this browser does not.
    const page = await (await browser.newContext({ reducedMotion: 'no-preference' })).newPage();
    await page.goto('/');
    const canvas = page.locator('canvas[data-animation="sparkles"]');
    await expect(canvas).toBeAttached();
    await expect(canvas).toHaveCSS('pointer-events', 'none');
    await expect(canvas).toHaveAttribute('aria-hidden', 'true');
    // Clicks go through to the page under it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const calm = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
    await calm.goto('/');
    await expect(calm.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(calm.locator('canvas[data-animation]')).toHaveCount(0);
  } finally {
    await setAnimations({ enabled: false, type: 'snow' });
  }
});
