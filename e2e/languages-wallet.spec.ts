import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type Locale, locales } from '../contract/i18n/locales.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/**
 * The wallet page in every language the site speaks (issue 41): its heading, the balance cards, the Add credits
 * and Withdraw buttons and the history tab read the active language's catalogue (English: the source, en.json),
 * and <html lang> follows. One member, one browser; the language is this device's choice (localStorage), which
 * a member without a saved language keeps.
 */
const catalogues = Object.fromEntries(
  locales.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../contract/i18n/catalogues/${l}.json`, import.meta.url), 'utf8')),
  ]),
) as Record<Locale, Record<string, string>>;

/** A text as the locale's catalogue has it. */
function inLocale(locale: Locale, key: string): string {
  const text = catalogues[locale][key];
  if (!text) throw new Error(`${locale}.json has no ${key}`);
  return text;
}

test('the wallet page of a member reads in every language: heading, balances, deposit and withdraw, history', async ({
  page,
  request,
}) => {
  const member = await createUser(request, 'wallang');
  await signInAs(page, member, '/wallet');
  for (const locale of locales) {
    const t = (key: string) => inLocale(locale, key);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(
      page.getByRole('heading', { level: 1, name: t('walletUi.title'), exact: true }),
    ).toBeVisible();
    for (const card of ['walletUi.creditsLabel', 'walletUi.balanceLabel', 'walletUi.withdrawableLabel']) {
      await expect(
        page.getByRole('region', { name: t(card), exact: true }),
        `${locale} ${card}`,
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: t('walletUi.addCredits'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('walletUi.withdraw'), exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('walletUi.history'), exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(t('walletMessages.emptyHistory'), { exact: true })).toBeVisible();
  }
});
