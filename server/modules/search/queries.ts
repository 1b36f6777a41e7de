import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { cheats, forumThreads, marketplaceListings, profiles } from '../../db/schema/index.ts';
import { matching, rankedCandidates, searchTerms, termPlaceholders } from '../../db/search.ts';
import { userKeyset } from '../admin/queries.ts';
import { cheatKeyset } from '../cheats/queries.ts';
import { latestKeyset } from '../forum/queries.ts';
import { listingKeysets } from '../marketplace/queries.ts';

/** Substring and prefix matches considered per kind before ranking. */
const CANDIDATES = 20;

/**
 * Cheats, members and active listings matching the words, up to `limit` of each, in ONE statement: exact
 * matches first, then prefix matches, then the closest by trigram similarity, ranked within a bounded
 * candidate set (server/db/search.ts) so a common word costs what a rare one does. Built once per database,
 * planned for each search's words (`planEachCall`, decision 013).
 */
const searchStatement = preparedStatements(
  'global_search',
  (db: Db) => {
    const terms = termPlaceholders;
    const limit = sql.placeholder('limit');
    const candidates = CANDIDATES;
    const cheatRows = rankedCandidates({
      columns: sql`${cheats.id} as id, ${cheats.title} as title, ${cheats.status} as status, ${cheats.title} as rank_key`,
      from: sql`${cheats}`,
      column: sql`${cheats.title}`,
      orderBy: cheatKeyset.orderBy,
      where: sql`true`,
      terms,
      limit,
      candidates,
    });
    const userRows = rankedCandidates({
      columns: sql`${profiles.id} as id, ${profiles.username} as username, ${profiles.avatarUrl} as avatar_url, ${profiles.username} as rank_key`,
      from: sql`${profiles}`,
      column: sql`${profiles.username}`,
      orderBy: userKeyset.orderBy,
      where: sql`not ${profiles.banned}`,
      terms,
      limit,
      candidates,
    });
    const listingRows = rankedCandidates({
      columns: sql`${marketplaceListings.id} as id, ${marketplaceListings.title} as title, ${marketplaceListings.price} as price, ${marketplaceListings.title} as rank_key`,
      from: sql`${marketplaceListings}`,
      column: sql`${marketplaceListings.title}`,
      orderBy: listingKeysets.newest.orderBy,
      where: sql`${marketplaceListings.status} = 'active'`,
      terms,
      limit,
      candidates,
    });
    // Threads match on their title or their Markdown body; the title ranks them.
    const threadRows = rankedCandidates({
      columns: sql`${forumThreads.id} as id, ${forumThreads.title} as title, ${forumThreads.replyCount} as reply_count, ${forumThreads.title} as rank_key`,
      from: sql`${forumThreads}`,
      column: sql`${forumThreads.title}`,
      orderBy: latestKeyset.orderBy,
      where: sql`true`,
      substring: matching(terms.pattern, forumThreads.title, forumThreads.content),
      terms,
      limit,
      candidates,
    });
    return db
      .select({
        cheats: sql<unknown>`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'status', c.status)), '[]'::json)
           from (${cheatRows}) c)`,
        users: sql<unknown>`(select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'avatarUrl', u.avatar_url)), '[]'::json)
           from (${userRows}) u)`,
        listings: sql<unknown>`(select coalesce(json_agg(json_build_object('id', l.id, 'title', l.title, 'price', l.price)), '[]'::json)
           from (${listingRows}) l)`,
        threads: sql<unknown>`(select coalesce(json_agg(json_build_object('id', f.id, 'title', f.title, 'replyCount', f.reply_count)), '[]'::json)
           from (${threadRows}) f)`,
      })
      .from(sql`(select) as search`);
  },
  { planEachCall: true },
);

export async function selectSearch(db: Db, q: string, limit: number) {
  const [row] = await searchStatement(db, '').execute({ ...searchTerms(q), limit });
  const parse = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];
  return {
    cheats: parse<{ id: string; title: string; status: 'undetected' | 'detected' | 'other' }>(row?.cheats),
    users: parse<{ id: string; username: string; avatarUrl: string | null }>(row?.users),
    listings: parse<{ id: string; title: string; price: number }>(row?.listings),
    threads: parse<{ id: string; title: string; replyCount: number }>(row?.threads),
  };
}
