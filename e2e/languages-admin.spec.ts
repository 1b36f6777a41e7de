import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type Locale, locales } from '../contract/i18n/locales.ts';
import { adminUi } from '../contract/texts/admin-ui.ts';
import { pageTitles } from '../contract/texts/shell-ui.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAs } from './support/social.ts';

/**
 * The admin dashboard in every language (issue 41): its heading, its stat cards, the admin menu and the page's
 * title are the active catalogue's words, and `<html lang>` says which. One admin, one browser context; the
 * language is this device's (localStorage) and a reload, not the account's, so no other spec sees it change.
 */

type AdminText = {
  [K in keyof typeof adminUi]: (typeof adminUi)[K] extends string ? K : never;
}[keyof typeof adminUi];

/** A text of the admin area as `locale` has it: the contract's own words in English, else the catalogue's. */
function inLocale(locale: Locale) {
  const catalogue: Record<string, string> =
    locale === 'en'
      ? {}
      : JSON.parse(
          readFileSync(new URL(`../contract/i18n/catalogues/${locale}.json`, import.meta.url), 'utf8'),
        );
  const read = (key: string, source: string) => {
    if (locale === 'en') return source;
    const text = catalogue[key];
    if (!text) throw new Error(`${locale}.json has no ${key}`);
    return text;
  };
  return {
    admin: (key: AdminText) => read(`adminUi.${key}`, adminUi[key]),
    title: (key: keyof typeof pageTitles) => read(`pageTitles.${key}`, pageTitles[key]),
  };
}

test('the admin dashboard speaks every language: heading, stat cards, admin menu and page title', async ({
  page,
}) => {
  await signInAs(page, E2E_ADMIN, '/admin');
  for (const locale of locales) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.reload();
    const t = inLocale(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1, name: t.admin('dashboardTitle') })).toBeVisible();
    for (const card of ['totalUsers', 'totalPosts', 'activeCheats', 'totalDownloads'] as const) {
      await expect(page.getByRole('group', { name: t.admin(card), exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: t.admin('reportsOverview') })).toBeVisible();
    const menu = page.getByRole('navigation', { name: t.admin('adminNav'), exact: true });
    for (const entry of ['returnToSite', 'dashboard', 'users', 'reports', 'auditLog'] as const) {
      await expect(menu.getByRole('link', { name: t.admin(entry), exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle(`${t.title('adminDashboard')} · CheatMarket`);
  }
});
