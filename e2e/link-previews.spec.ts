import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { seedProducts } from './support/catalogue.ts';

/*
 * Link previews (issue 37 item 3): a shared link's first response carries the page's card, whoever fetches
 * it (Discord's crawler, curl), and the page itself still runs as the app.
 */

const run = promisify(execFile);

test('a product link answers its card to Discordbot and to curl, and opens as the app', async ({
  request,
  page,
  baseURL,
}) => {
  const title = `Loader ${Date.now()}`;
  const [product] = await seedProducts(request, [
    {
      title,
      description: 'The official loader, signed and updated daily.',
      salesUrl: 'https://shop.example.com/loader',
    },
  ]);
  const url = `/products/${product!.id}`;

  const discord = await request.get(url, {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' },
  });
  expect(discord.status()).toBe(200);
  const html = await discord.text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain(
    '<meta property="og:description" content="The official loader, signed and updated daily." />',
  );
  expect(html).toContain(`<title>${title} · CheatMarket</title>`);

  const { stdout } = await run('curl', ['-s', '--compressed', `${baseURL}${url}`]);
  expect(stdout).toContain(`<meta property="og:title" content="${title}" />`);

  // The same document boots the app: the product page renders.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('robots.txt and the sitemap index answer', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Disallow: /api/');
  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toMatch(/application\/xml/);
  expect(await index.text()).toContain('/sitemaps/pages.xml');
});
