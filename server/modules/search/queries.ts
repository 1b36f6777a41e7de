import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { readStatements } from '../../db/prepared.ts';
import { cheats, forumThreads, marketplaceListings, profiles } from '../../db/schema/index.ts';
import { matching, rankedCandidates, searchTerms, termPlaceholders } from '../../db/search.ts';
import { userKeyset } from '../admin/queries.ts';
import { cheatKeyset } from '../cheats/queries.ts';
import {
  listingKeysets,
  listingWordIds,
  walkedWords,
  wordPatternOf,
  wordsContainingQuery,
} from '../commerce/listings/queries/browse.ts';
import { latestKeyset } from '../forum/queries/thread-lists.ts';

/** Substring and prefix matches considered per kind before ranking. */
const CANDIDATES = 20;

/** One kind of result: the fields it answers with (named as the API names them), and where it is searched. */
interface Kind {
  fields: Record<string, SQLWrapper>;
  from: PgTable;
  /** The column its exact and prefix matches, and its ranking, are on. */
  column: SQLWrapper;
  orderBy: SQL[];
  where: SQL;
  /** When more than `column` is searched (`rankedCandidates`' `substring`). */
  substring?: (pattern: SQLWrapper | string) => SQL;
}

const kinds = {
  cheats: {
    fields: { id: cheats.id, title: cheats.title, status: cheats.status },
    from: cheats,
    column: cheats.title,
    orderBy: cheatKeyset.orderBy,
    where: sql`true`,
  },
  users: {
    fields: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
    from: profiles,
    column: profiles.username,
    orderBy: userKeyset.orderBy,
    where: sql`not ${profiles.banned}`,
  },
  listings: {
    fields: {
      id: marketplaceListings.id,
      title: marketplaceListings.title,
      price: marketplaceListings.price,
    },
    from: marketplaceListings,
    column: marketplaceListings.title,
    orderBy: listingKeysets.newest.orderBy,
    where: sql`${marketplaceListings.status} = 'active'`,
  },
  // Threads match on their title or their Markdown body; the title ranks them.
  threads: {
    fields: { id: forumThreads.id, title: forumThreads.title, replyCount: forumThreads.replyCount },
    from: forumThreads,
    column: forumThreads.title,
    orderBy: latestKeyset.orderBy,
    where: sql`true`,
    substring: (pattern) => matching(pattern, forumThreads.title, forumThreads.content),
  },
} satisfies Record<string, Kind>;

/** A kind's substring condition on the search's pattern: its own, or its column containing the words. */
const substringOf = (kind: Kind) =>
  kind.substring?.(termPlaceholders.pattern) ?? sql`${kind.column} ilike ${termPlaceholders.pattern}`;

