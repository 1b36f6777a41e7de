import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pageAs } from './support/social.ts';
import { asAdmin, createUser, type E2EUser } from './support/users.ts';

/*
 * Stock and license keys (issue 18): a seller lists three keys, two buyers each see only their own, the
 * third purchase sells it out, the seller restocks and reads the dashboard.
 */

async function grantCredits(request: APIRequestContext, user: E2EUser, amount: number) {
  await asAdmin(request, async () => {
    const res = await request.post(`/api/v1/admin/users/${user.id}/balance`, {
      data: { amount, currency: 'credits', description: 'e2e credits' },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
}

async function buyOne(page: Page, listingUrl: string) {
  await page.goto(listingUrl);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Buy for 30 Credits' }).click();
  await expect(page.getByText('Purchase successful!')).toBeVisible();
  const keys = page.getByRole('region', { name: 'Your license keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(1);
  return ((await keys.textContent()) ?? '').trim();
}

test('a key listing: each buyer sees only their key, it sells out, the seller restocks and reads the dashboard', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [seller, first, second] = await Promise.all([
    createUser(request, 'seller'),
    createUser(request, 'buyer'),
    createUser(request, 'buyer'),
  ]);
  await grantCredits(request, first, 100);
  await grantCredits(request, second, 100);
  const suffix = randomUUID().slice(0, 6);
  const keys = [`AAAA-${suffix}-1`, `BBBB-${suffix}-2`, `CCCC-${suffix}-3`];
  const title = `Key Listing ${suffix}`;

  // The seller creates a key listing with three keys.
  const sellerPage = await pageAs(browser, seller, '/marketplace/create');
  await sellerPage.getByLabel('Title').fill(title);
  await sellerPage.getByLabel('Game').fill('Valorant');
  await sellerPage.getByLabel('Price (Credits)').fill('30');
  await sellerPage.getByLabel('Features').fill('ESP');
  await sellerPage.getByLabel('Requirements').fill('Windows 11');
  await sellerPage.getByLabel('Description').fill('One license key per buyer, delivered at once.');
  await sellerPage.getByLabel('Content Link').fill('https://files.example.com/loader.zip');
  await sellerPage.getByLabel('Delivery').selectOption('keys');
  await sellerPage.getByLabel('License keys (one per line)').fill(keys.join('\n'));
  await sellerPage.getByRole('button', { name: 'Create Listing' }).click();
  await expect(sellerPage.getByText('Listing created successfully')).toBeVisible();
  await expect(sellerPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(sellerPage.getByText('3 in stock')).toBeVisible();
  const listingUrl = new URL(sellerPage.url()).pathname;
  const keysPanel = sellerPage.getByRole('region', { name: 'License keys' });
  await expect(keysPanel.getByRole('definition').first()).toHaveText('3');

  // Two buyers buy one each: each sees one key of the three, never the other's.
  const firstPage = await pageAs(browser, first);
  const secondPage = await pageAs(browser, second);
  const firstKey = await buyOne(firstPage, listingUrl);
  const secondKey = await buyOne(secondPage, listingUrl);
  expect(keys).toContain(firstKey);
  expect(keys).toContain(secondKey);
  expect(firstKey).not.toBe(secondKey);
  await firstPage.reload();
  await expect(firstPage.getByText(firstKey)).toBeVisible();
  await expect(firstPage.getByText(secondKey)).toHaveCount(0);
  await expect(secondPage.getByText(firstKey)).toHaveCount(0);

  // The seller sees who holds the keys, not the keys.
  await sellerPage.reload();
  const claimed = sellerPage.getByRole('list', { name: 'Claimed keys' });
  await expect(claimed.getByText(`Reserved for ${first.username} (in escrow)`)).toBeVisible();
  await expect(claimed.getByText(`Reserved for ${second.username} (in escrow)`)).toBeVisible();
  for (const key of keys) await expect(sellerPage.getByText(key)).toHaveCount(0);

  // The third purchase takes the last key: sold out.
  const thirdKey = await buyOne(firstPage, listingUrl);
  expect([firstKey, secondKey]).not.toContain(thirdKey);
  await expect(firstPage.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(firstPage.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);

  // The seller restocks with two keys: on sale again.
  await sellerPage.reload();
  await expect(sellerPage.getByText('Sold out', { exact: true })).toBeVisible();
  await sellerPage.getByLabel('License keys (one per line)').fill(`DDDD-${suffix}\nEEEE-${suffix}\n`);
  await sellerPage.getByRole('button', { name: 'Add keys' }).click();
  await expect(sellerPage.getByText('2 keys added')).toBeVisible();
  await expect(sellerPage.getByText('Active', { exact: true })).toBeVisible();
  await expect(sellerPage.getByText('2 in stock')).toBeVisible();

  // The dashboard: stock, units sold and revenue after the 5% fee (1 credit of each 30).
  await sellerPage.goto('/marketplace');
  await sellerPage.getByRole('link', { name: 'Seller dashboard' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Seller dashboard' })).toBeVisible();
  const recent = sellerPage.getByRole('region', { name: 'Last 30 days' });
  await expect(recent.getByRole('img', { name: 'Revenue per day, last 30 days' })).toBeVisible();
  const figure = (scope: ReturnType<Page['getByRole']>, label: string) =>
    scope.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
  await expect(figure(recent, 'Units sold')).toHaveText('3');
  await expect(figure(recent, 'Revenue after fees')).toHaveText('87');
  const row = sellerPage.getByRole('listitem').filter({ hasText: title });
  await expect(figure(row, 'Stock')).toHaveText('2');
  await expect(figure(row, 'Units sold')).toHaveText('3');
  await expect(figure(row, 'Revenue after fees')).toHaveText('87');
  await expect(figure(row, 'Open disputes')).toHaveText('0');
  await expect(row.getByText('Keys: 2 left · 3 reserved · 0 sold')).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'Export sales (CSV)' })).toHaveAttribute(
    'href',
    '/api/v1/seller/sales.csv',
  );
});
