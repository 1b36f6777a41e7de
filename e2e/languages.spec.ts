import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { localeNames, locales } from '../contract/i18n/locales.ts';
import { loadAxe, seriousViolations, settle } from './support/axe.ts';
import { navigateInApp } from './support/navigate.ts';
import { signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

/**
 * The site in another language (issue 41): a visitor picks it in the top bar's menu, a member in Settings
 * (saved to the account). It applies without a reload, survives one, reaches the API's error messages and the
 * dates, and English comes back word for word.
 */
const ru: Record<string, string> = JSON.parse(
  readFileSync(new URL('../contract/i18n/catalogues/ru.json', import.meta.url), 'utf8'),
);
/** A text as the Russian catalogue has it. */
function inRu(key: string): string {
  const text = ru[key];
  if (!text) throw new Error(`ru.json has no ${key}`);
  return text;
}

let member: E2EUser;
test.beforeAll(async ({ request }) => {
  member = await createUser(request, 'lang');
  // A post, so the home page shows a date.
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.status()).toBe(200);
  expect(
    (await request.post('/api/v1/posts', { data: { content: 'Привет, languages spec' } })).status(),
  ).toBe(201);
  await request.post('/api/auth/sign-out', { data: {} });
});

/** Opens the top bar's language menu (by keyboard) and picks `name`. */
async function pickInMenu(page: Page, menuLabel: string, name: string) {
  const button = page.getByRole('button', { name: menuLabel, exact: true });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: menuLabel });
  await expect(menu).toBeVisible();
  // The menu opens with the focus on the active language; arrows move it to `name`, Enter chooses it.
  await expect(menu.getByRole('menuitemradio', { checked: true })).toBeFocused();
  const item = menu.getByRole('menuitemradio', { name, exact: true });
  for (let i = 0; i < locales.length && !(await item.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
}

const html = (page: Page) => page.locator('html');

test('the menu lists every language in its own name, checked on the active one; Escape closes it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Language', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Language' });
  const items = menu.getByRole('menuitemradio');
  await expect(items).toHaveText(locales.map((l) => localeNames[l]));
  for (const [i, l] of locales.entries()) {
    await expect(items.nth(i)).toHaveAttribute('lang', l);
    await expect(items.nth(i)).toHaveAttribute('aria-checked', l === 'en' ? 'true' : 'false');
  }
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Language', exact: true })).toBeFocused();
});

test('a visitor switches to Russian without a reload: texts, <html lang>, dates and API errors follow; English comes back', async ({
  page,
}) => {
  await page.goto('/marketplace');
  const search = page.getByRole('searchbox', { name: 'Search listings' });
  // The search's own answer, waited for: on an empty marketplace "No listings found" shows before the debounced
  // search is even sent, and a search sent late was once counted below as a read after the switch.
  const searched = page.waitForResponse((r) => r.url().includes('q=zzz-no-such-listing-languages'));
  await search.fill('zzz-no-such-listing-languages');
  await searched;
  await expect(page.getByText('No listings found')).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en');
  // Back to the unfiltered list (its answer is cached from the page's first load).
  await search.fill('');
  await page.waitForLoadState('networkidle');
  let loads = 0;
  page.on('load', () => loads++);
  const apiReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiReads.push(r.url());
  });

  await pickInMenu(page, 'Language', 'Русский');
  await expect(html(page)).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('button', { name: inRu('languageMessages.menu'), exact: true })).toBeFocused();
  // No reload, and the page's data was not asked for again (the page remounts in Russian from the cache).
  expect(loads).toBe(0);
  expect(apiReads).toEqual([]);
  // The search box is named in Russian too.
  await expect(search).toHaveCount(0);
  await page
    .getByRole('searchbox', { name: inRu('marketWords.searchListings') })
    .fill('zzz-no-such-listing-languages');
  await expect(page.getByText(inRu('marketplaceMessages.empty'))).toBeVisible();
  await expect(page.getByText('No listings found')).toHaveCount(0);

  // Home: a date in Russian (the browser's own Russian format, as Intl writes it).
  await navigateInApp(page, '/');
  const time = page
    .getByRole('list', { name: inRu('homeSocialUi.latestPosts') })
    .locator('time')
    .first();
  await expect(time).toBeVisible();
  const expected = await time.evaluate((t) =>
    new Intl.DateTimeFormat('ru', { dateStyle: 'medium' }).format(new Date(t.getAttribute('datetime') ?? '')),
  );
  await expect(time).toHaveText(expected);
  expect(expected).toMatch(/[а-я]/);

  // A reload keeps the choice (this device remembers it) and paints in it.
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('button', { name: inRu('languageMessages.menu'), exact: true })).toBeVisible();

  // The API answers in the chosen language though the browser asks for English.
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(member.email);
  await page.locator('input[type="password"]').fill('not-the-password-1');
  const sent = page.waitForRequest((r) => r.url().includes('/api/auth/sign-in'));
  await page.locator('main form button[type="submit"]').click();
  expect((await sent).headers()['accept-language']).toBe('ru');
  await expect(page.getByText(inRu('messages.invalidCredentials')).first()).toBeVisible();

  // Back to English: the spec's own texts again.
  await page.goto('/marketplace');
  await pickInMenu(page, inRu('languageMessages.menu'), 'English');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await page.getByRole('searchbox', { name: 'Search listings' }).fill('zzz-no-such-listing-languages');
  await expect(page.getByText('No listings found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language', exact: true })).toBeVisible();
});

test('a member switches in Settings: saved to the account, kept after a reload, API errors in Russian', async ({
  page,
}) => {
  await signInAs(page, member, '/profile/settings');
  await page.getByLabel('Site language').selectOption('ru');
  await expect(page.getByText(inRu('languageMessages.saved'))).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'ru');
  const saved = await page.request.get('/api/v1/me/settings');
  expect((await saved.json()).locale).toBe('ru');

  // Another device knows nothing of it: the account decides.
  await page.evaluate(() => localStorage.removeItem('locale'));
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'ru');
  await expect(page.getByLabel(inRu('languageMessages.selectLabel'))).toHaveValue('ru');

  // A validation error from the server, in the member's language.
  await page.goto('/edit-profile');
  await page.getByLabel(inRu('accountUi.avatarImage')).setInputFiles({
    name: 'sneaky.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await page.getByRole('button', { name: inRu('commonUi.saveChanges') }).click();
  await expect(page.getByText(inRu('accountMessages.notAnImage')).first()).toBeVisible();

  await page.goto('/profile/settings');
  await page.getByLabel(inRu('languageMessages.selectLabel')).selectOption('en');
  await expect(page.getByText('Language saved')).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Site language')).toHaveValue('en');
  expect((await (await page.request.get('/api/v1/me/settings')).json()).locale).toBe('en');
});

test('in every language the home page has no serious or critical axe violation', async ({ page }) => {
  // Six loads of the home page and six full axe runs: the one-page limit cut it off in the fifth language on a
  // loaded machine (two helpers' runs), with no violation found before it.
  test.setTimeout(30_000 * locales.length);
  for (const locale of locales) {
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', locale);
    // The list's name is in the page's language (homeSocialUi.latestPosts): any list with a post's date.
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.locator('time') })
        .first(),
    ).toBeVisible();
    // Scanned once nothing is on its way (code, catalogues, reads): once in CI the scan met the latest posts'
    // first link without a name, a link the page no longer showed when the failure was recorded.
    await page.waitForLoadState('networkidle');
    await settle(page);
    await loadAxe(page);
    const violations = await seriousViolations(page);
    expect(violations.map((v) => `${locale}: ${v.id} at ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
});
