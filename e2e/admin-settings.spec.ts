import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { loadAxe, ruleViolations, violationLine } from './support/axe.ts';
import { pageAs, signInAs } from './support/social.ts';
import { createModerator, createUser } from './support/users.ts';

const primaryOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cm-primary').trim());

/** WCAG contrast of white against an element's computed background colour. */
const contrastWithWhite = (el: Locator) =>
  el.evaluate((node) => {
    const [r, g, b] = (getComputedStyle(node).backgroundColor.match(/\d+/g) ?? []).map(Number);
    const lin = (c = 0) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 1.05 / (0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) + 0.05);
  });

test('an admin changes the theme colour and another visitor sees it live', async ({ browser }) => {
  const visitorCtx = await browser.newContext();
  const visitor = await visitorCtx.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const adminCtx = await browser.newContext();
  const page = await adminCtx.newPage();
  await signInAs(page, E2E_ADMIN, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site Settings' })).toBeVisible();

  const primary = page.getByLabel('Primary colour', { exact: true });
  await primary.fill('teal');
  await page.getByRole('button', { name: 'Save theme colours' }).click();
  await expect(page.getByText('Colour must be a hex colour like #6366F1')).toBeVisible();
  const colour = '#0EA5E9';
  await primary.fill(colour);
  await page.getByRole('button', { name: 'Save theme colours' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();
  await expect.poll(() => primaryOf(page)).toBe(colour);

  // The other visitor's page follows without a reload.
  await expect.poll(() => primaryOf(visitor), { timeout: 15_000 }).toBe(colour);
  // Sky blue is too light behind white text (2.8:1); the button is painted in the tone deepened just
  // enough, #0B7DB1 (4.58:1).
  const signUp = visitor.getByRole('link', { name: 'Sign up' }).first();
  await expect.poll(() => contrastWithWhite(signUp)).toBeCloseTo(4.58, 1);
  // And every colour rule holds with it, in both themes: fills, primary text, links within text.
  for (const path of ['/login', '/terms', '/register']) {
    await visitor.goto(path);
    await expect(visitor.locator('h1').first()).toBeVisible();
    await loadAxe(visitor);
    for (const theme of ['dark', 'light']) {
      await visitor.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
      await expect.poll(() => primaryOf(visitor)).toBe(colour);
      await visitor.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      const found = await ruleViolations(visitor, ['color-contrast', 'link-in-text-block']);
      expect(found.map((v) => `${path} ${theme}: ${violationLine(v)}`)).toEqual([]);
    }
  }

  // The fee refuses out-of-range values.
  const fee = page.getByLabel('Fee (%)', { exact: true });
  await fee.fill('60');
  await page.getByRole('button', { name: 'Save marketplace fee' }).click();
  await expect(page.getByText('Marketplace fee must be between 0 and 50')).toBeVisible();
  await fee.fill('8');
  await page.getByRole('button', { name: 'Save marketplace fee' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();

  // Put the defaults back for other specs.
  await fee.fill('5');
  await page.getByRole('button', { name: 'Save marketplace fee' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();
  await primary.fill('#6366F1');
  await page.getByRole('button', { name: 'Save theme colours' }).click();
  await expect.poll(() => primaryOf(page)).toBe('#6366F1');
  await visitorCtx.close();
  await adminCtx.close();
});

test('an admin sets the top-up terms; a member is offered the new ones', async ({
  page,
  browser,
  request,
}) => {
  await signInAs(page, E2E_ADMIN, '/admin/settings');
  const smallest = page.getByLabel('Smallest top-up (credits)');
  await expect(smallest).toHaveValue('500');
  await smallest.fill('2000000');
  await page.getByRole('button', { name: 'Save top-ups' }).click();
  await expect(
    page.getByText(
      'Top-up limits must be whole numbers from 1 to 100,000,000, the minimum not above the maximum',
    ),
  ).toBeVisible();
  await smallest.fill('800');
  await page.getByRole('button', { name: 'Save top-ups' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();

  // A member's Add credits dialog starts at the new smallest top-up.
  const member = await pageAs(browser, await createUser(request, 'terms'), '/wallet');
  await member.getByRole('button', { name: 'Add credits' }).click();
  const dialog = member.getByRole('dialog', { name: 'Add credits' });
  await expect(dialog.getByText('From 800 to 1,000,000 credits.')).toBeVisible();
  await expect(dialog.getByLabel('Credits', { exact: true })).toHaveValue('800');
  await member.context().close();

  // Put the default back.
  await smallest.fill('500');
  await page.getByRole('button', { name: 'Save top-ups' }).click();
  await expect(smallest).toHaveValue('500');
});

test('an admin sets the withdrawal terms: the reserve is refused out of range, then saved', async ({
  page,
}) => {
  await signInAs(page, E2E_ADMIN, '/admin/settings');
  const reserve = page.getByLabel('Reserve (days)');
  await expect(reserve).toHaveValue('7');
  await reserve.fill('91');
  await page.getByRole('button', { name: 'Save withdrawals' }).click();
  await expect(page.getByText('The reserve must be between 0 and 90 days')).toBeVisible();
  await reserve.fill('3');
  await page.getByRole('button', { name: 'Save withdrawals' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();
  await page.reload();
  await expect(reserve).toHaveValue('3');
  await reserve.fill('7');
  await page.getByRole('button', { name: 'Save withdrawals' }).click();
  await expect(page.getByText('Site settings saved')).toBeVisible();
});

test('a moderator sees Access Denied on the settings screen and no Settings menu item', async ({
  browser,
  request,
}) => {
  const mod = await createModerator(request);

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInAs(page, mod, '/admin/settings');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save theme colours' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }),
  ).toHaveCount(0);
  await ctx.close();
});
