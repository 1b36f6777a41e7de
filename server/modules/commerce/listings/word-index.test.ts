import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingWords, marketplaceListings, searchWords } from '../../../db/schema/index.ts';
import { likePattern, MAX_INDEXED_WORDS } from '../../../db/search.ts';
import { rows } from '../../../db/sql.ts';
import { buildListing, buildUser } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { listListings } from './service.ts';

/* The word index behind marketplace search (docs/decisions/031): kept by the database's triggers, and a
 * search through it finds exactly what ILIKE finds, in every sort and across pages. */

let t: TestApp;
let sellerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  sellerId = (await buildUser(t)).id;
});
afterAll(() => t.close());

async function wordRowsOf(listingId: string) {
  return t.db
    .select({
      word: listingWords.word,
      isPinned: listingWords.isPinned,
      createdAt: listingWords.createdAt,
      price: listingWords.price,
      version: sql<string>`xmin::text`,
    })
    .from(listingWords)
    .where(eq(listingWords.listingId, listingId))
    .orderBy(listingWords.word);
}

const sorts = ['newest', 'price_low', 'price_high'] as const;
type Sort = (typeof sorts)[number];
type Status = 'active' | 'sold' | 'all';

/** Every listing id a search shows, page after page, as the API pages it. */
async function searched(q: string, sort: Sort, status: Status = 'active') {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listListings(t.db, { status, type: 'all', sort, q, cursor });
    ids.push(...page.items.map((l) => l.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

const orderBy: Record<Sort, string> = {
  newest: 'l.is_pinned desc, l.created_at desc, l.id desc',
  price_low: 'l.is_pinned desc, l.price, l.id',
  price_high: 'l.is_pinned desc, l.price desc, l.id desc',
};

/** What ILIKE alone answers: title, description or seller name containing `q`, in the sort's order. */
async function expected(q: string, sort: Sort, status: Status = 'active') {
  const shown = status === 'all' ? sql`l.status in ('active', 'sold')` : sql`l.status = ${status}`;
  const pattern = likePattern(q);
  const found = await rows<{ id: string }>(
    t.db,
    sql`select l.id from marketplace_listings l join profiles p on p.id = l.user_id
      where ${shown} and (l.title ilike ${pattern} or l.description ilike ${pattern} or p.username ilike ${pattern})
      order by ${sql.raw(orderBy[sort])}`,
  );
  return found.map((r) => r.id);
}

describe('the word index', () => {
  it('holds each distinct word of a new listing, lower-cased, with its sort keys, and adds them to the words', async () => {
    const listing = await buildListing(t, {
      userId: sellerId,
      title: 'Legendary AIMBOT for Apex-Legends',
      description: 'Aimbot, 2x speed; über fast.',
      price: 250,
    });
    const rows = await wordRowsOf(listing.id);
    expect(rows.map((r) => r.word)).toEqual([
      '2x',
      'aimbot',
      'apex',
      'ber',
      'fast',
      'for',
      'legendary',
      'legends',
      'speed',
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ isPinned: false, price: 250 });
      expect(r.createdAt.getTime()).toBe(listing.createdAt.getTime());
    }
    const known = await t.db
      .select()
      .from(searchWords)
      .where(sql`${searchWords.word} in ('legendary', 'apex', '2x')`);
    expect(known).toHaveLength(3);
  });

  it('rewrites the rows on an edit, a pin or a price change, and drops them with the listing', async () => {
    const listing = await buildListing(t, {
      userId: sellerId,
      title: 'Spoofer Basic',
      description: 'Works.',
    });
    await t.db
      .update(marketplaceListings)
      .set({ title: 'Spoofer Deluxe', price: 900, isPinned: true })
      .where(eq(marketplaceListings.id, listing.id));
    const rows = await wordRowsOf(listing.id);
    expect(rows.map((r) => r.word)).toEqual(['deluxe', 'spoofer', 'works']);
    for (const r of rows) expect(r).toMatchObject({ isPinned: true, price: 900 });
    await t.db.delete(marketplaceListings).where(eq(marketplaceListings.id, listing.id));
    expect(await wordRowsOf(listing.id)).toEqual([]);
  });

  it('leaves the rows alone when a listing is sold or restocked', async () => {
    const listing = await buildListing(t, { userId: sellerId, title: 'Radar Pro', description: 'Radar.' });
    const before = await wordRowsOf(listing.id);
    await t.db
      .update(marketplaceListings)
      .set({ status: 'sold', stock: 0, soldAt: new Date() })
      .where(eq(marketplaceListings.id, listing.id));
    await t.db
      .update(marketplaceListings)
      .set({ status: 'active', stock: 5 })
      .where(eq(marketplaceListings.id, listing.id));
    expect(await wordRowsOf(listing.id)).toEqual(before);
  });

  it('keeps a word over 64 characters as windows, so any 3 to 32 characters of it are found', async () => {
    const long = Array.from(
      { length: 150 },
      (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7) % 36],
    ).join('');
    const listing = await buildListing(t, {
      userId: sellerId,
      title: `Config ${long}`,
      description: 'Long.',
    });
    const windows = (await wordRowsOf(listing.id)).map((r) => r.word).filter((w) => w.length > 10);
    expect(windows.every((w) => w.length <= 64)).toBe(true);
    for (const [start, length] of [
      [0, 32],
      [30, 5],
      [31, 32],
      [60, 20],
      [95, 32],
      [118, 32],
      [147, 3],
    ] as const) {
      const part = long.slice(start, start + length);
      expect([part, (await searched(part, 'newest')).includes(listing.id)]).toEqual([part, true]);
    }
  });

  it('finds exactly what ILIKE finds, in every sort and status, page after page (generated listings and searches)', async () => {
    const pieces = [
      'Aim',
      'bot',
      'AIMBOT',
      'Légendary',
      'legend',
      'ÜBER',
      'x9',
      '123',
      '-',
      ' ',
      '.',
      '50%',
      '_',
    ];
    const text = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 7 }).map((p) => p.join(''));
    const listing = fc.record({
      title: text,
      description: text,
      price: fc.integer({ min: 1, max: 5 }),
      isPinned: fc.boolean(),
      status: fc.constantFrom('active', 'sold'),
    });
    const search = fc.oneof(
      fc.constantFrom(
        'aim',
        'bot',
        'aimbot',
        'botaim',
        'gen',
        'legend',
        'endary',
        'ber',
        'x91',
        '123',
        'legendary',
      ),
      fc.constantFrom('Aim bot', 'x9-', '50%', 'ab'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(listing, { minLength: 1, maxLength: 8 }),
        fc.array(search, { minLength: 1, maxLength: 4 }),
        async (made, searches) => {
          for (const l of made) await buildListing(t, { userId: sellerId, ...l });
          for (const q of searches) {
            for (const sort of sorts) {
              for (const status of ['active', 'all'] as const) {
                expect([q, sort, status, await searched(q, sort, status)]).toEqual([
                  q,
                  sort,
                  status,
                  await expected(q, sort, status),
                ]);
              }
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('reads through the trigram indexes when more words than it walks contain the text, with the same answer', async () => {
    const stem = `qz${Date.now().toString(36).slice(-4)}`;
    for (let i = 0; i <= MAX_INDEXED_WORDS; i++) {
      await buildListing(t, {
        userId: sellerId,
        title: `${stem}${i.toString(36)}x Loader`,
        price: 1 + (i % 7),
      });
    }
    const counted = await countStatements(t.database, () => searched(stem, 'price_low'));
    expect(counted.statements.length).toBeGreaterThan(2);
    expect(counted.statements[0]).toMatch(/from "search_words"/);
    expect(counted.statements[1]).not.toMatch(/listing_words/);
    expect(counted.result).toHaveLength(MAX_INDEXED_WORDS + 1);
    expect(counted.result).toEqual(await expected(stem, 'price_low'));
  });
});
