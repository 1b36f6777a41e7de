import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { type Keyset, keyset } from '../../../../db/cursor.ts';
import { limitShape, literalLimit, readStatements } from '../../../../db/prepared.ts';
import { marketplaceListings as listings, listingWords, searchWords } from '../../../../db/schema/index.ts';
import {
  firstMatches,
  indexedWord,
  likePattern,
  MAX_INDEXED_WORDS,
  matching,
} from '../../../../db/search.ts';
import { selectListings } from './listing-select.ts';

/* The marketplace list: browse pages (prepared per shape) and searches (word index or trigram engine). */

export type ListingSortKey = 'newest' | 'price_low' | 'price_high';
/** [pinned, createdAt text | price, id] */
export type ListingCursor = [boolean, string | number, string];

export interface ListingFilter {
  status?: 'active' | 'sold';
  type?: 'cheat' | 'account' | 'item';
  q?: string;
  sort: ListingSortKey;
  after?: ListingCursor;
  limit: number;
}

/*
 * Each sort as its index orders rows, NULLS placement included (the listings_*_idx indexes, with or without
 * the status column first, and listing_words_*_idx after the word): pinned first, then the chosen key, then
 * id. The price-high indexes are (is_pinned, price, id) read backwards: every key DESC NULLS FIRST.
 */
function sortKeysets(keys: {
  isPinned: SQLWrapper;
  createdAt: SQLWrapper;
  price: SQLWrapper;
  id: SQLWrapper;
}): Record<ListingSortKey, Keyset<ListingCursor>> {
  return {
    newest: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc' },
      { column: keys.createdAt, kind: 'time', dir: 'desc' },
      { column: keys.id, kind: 'uuid', dir: 'desc' },
    ),
    price_low: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc' },
      { column: keys.price, kind: 'int', dir: 'asc' },
      { column: keys.id, kind: 'uuid', dir: 'asc' },
    ),
    price_high: keyset(
      { column: keys.isPinned, kind: 'bool', dir: 'desc', nulls: 'first' },
      { column: keys.price, kind: 'int', dir: 'desc', nulls: 'first' },
      { column: keys.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
    ),
  };
}

export const listingKeysets = sortKeysets(listings);

/* The same sorts over listing_words' copies of the keys, for the word index's walk. */
const wordKeysets = sortKeysets({
  isPinned: listingWords.isPinned,
  createdAt: listingWords.createdAt,
  price: listingWords.price,
  id: listingWords.listingId,
});

/** Which listings a list shows: `all` is active and sold (a suspended listing, banned seller, is never listed). */
function listed(f: Pick<ListingFilter, 'status' | 'type'>): SQL | undefined {
  return and(
    f.status ? eq(listings.status, f.status) : inArray(listings.status, ['active', 'sold']),
    f.type ? eq(listings.type, f.type) : undefined,
  );
}

/**
 * A page without a search: a prepared statement per database and shape (sort, status, type, cursor), the
 * marketplace's most read list. A search stays a statement planned for its words (docs/decisions/025).
 */
const listingPageStatement = readStatements(
  'listing_page',
  (db: Db, f: Pick<ListingFilter, 'status' | 'type' | 'sort'>, after: SQL | undefined, limit: number) =>
    selectListings(db)
      .where(and(listed(f), after))
      .orderBy(...listingKeysets[f.sort].orderBy)
      .limit(literalLimit(limit)),
);

/**
 * A search page: the SQL is built once per shape like the browse page's, with the words a placeholder, but
 * sent unnamed, so PostgreSQL plans each search for its own words (decision 013: a common word walks the sort
 * index, a rare one reads the trigram indexes).
 */
const listingSearchStatement = readStatements(
  'listing_search',
  (db: Db, f: Pick<ListingFilter, 'status' | 'type' | 'sort'>, after: SQL | undefined) =>
    searchPage(db, f, after),
  { planEachCall: true },
);

/**
 * A search page's query: the text branch from the word index (`words`, with its walk's cursor condition) or
 * from the trigram engine, then the seller branch; the page read by primary key from their ids.
 */
function searchPage(
  db: Db,
  f: Pick<ListingFilter, 'status' | 'type' | 'sort'>,
  after: SQL | undefined,
  words?: { after: SQL | undefined },
) {
  const order = listingKeysets[f.sort];
  const where = and(listed(f), after);
  const pattern = sql.placeholder('pattern');
  const limit = sql.placeholder('limit');
  const text = matching(pattern, listings.title, listings.description);
  const textIds =
    words &&
    listingWordIds({
      words: sql.placeholder('words'),
      sort: f.sort,
      after: words.after,
      check: and(listed(f), text),
      limit,
    });
  return selectListings(db)
    .where(
      and(
        where,
        firstMatches({
          table: listings,
          id: listings.id,
          where,
          text,
          textIds,
          pattern,
          memberColumn: listings.userId,
          orderBy: order.orderBy,
          limit,
        }),
      ),
    )
    .orderBy(...order.orderBy)
    .limit(limit);
}

