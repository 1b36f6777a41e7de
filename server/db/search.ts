import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { profiles } from './schema/index.ts';

/*
 * The one search engine (docs/decisions/013-search-engine.md): case-insensitive substring matching
 * (`ILIKE '%q%'`, wildcards taken literally) on columns that carry a gin_trgm_ops index, written as plain
 * conditions on the searched table itself. PostgreSQL estimates how many rows an ILIKE pattern matches from
 * the column's statistics, so it chooses per query: a common word walks the list's sort index and filters
 * (a page needs a few hundred rows whatever the table's size), a rare one reads its few matches from the
 * trigram indexes (a BitmapOr) and sorts just those. What breaks this is hiding the condition from it: an
 * `id IN (…matches…)` set or an OR across a join makes every match a primary-key lookup before the sort.
 */

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The word a search's text names in a word index (decision 031): its text lower-cased when it is 3 to 32
 * letters a-z and digits, which then lies inside one of the indexed words; otherwise undefined, and the search
 * reads the trigram indexes.
 */
export function indexedWord(q: string): string | undefined {
  const word = q.toLowerCase();
  return /^[a-z0-9]{3,32}$/.test(word) ? word : undefined;
}

/** How many indexed words a search reads through at most; a text inside more falls back to the trigram
 * indexes, where a text that common walks the list's sort index. */
export const MAX_INDEXED_WORDS = 64;

/** Rows where any of `columns` contains `q`, any case. */
export function containing(q: string, ...columns: SQLWrapper[]): SQL {
  return matching(likePattern(q), ...columns);
}

/** Rows where any of `columns` matches `pattern` (a `likePattern`, or a placeholder for one), any case. */
export function matching(pattern: string | SQLWrapper, ...columns: SQLWrapper[]): SQL {
  return or(...columns.map((c) => sql`${c} ilike ${pattern}`))!;
}

/** Rows whose member column (a profiles id) names a member whose username contains `q`. */
export function byUsername(q: string, column: SQLWrapper): SQL {
  return sql`${column} in (select ${profiles.id} from ${profiles} where ${profiles.username} ilike ${likePattern(q)})`;
}

/**
 * A list searched on its own text and on its member's name: the ids of the first `limit` rows in the list's
 * order on each ground, one ordered, limited branch each, for the page to be read from (it then sorts at most
 * 2 × limit rows).
 * - Text: the planner estimates the ILIKE from the column's statistics, so the branch walks the sort index
 *   for a common word and reads the trigram indexes for a rare one.
 * - Member: driven from the members whose username matches (their trigram index), each member's own first
 *   rows read through `memberColumn`'s index (a LATERAL join): its cost follows the matching members, never
 *   the table. Left to itself the planner walked the whole sort index filtering on the member, after a
 *   cursor, when no member matched.
 */
export function firstMatches(opts: {
  table: PgTable;
  id: SQLWrapper;
  where: SQL | undefined;
  text: SQL;
  /** `likePattern(q)`, or a placeholder for it. */
  pattern: string | SQLWrapper;
  memberColumn: SQLWrapper;
  orderBy: SQL[];
  limit: number | SQLWrapper;
  /** The text branch's ids when a word index answers it (decision 031), instead of `text` on the table. */
  textIds?: SQL;
}): SQL {
  const { table, id, where, text, pattern, memberColumn, orderBy, limit } = opts;
  const order = sql.join(orderBy, sql`, `);
  const byText =
    opts.textIds ??
    sql`select ${id} from ${table} where ${and(where, text)} order by ${order} limit ${limit}`;
  // The lateral rows keep the table's name, so `id` and `orderBy` read them as they read the table.
  const byMember = sql`select ${id} from ${profiles} cross join lateral (
      select * from ${table} where ${and(where, sql`${memberColumn} = ${profiles.id}`)} order by ${order} limit ${limit}
    ) as ${table}
    where ${profiles.username} ilike ${pattern} order by ${order} limit ${limit}`;
  // An array, not `in (…)`: the page is read by primary key from these few ids. As a semi-join, a generic plan
  // (decision 031's statement) walked the whole sort index looking each row up in the set.
  return sql`${id} = any(array((${byText}) union all (${byMember})))`;
}

/** The forms of a search's words that `rankedCandidates` compares with: values, or placeholders. */
export interface SearchTerms {
  q: string | SQLWrapper;
  lowered: string | SQLWrapper;
  prefix: string | SQLWrapper;
  pattern: string | SQLWrapper;
}

/** The values of `q`'s forms, named as `termPlaceholders` names them. */
export function searchTerms(q: string) {
  const lowered = q.toLowerCase();
  return { q, lowered, prefix: `${escapeLike(lowered)}%`, pattern: likePattern(q) };
}

/** Placeholders for a statement built once (`preparedStatements`), filled with `searchTerms(q)`. */
export const termPlaceholders: SearchTerms = {
  q: sql.placeholder('q'),
  lowered: sql.placeholder('lowered'),
  prefix: sql.placeholder('prefix'),
  pattern: sql.placeholder('pattern'),
};

/**
 * Global search's candidates for one column, best first, in a bounded set: the exact match and the prefix
 * matches from a `lower(column) text_pattern_ops` btree index, then any `candidates` substring matches from
 * the trigram index. The prefix is also written as the range it spans (from `lowered` up to `lowered`
 * followed by the last code point), which a generic plan can scan (decision 078): from `like $1` alone the
 * planner derives that range only once it sees the value, and a generic plan read the whole index. Ranking (exact, prefix, then trigram similarity) runs over at most 2 × candidates + 1
 * rows, where ranking every match computed similarity() for thousands of rows on a common word.
 */
export function rankedCandidates(opts: {
  columns: SQL;
  from: SQL;
  column: SQL;
  /** The table's list order, newest first (a keyset's `orderBy`, matching one of its btree indexes):
   * substring candidates are taken in it, so a common word walks that index and stops at `candidates`
   * matches, a rare one reads the trigram index. Newest rows sit together in the heap, so the walk reads a
   * few pages; in primary-key (random uuid) order each candidate was a page of its own (313 against 15). */
  orderBy: SQL[];
  where: SQL;
  terms: SearchTerms;
  limit: number | SQLWrapper;
  candidates: number;
  /** The substring condition: `column` containing the words, or more than `column` (e.g. a thread's title and
   * body, written with `matching`). Exact and prefix matches stay on `column`. */
  substring: SQL;
}): SQL {
  const { columns, from, column, orderBy, where, limit, candidates } = opts;
  const { q, lowered, prefix } = opts.terms;
  return sql`select * from (
      (select ${columns} from ${from} where ${where} and lower(${column}) = ${lowered} limit ${limit})
      union
      (select ${columns} from ${from} where ${where} and lower(${column}) ~>=~ ${lowered}
        and lower(${column}) ~<~ (${lowered} || chr(1114111)) and lower(${column}) like ${prefix}
        order by lower(${column}) using ~<~ limit ${candidates})
      union
      (select ${columns} from ${from} where ${where} and ${opts.substring}
        order by ${sql.join(orderBy, sql`, `)} limit ${candidates})
    ) candidates
    order by (lower(rank_key) = ${lowered}) desc, (lower(rank_key) like ${prefix}) desc,
      similarity(rank_key, ${q}) desc, rank_key
    limit ${limit}`;
}
