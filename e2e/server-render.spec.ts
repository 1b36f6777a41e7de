import { expect, type Page, test } from '@playwright/test';
import { seedProducts } from './support/catalogue.ts';
import { signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/*
 * Issue 38 item 3 (decision 067): a visitor's public page arrives drawn by the server with its data, and the
 * browser takes it over (hydrates) instead of drawing it again; members and other languages are drawn in the
 * browser as before.
 */

/** The API reads the page makes from now on (GET, path and query). */
function apiReads(page: Page) {
  const reads: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  return reads;
}

test('a product page is readable with scripts off: the server drew it, data included', async ({
  browser,
  request,
}) => {
  const title = `Drawn loader ${Date.now()}`;
  const [product] = await seedProducts(request, [
    { title, description: 'Signed builds, updated daily.', salesUrl: 'https://shop.example.com/drawn' },
  ]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/products/${product!.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Signed builds, updated daily.')).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await context.close();
});

test('the drawn marketplace comes alive without fetching its first screen again, and navigates in place', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const reads = apiReads(page);
  const response = await page.goto('/marketplace');
  expect(await response!.text()).toContain('data-drawn');
  await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
  // The app has taken the page over once it clears the mark.
  await expect(page.locator('html')).not.toHaveAttribute('data-drawn');
  // Taken over, not drawn again: a filter answers (a new read), and no read repeated the drawn screen's.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole('button', { name: 'Sold' }).click();
  await expect.poll(() => reads.some((r) => r.startsWith('/api/v1/listings?status=sold'))).toBe(true);
  expect(reads.filter((r) => r.startsWith('/api/v1/listings?status=active'))).toEqual([]);
  expect(reads).not.toContain('/api/auth/get-session');
  expect(reads).not.toContain('/api/v1/site-settings');
  // A link is followed by the app in the same document, not by a new page load.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole('heading', { name: 'Forum', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test("until the app's code has taken a drawn page over, its buttons and fields refuse input rather than drop it", async ({
  page,
}) => {
  // The app's code held back: the drawn page is all there is.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/marketplace');
  await expect.poll(() => asked, 'the code is asked for once the page is painted').toBe(true);
  const sold = page.getByRole('button', { name: 'Sold' });
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(sold).toBeDisabled();
  await expect(search).not.toBeEditable();
  await expect(page.getByLabel('Sort by')).toBeDisabled();
  // Not dimmed: the page looks as it will once it works.
  expect(await sold.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
  // A click in the search box before the code arrives focuses it; the app opens it as that click would have.
  const boxBefore = await search.boundingBox();
  await search.click();

  release();
  await expect(page.locator('html')).not.toHaveAttribute('data-drawn');
  await expect(page.getByText('Start typing to search')).toBeVisible();
  await expect(search).toBeFocused();
  // The box stays where it was drawn (a stand-in swapped for it once moved it across the bar).
  expect(await search.boundingBox()).toEqual(boxBefore);
  await expect(sold).toBeEnabled();
  await expect(sold).not.toHaveAttribute('data-until-app');
  await sold.click();
  await expect(sold).toHaveAttribute('aria-pressed', 'true');
  await expect(search).toBeEditable();
});

test('a visitor who chose German on this device sees the page drawn again in German', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => window.localStorage.setItem('locale', 'de'));
  const page = await context.newPage();
  const response = await page.goto('/forum');
  // The server drew it in English (the browser asked for English)...
  expect(await response!.text()).toContain('data-drawn');
  // ...and the app drew it again in German, then showed it.
  await expect(page.getByRole('heading', { name: 'Forum', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-redraw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

test("a browser asking for German is not sent an English drawing; a member's page is not drawn", async ({
  browser,
  page,
  request,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const german = await context.newPage();
  const response = await german.goto('/forum');
  expect(await response!.text()).not.toContain('data-drawn');
  await expect(german.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
  await context.close();

  const member = await createUser(request, 'drawnmember');
  await signInAs(page, member);
  const own = await page.goto('/marketplace');
  const html = await own!.text();
  expect(html).not.toContain('data-drawn');
  expect(html).toContain('<div id="root"></div>');
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
});

test('a login-required page under a public address is not drawn: the visitor is sent to sign in', async ({
  page,
}) => {
  // /profile/:userId has a link card, so /profile/settings asks to be drawn; it is the member's own settings.
  const response = await page.goto('/profile/settings');
  expect(await response!.text()).not.toContain('id="server-state"');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test("a page asking a visitor to sign in is not drawn: its link's way back is the app's to keep", async ({
  page,
}) => {
  // /marketplace/:id has a link card; /marketplace/create tells a visitor to sign in and come back (state.from).
  const response = await page.goto('/marketplace/create');
  expect(await response!.text()).not.toContain('id="server-state"');
  await expect(page.getByText('You must be logged in to create a listing')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from)).toBe(
    '/marketplace/create',
  );
});