/** A kind's best matches as a JSON array of its fields, ranked in a bounded candidate set. */
function kindResults(kind: Kind, limit: SQLWrapper): SQL {
  const names = Object.keys(kind.fields);
  const rows = rankedCandidates({
    columns: sql.join(
      [...names.map((n) => sql`${kind.fields[n]} as ${sql.identifier(n)}`), sql`${kind.column} as rank_key`],
      sql`, `,
    ),
    from: sql`${kind.from}`,
    column: sql`${kind.column}`,
    orderBy: kind.orderBy,
    where: kind.where,
    substring: substringOf(kind),
    terms: termPlaceholders,
    limit,
    candidates: CANDIDATES,
  });
  const object = sql.join(
    names.map((n) => sql`${sql.raw(`'${n}'`)}, r.${sql.identifier(n)}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(${object})), '[]'::json) from (${rows}) r)`;
}

/**
 * Cheats, members, active listings and forum threads matching the words, up to `limit` of each, in ONE
 * statement: exact matches first, then prefix matches, then the closest by trigram similarity, ranked within
 * a bounded candidate set (server/db/search.ts) so a common word costs what a rare one does.
 * - Without the word index (shape ''): planned for each search's words (`planEachCall`, decision 013).
 * - With it (`byWords`): the listings' substring candidates come from the marketplace's word index (decision
 *   031), newest first, and the members' and threads' from `candidateIds`' arrays (`userIds`, `threadIds`).
 *   What is left has one right plan for any words, so it keeps its generic plan (decision 078): planning it
 *   took longer than running it.
 */
function searchQuery(db: Db, byWords: boolean) {
  const limit = sql.placeholder('limit');
  const byIds = (kind: Kind, ids: string): Kind => ({
    ...kind,
    substring: () => sql`${kind.fields.id} = any(${sql.placeholder(ids)}::uuid[])`,
  });
  const listings: Kind = byWords
    ? {
        ...kinds.listings,
        substring: (pattern) =>
          sql`${marketplaceListings.id} = any(array(${listingWordIds({
            words: sql.placeholder('words'),
            sort: 'newest',
            after: undefined,
            check: sql`${kinds.listings.where} and ${kinds.listings.column} ilike ${pattern}`,
            limit: CANDIDATES,
          })}))`,
      }
    : kinds.listings;
  return db
    .select({
      cheats: sql<unknown>`${kindResults(kinds.cheats, limit)}`,
      users: sql<unknown>`${kindResults(byWords ? byIds(kinds.users, 'userIds') : kinds.users, limit)}`,
      listings: sql<unknown>`${kindResults(listings, limit)}`,
      threads: sql<unknown>`${kindResults(byWords ? byIds(kinds.threads, 'threadIds') : kinds.threads, limit)}`,
    })
    .from(sql`(select) as search`);
}

const searchStatement = readStatements('global_search', (db: Db) => searchQuery(db, false), {
  planEachCall: true,
});
const wordSearchStatement = readStatements('global_search_words', (db: Db) => searchQuery(db, true), {
  genericPlan: true,
});

/**
 * What of a search depends on how many rows its words match, planned for them: the indexed words containing
 * its word, and the members' and threads' substring candidates in their list's order (a common word walks
 * the list's index, a rare one reads the trigram index, `rankedCandidates`).
 */
const candidateIds = readStatements(
  'global_search_candidates',
  (db: Db) => {
    const ids = (kind: Kind) => {
      const order = sql.join(kind.orderBy, sql`, `);
      return sql`array(select ${kind.fields.id} from ${kind.from} where ${kind.where} and ${substringOf(kind)} order by ${order} limit ${CANDIDATES})`;
    };
    return db
      .select({
        words: sql<string[]>`array(${wordsContainingQuery(db)})`,
        userIds: sql<string[]>`${ids(kinds.users)}`,
        threadIds: sql<string[]>`${ids(kinds.threads)}`,
      })
      .from(sql`(select) as search`);
  },
  { planEachCall: true },
);

/** `wordIndex: false` reads listings through the trigram indexes only (a test compares both answers). */
export async function selectSearch(db: Db, q: string, limit: number, { wordIndex = true } = {}) {
  const terms = searchTerms(q);
  const wordPattern = wordIndex ? wordPatternOf(q) : undefined;
  const found = wordPattern ? (await candidateIds(db, '').execute({ ...terms, wordPattern }))[0] : undefined;
  const words = found && walkedWords(found.words);
  const [row] = words
    ? await wordSearchStatement(db, '').execute({
        ...terms,
        limit,
        words,
        userIds: found.userIds,
        threadIds: found.threadIds,
      })
    : await searchStatement(db, '').execute({ ...terms, limit });
  const parse = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];
  return {
    cheats: parse<{ id: string; title: string; status: 'undetected' | 'detected' | 'other' }>(row?.cheats),
    users: parse<{ id: string; username: string; avatarUrl: string | null }>(row?.users),
    listings: parse<{ id: string; title: string; price: number }>(row?.listings),
    threads: parse<{ id: string; title: string; replyCount: number }>(row?.threads),
  };
}
