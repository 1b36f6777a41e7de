import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceListings, products, profiles } from '../../db/schema/index.ts';
import {
  buildCheat,
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildProduct,
  buildUser,
} from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carriesCard, withCard } from './head.ts';

/*
 * Issue 37, link previews: each public page kind answers its own card in the HTML the server sends; hidden
 * ones answer the generic card; robots.txt, the sitemap and the generated card images.
 */

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'cm-cards-root-'));
// The shape of the built index.html: a default description and title for the card to replace.
writeFileSync(
  path.join(webRoot, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="CheatMarket: the community and marketplace for premium game cheats and hacks." />
<meta name="color-scheme" content="dark light" />
<title>CheatMarket</title><script src="/boot.js"></script></head><body><div id="root"></div></body></html>`,
);

let t: TestApp;
const publicUrl = 'https://cheats.example';
beforeAll(async () => {
  t = await buildTestApp({ webRoot, env: { PUBLIC_URL: publicUrl } });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

/** The content of a meta tag, as a crawler reads it (entities decoded). */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  );
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

function expectGeneric(html: string, url: string) {
  expect(title(html)).toBe('CheatMarket');
  expect(meta(html, 'og:title')).toBe('CheatMarket');
  expect(meta(html, 'og:url')).toBe(`${publicUrl}${url}`);
  expect(meta(html, 'og:image')).toBeUndefined();
  expect(meta(html, 'description')).toBe(
    'CheatMarket: the community and marketplace for premium game cheats and hacks.',
  );
}

describe('a listing link', () => {
  it('carries its title, description, price, seller and card image in the first response, whoever asks', async () => {
    const seller = await buildUser(t, { username: 'keys_dealer' });
    const listing = await buildListing(t, {
      userId: seller.id,
      title: 'Valorant ESP "Pro" <lifetime>',
      description: '**Undetected** since March. [Docs](https://example.com) Works with every map.',
      price: 1500,
    });
    const url = `/marketplace/${listing.id}`;
    for (const agent of [
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'curl/8.5.0',
      'TelegramBot (like TwitterBot)',
    ]) {
      const html = await page(url, { 'user-agent': agent });
      expect(title(html)).toBe(
        'Valorant ESP "Pro" <lifetime> · CheatMarket'
          .replace(/"/g, '&quot;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;'),
      );
      expect(meta(html, 'og:title')).toBe('Valorant ESP "Pro" <lifetime>');
      expect(meta(html, 'og:description')).toBe('Undetected since March. Docs Works with every map.');
      expect(meta(html, 'og:type')).toBe('website');
      expect(meta(html, 'og:url')).toBe(`${publicUrl}${url}`);
      expect(meta(html, 'og:image')).toBe(`${publicUrl}/og/listing/${listing.id}.png`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:label1')).toBe('Price');
      expect(meta(html, 'twitter:data1')).toBe('1,500 credits');
      expect(meta(html, 'twitter:data2')).toBe('keys_dealer');
      expect(html).toContain(`<link rel="canonical" href="${publicUrl}${url}" />`);
      // The default description is replaced, not repeated; the rest of the head stays.
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain('<meta name="color-scheme" content="dark light" />');
      expect(html).toContain('<script src="/boot.js"></script>');
    }
  });

  it('cannot break out of an attribute or the title with what a seller writes', async () => {
    const seller = await buildUser(t);
    const listing = await buildListing(t, {
      userId: seller.id,
      title: '"><script>alert(1)</script>',
      description: "' onload='x' <img src=x onerror=alert(1)>",
    });
    const html = await page(`/marketplace/${listing.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/content="[^"]*"[^ />]/);
  });

  it('answers the generic card for a suspended listing and for a banned seller', async () => {
    const seller = await buildUser(t);
    const suspended = await buildListing(t, {
      userId: seller.id,
      title: 'Suspended secret',
      status: 'suspended',
    });
    const banned = await buildUser(t);
    const bannedListing = await buildListing(t, { userId: banned.id, title: 'Banned secret' });
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, banned.id));
    for (const id of [suspended.id, bannedListing.id]) {
      const html = await page(`/marketplace/${id}`);
      expectGeneric(html, `/marketplace/${id}`);
      expect(html).not.toContain('secret');
      const image = await t.app.inject({ method: 'GET', url: `/og/listing/${id}.png` });
      expect(image.statusCode).toBe(404);
    }
  });

  it('answers the generic card for an unknown id and for one that is not an id', async () => {
    expectGeneric(
      await page('/marketplace/5b1f3a52-0000-4000-8000-000000000000'),
      '/marketplace/5b1f3a52-0000-4000-8000-000000000000',
    );
    expectGeneric(await page('/marketplace/not-an-id'), '/marketplace/not-an-id');
  });
});