/**
 * The indexed words containing a search's word (`%word%` in the placeholder `wordPattern`), one more than a
 * search reads through. Planned for its words: a generic plan, knowing neither the pattern nor that the limit
 * is small, scanned every word.
 */
export const wordsContainingQuery = (db: Db) =>
  db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} like ${sql.placeholder('wordPattern')}`)
    .limit(MAX_INDEXED_WORDS + 1);

const wordsContaining = readStatements('listing_words_containing', wordsContainingQuery, {
  planEachCall: true,
});

/** The `wordPattern` of `wordsContainingQuery` for a search of `q`, when the word index can answer it. */
export function wordPatternOf(q: string): string | undefined {
  const word = indexedWord(q);
  return word ? `%${word}%` : undefined;
}

/** The words a search walks, or undefined when more than it walks contain its word (decision 031). */
export const walkedWords = (found: string[]) => (found.length > MAX_INDEXED_WORDS ? undefined : found);

/**
 * The indexed words a search of `q` walks (decision 031), or undefined when the word index cannot answer
 * it: `q` is not 3 to 32 letters and digits, or more words than a search walks contain it.
 */
export async function listingWordsContaining(db: Db, q: string): Promise<string[] | undefined> {
  const wordPattern = wordPatternOf(q);
  if (!wordPattern) return undefined;
  const found = await wordsContaining(db, '').execute({ wordPattern });
  return walkedWords(found.map((w) => w.word));
}

/**
 * The ids of listings holding one of `words` (a text[] placeholder): each word's listings walked in `sort`'s
 * order (listing_words_*_idx) from `after`, each checked by `check` (a condition on the listing row) until
 * `limit` pass. The check is a scalar subquery so that it stays a per-row filter on the ordered walk: as a
 * join the planner may read every listing of the word before sorting.
 */
export function listingWordIds(opts: {
  words: SQLWrapper;
  sort: ListingSortKey;
  after: SQL | undefined;
  check: SQL | undefined;
  limit: SQLWrapper | number;
}): SQL {
  const checked = sql`(select ${opts.check} from ${listings} where ${listings.id} = ${listingWords.listingId})`;
  return sql`select ${listingWords.listingId}
    from unnest(${opts.words}::text[]) as found(word) cross join lateral (
      select ${listingWords.listingId} from ${listingWords}
      where ${and(sql`${listingWords.word} = found.word`, opts.after, checked)}
      order by ${sql.join(wordKeysets[opts.sort].orderBy, sql`, `)} limit ${opts.limit}
    ) as ${listingWords}`;
}

/**
 * A search page through the word index (decision 031): for each word containing the search's word, that
 * word's listings in the list's order, each checked on its own row (shown in this list, title or description
 * containing the text) until a page is found; then the seller branch as in any search. Its cost follows the
 * page and the words, never how many listings match, so its generic plan serves every search. PostgreSQL
 * would not settle on it by itself: unable to see how many words and sellers' names match, it prices the
 * generic plan eight times the custom one and planned every call (0.67 ms, against 0.29 ms to run), so the
 * statement runs where generic plans are kept (decision 078).
 */
const listingWordSearchStatement = readStatements(
  'listing_word_search',
  (
    db: Db,
    f: Pick<ListingFilter, 'status' | 'type' | 'sort'>,
    after: SQL | undefined,
    wordAfter: SQL | undefined,
  ) => searchPage(db, f, after, { after: wordAfter }),
  { genericPlan: true },
);

/**
 * One page: pinned first, then the chosen sort; one statement whatever the page size. The search is the
 * shared engine's (server/db/search.ts): title, description or seller, as conditions on the listing row.
 */
export async function listListings(db: Db, f: ListingFilter) {
  const order = listingKeysets[f.sort];
  const from = order.afterPrepared(f.after);
  const shape = `${f.sort}_${f.status ?? 'all'}_${f.type ?? 'any'}${from.shape ? `_${from.shape}` : ''}`;
  const values = { limit: order.limit(f.limit), ...from.values };
  if (!f.q) {
    const limit = order.limit(f.limit);
    return listingPageStatement(db, `${shape}${limitShape(limit)}`, f, from.condition, limit).execute(values);
  }
  const words = await listingWordsContaining(db, f.q);
  if (words) {
    // The same cursor over the word rows' copies of the keys: its placeholders are named as the listing's
    // (after0…), with the same values, so one shape names both conditions.
    const wordFrom = wordKeysets[f.sort].afterPrepared(f.after);
    return listingWordSearchStatement(db, shape, f, from.condition, wordFrom.condition).execute({
      ...values,
      ...wordFrom.values,
      pattern: likePattern(f.q),
      words,
    });
  }
  return listingSearchStatement(db, shape, f, from.condition).execute({
    ...values,
    pattern: likePattern(f.q),
  });
}
