import { and, between, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  cheats,
  forumCategories,
  forumThreads,
  marketplaceListings,
  products,
  profiles,
} from '../../db/schema/index.ts';
import { escapeHtml } from './head.ts';

/**
 * The sitemap (issue 37): an index of one file per kind and shard. A kind's pages are split by the first hex
 * digit of their id (ids are random UUIDs, so 16 even shards, each a range scan of the primary key, never an
 * OFFSET): 16 files of at most 50,000 addresses hold 800,000 of a kind.
 */
export const SHARDS = '0123456789abcdef'.split('');
const kinds = ['listings', 'threads', 'cheats', 'products', 'profiles'] as const;
type Kind = (typeof kinds)[number];

/** Paths crawlers should leave alone: private pages and the API. */
const disallowed = [
  '/api/',
  '/admin',
  '/messages',
  '/orders',
  '/wallet',
  '/seller',
  '/tickets',
  '/profile/settings',
  '/edit-profile',
  '/marketplace/create',
  '/marketplace/edit/',
  '/login',
  '/register',
  '/reset-password',
  '/security/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapIndex(publicUrl: string): string {
  const files = ['pages', ...kinds.flatMap((kind) => SHARDS.map((s) => `${kind}-${s}`))];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((f) => `  <sitemap><loc>${publicUrl}/sitemaps/${f}.xml</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

function urlset(publicUrl: string, entries: { path: string; lastmod?: Date | null }[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeHtml(`${publicUrl}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

const inShard = (id: PgColumn, shard: string) =>
  between(id, `${shard}0000000-0000-0000-0000-000000000000`, `${shard}fffffff-ffff-ffff-ffff-ffffffffffff`);

async function shardEntries(db: Db, kind: Kind, shard: string) {
  const rowsOf = async (
    path: string,
    table:
      | typeof marketplaceListings
      | typeof forumThreads
      | typeof cheats
      | typeof products
      | typeof profiles,
    lastmod: PgColumn,
    where?: SQL,
  ) => {
    const rows = await db
      .select({ id: table.id, lastmod })
      .from(table)
      .where(and(inShard(table.id, shard), where))
      .orderBy(table.id);
    return rows.map((r) => ({ path: `${path}/${r.id}`, lastmod: r.lastmod as Date }));
  };
  switch (kind) {
    case 'listings': {
      const rows = await db
        .select({ id: marketplaceListings.id, lastmod: marketplaceListings.updatedAt })
        .from(marketplaceListings)
        .innerJoin(profiles, eq(profiles.id, marketplaceListings.userId))
        .where(
          and(
            inShard(marketplaceListings.id, shard),
            ne(marketplaceListings.status, 'suspended'),
            eq(profiles.banned, false),
          ),
        )
        .orderBy(marketplaceListings.id);
      return rows.map((r) => ({ path: `/marketplace/${r.id}`, lastmod: r.lastmod }));
    }
    case 'threads': {
      const rows = await db
        .select({ id: forumThreads.id, lastmod: forumThreads.lastActivityAt })
        .from(forumThreads)
        .innerJoin(profiles, eq(profiles.id, forumThreads.userId))
        .where(and(inShard(forumThreads.id, shard), eq(profiles.banned, false)))
        .orderBy(forumThreads.id);
      return rows.map((r) => ({ path: `/forum/post/${r.id}`, lastmod: r.lastmod }));
    }
    case 'cheats':
      return rowsOf('/cheats', cheats, cheats.updatedAt);
    case 'products':
      return rowsOf('/products', products, products.updatedAt, eq(products.status, 'active'));
    case 'profiles':
      return rowsOf('/profile', profiles, profiles.updatedAt, eq(profiles.banned, false));
  }
}

/** One sitemap file by its name (`pages`, or `<kind>-<shard>`), or null when there is no such file. */
export async function sitemapFile(db: Db, publicUrl: string, name: string): Promise<string | null> {
  if (name === 'pages') {
    const categories = await db.select({ id: forumCategories.id }).from(forumCategories);
    const fixed = ['/', '/marketplace', '/forum', '/posts', '/cheats', '/products'];
    return urlset(publicUrl, [
      ...fixed.map((path) => ({ path })),
      ...categories.map((c) => ({ path: `/forum/c/${c.id}` })),
    ]);
  }
  const match = /^([a-z]+)-([0-9a-f])$/.exec(name);
  if (!match || !(kinds as readonly string[]).includes(match[1]!)) return null;
  return urlset(publicUrl, await shardEntries(db, match[1] as Kind, match[2]!));
}