describe('the other public pages', () => {
  it('a thread: title, excerpt, category and author, and a card image; a deleted thread is generic', async () => {
    const author = await buildUser(t, { username: 'guide_writer' });
    const category = await buildForumCategory(t, { name: 'Guides' });
    const thread = await buildForumThread(t, {
      userId: author.id,
      categoryId: category.id,
      title: 'How to tune aim assist',
      content: '# Step one\n\nOpen the `config` file.',
    });
    const html = await page(`/forum/post/${thread.id}`);
    expect(title(html)).toBe('How to tune aim assist · CheatMarket');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:description')).toBe('Step one Open the config file.');
    expect(meta(html, 'twitter:data1')).toBe('Guides');
    expect(meta(html, 'twitter:data2')).toBe('guide_writer');
    expect(meta(html, 'og:image')).toBe(`${publicUrl}/og/thread/${thread.id}.png`);
    expectGeneric(
      await page('/forum/post/00000000-0000-4000-8000-000000000001'),
      '/forum/post/00000000-0000-4000-8000-000000000001',
    );
  });

  it('a cheat names its detection status; a product its title; an inactive product is generic', async () => {
    const cheat = await buildCheat(t, { title: 'Apex Radar', status: 'detected', game: 'Apex Legends' });
    const cheatHtml = await page(`/cheats/${cheat.id}`);
    expect(meta(cheatHtml, 'og:title')).toBe('Apex Radar: Detected');
    expect(meta(cheatHtml, 'twitter:data1')).toBe('Detected');
    expect(meta(cheatHtml, 'twitter:data2')).toBe('Apex Legends');

    const product = await buildProduct(t, { title: 'Official Loader' });
    expect(meta(await page(`/products/${product.id}`), 'og:title')).toBe('Official Loader');
    await t.db.update(products).set({ status: 'inactive' }).where(eq(products.id, product.id));
    expectGeneric(await page(`/products/${product.id}`), `/products/${product.id}`);
  });

  it('a profile shows the username and bio; a banned member is generic', async () => {
    const member = await buildUser(t, { username: 'vouched_vendor' });
    await t.db.update(profiles).set({ bio: 'Selling since 2019.' }).where(eq(profiles.id, member.id));
    const html = await page(`/profile/${member.id}`);
    expect(meta(html, 'og:title')).toBe('vouched_vendor');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:description')).toBe('Selling since 2019.');
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, member.id));
    const banned = await page(`/profile/${member.id}`);
    expectGeneric(banned, `/profile/${member.id}`);
    expect(banned).not.toContain('vouched_vendor');
  });

  it('a category and the list pages have their own titles', async () => {
    const category = await buildForumCategory(t, { name: 'Trading', description: 'Buy, sell, swap.' });
    const html = await page(`/forum/c/${category.id}`);
    expect(meta(html, 'og:title')).toBe('Trading · Forum');
    expect(meta(html, 'og:description')).toBe('Buy, sell, swap.');
    expect(title(await page('/marketplace'))).toBe('Marketplace · CheatMarket');
    expect(title(await page('/forum/'))).toBe('Forum · CheatMarket');
    expect(title(await page('/posts?sort=new'))).toBe('Community Posts · CheatMarket');
    expect(title(await page('/'))).toBe('CheatMarket');
  });

  it('is compressed for a client that accepts it, and never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      '<title>Marketplace · CheatMarket</title>',
    );
  });

  it('private pages keep the plain index.html', async () => {
    const html = await page('/wallet');
    expect(title(html)).toBe('CheatMarket');
    expect(meta(html, 'og:title')).toBeUndefined();
  });
});

describe('the web build', () => {
  it('web/index.html has the default description and title a card replaces', () => {
    const source = readFileSync(path.resolve('web/index.html'), 'utf8');
    expect(carriesCard(source)).toBe(true);
    const html = withCard(source, '<title>X · CheatMarket</title>');
    expect(html).toContain('<title>X · CheatMarket</title>');
    expect(html).not.toContain('<meta name="description"');
  });
});

describe('card images', () => {
  it('draws a 1200×630 PNG for a listing, revalidated by its ETag', async () => {
    const seller = await buildUser(t);
    const listing = await buildListing(t, {
      userId: seller.id,
      title: 'A very long listing title that has to wrap over more than one line to fit the card',
    });
    const res = await t.app.inject({ method: 'GET', url: `/og/listing/${listing.id}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/og/listing/${listing.id}.png`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // An edit draws a new image.
    await t.db.update(marketplaceListings).set({ price: 99 }).where(eq(marketplaceListings.id, listing.id));
    const edited = await t.app.inject({ method: 'GET', url: `/og/listing/${listing.id}.png` });
    expect(edited.headers.etag).not.toBe(res.headers.etag);
  });

  it('404 for an unknown kind, id or file name', async () => {
    for (const url of [
      '/og/user/00000000-0000-4000-8000-000000000001.png',
      '/og/listing/x.png',
      '/og/thread/00000000-0000-4000-8000-000000000001.png',
      '/og/listing/00000000-0000-4000-8000-000000000001.jpg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers off private pages and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /messages');
    expect(res.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it('the index names the pages file and 16 shards per kind; a shard lists public pages only', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toHaveLength(1 + 5 * 16);
    expect(files).toContain(`${publicUrl}/sitemaps/pages.xml`);

    const seller = await buildUser(t);
    const shown = await buildListing(t, { userId: seller.id });
    const hidden = await buildListing(t, { userId: seller.id, status: 'suspended' });
    const shard = async (id: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/sitemaps/listings-${id[0]}.xml` });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    expect(await shard(shown.id)).toContain(`<loc>${publicUrl}/marketplace/${shown.id}</loc>`);
    expect(await shard(hidden.id)).not.toContain(hidden.id);
    const profilesShard = await t.app.inject({
      method: 'GET',
      url: `/sitemaps/profiles-${seller.id[0]}.xml`,
    });
    expect(profilesShard.body).toContain(`/profile/${seller.id}`);
    const pages = await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain(`<loc>${publicUrl}/marketplace</loc>`);
  });

  it('404 for a sitemap file that does not exist', async () => {
    for (const url of ['/sitemaps/users-a.xml', '/sitemaps/listings-g.xml', '/sitemaps/listings-a.txt']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
