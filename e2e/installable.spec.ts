import { expect, test } from '@playwright/test';

/*
 * The installable app (issue 37 item 4): the checks Lighthouse's PWA audit made, by hand. A manifest with a
 * name, a standalone display, a start URL in scope and 192 and 512 px icons (one maskable); a service worker
 * that controls the page; and, with the network cut, a page that cannot load shows the offline page.
 */

// The suite blocks service workers (playwright.config.ts); these tests are about the app's.
test.use({ serviceWorkers: 'allow' });

test('the manifest names the app and its icons, and each icon is the size it says', async ({
  request,
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'CheatMarket',
    short_name: 'CheatMarket',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  const sizes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const size = Number(icon.sizes.split('x')[0]);
    const drawn = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, icon.src);
    expect(drawn).toEqual([size, size]);
    sizes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

test('a service worker controls the page, and with the network cut a page shows the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveTitle("You're offline · CheatMarket");
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');

  // Back online, "Try again" brings the app back.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
});

test('the service worker never answers an API request from its cache', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.evaluate(async () => (await fetch('/api/v1/site-settings')).status)).toBe(200);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  await context.setOffline(true);
  expect(
    await page.evaluate(async () =>
      fetch('/api/v1/site-settings').then(
        (r) => r.status,
        () => 'failed',
      ),
    ),
  ).toBe('failed');
});
