import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { groupName } from '../contract/i18n/define.ts';
import { formatMessage } from '../contract/i18n/format.ts';
import { type Locale, locales } from '../contract/i18n/locales.ts';
import { listingUi } from '../contract/texts/listing-ui.ts';
import { listingTypeLabels } from '../contract/texts/market-ui.ts';
import { marketWords } from '../contract/texts/market-words.ts';
import { asUser, signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

/**
 * A listing's page in every language (issue 41): its labels, the price, the buy button and the purchase
 * confirmation come from the locale's catalogue (English from the contract's own texts), and <html lang> follows.
 */
const catalogues = Object.fromEntries(
  locales.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../contract/i18n/catalogues/${l}.json`, import.meta.url), 'utf8')),
  ]),
) as Record<Locale, Record<string, string>>;

/** A group's text as `locale` shows it: English from the group itself, else the catalogue's message formatted. */
function inLocale<G extends object>(
  locale: Locale,
  group: G,
  key: keyof G & string,
  ...args: unknown[]
): string {
  const source = group[key] as unknown;
  if (locale === 'en') return typeof source === 'function' ? String(source(...args)) : String(source);
  const id = `${groupName(group)}.${key}`;
  const message = catalogues[locale][id];
  if (message === undefined) throw new Error(`${locale}.json has no ${id}`);
  return formatMessage(locale, message, Object.fromEntries(args.map((a, i) => [String(i), a])));
}

const price = 25;
let buyer: E2EUser;
let listing: { id: string; title: string };

test.beforeAll(async ({ request }) => {
  const [seller, member] = await Promise.all([
    createUser(request, 'langsell'),
    createUser(request, 'langbuy'),
  ]);
  buyer = member;
  const title = `Languages ESP ${randomUUID().slice(0, 6)}`;
  listing = await asUser(request, seller, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title,
        price,
        game: 'Valorant',
        features: 'Aimbot and ESP',
        requirements: 'Windows 11',
        description: 'A listing read in every language the site speaks.',
        contentLink: 'https://files.example.com/languages-download',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, title };
  });
});

test('a listing page in every language: labels, price, buy button and its confirmation', async ({ page }) => {
  await signInAs(page, buyer, `/marketplace/${listing.id}`);
  const main = page.getByRole('main');
  for (const locale of locales) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.reload();
    await expect(page.locator('html'), locale).toHaveAttribute('lang', locale);
    const t = <G extends object>(group: G, key: keyof G & string, ...args: unknown[]) =>
      inLocale(locale, group, key, ...args);

    // The title is the seller's words; the section headings around it are the site's.
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    for (const section of ['description', 'features', 'requirements'] as const)
      await expect(main.getByRole('heading', { name: t(marketWords, section), exact: true })).toBeVisible();
    await expect(
      main.getByRole('link', { name: t(marketWords, 'backToMarketplace'), exact: true }),
    ).toBeVisible();
    await expect(main.getByText(t(marketWords, 'credits', price), { exact: true })).toBeVisible();
    await expect(main.getByText(t(listingTypeLabels, 'cheat'), { exact: true })).toBeVisible();
    // The parties: the seller, and when it was listed (the seller's figures are a list of their own).
    await expect(main.locator('dl:not([aria-label]) > div > dt')).toHaveText([
      t(marketWords, 'seller'),
      t(listingUi, 'listed'),
    ]);

    // Buying asks first, naming the total in the language.
    await main.getByRole('button', { name: t(marketWords, 'buyNow'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: t(listingUi, 'confirmPurchase') })).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: t(listingUi, 'buyFor', price), exact: true }),
    ).toBeVisible();
    // Listening for Escape starts with focus moving in (the same effects), not with being shown.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
