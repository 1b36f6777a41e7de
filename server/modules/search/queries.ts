import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../db/cursor.ts';
import { cheats, marketplaceListings, profiles } from '../../db/schema/index.ts';

/**
 * Exact matches first, then prefix matches, then the closest by trigram similarity; `ilike '%q%'` is served
 * by the gin_trgm indexes on cheats.title, profiles.username and marketplace_listings.title.
 */
function ranked(column: SQL, q: string, prefix: string) {
  return sql`(lower(${column}) = lower(${q})) desc, (${column} ilike ${prefix}) desc, similarity(${column}, ${q}) desc, ${column}`;
}

/** Cheats, members and active listings matching `q`, up to `limit` of each, in ONE statement. */
export async function selectSearch(db: Db, q: string, limit: number) {
  const contains = likePattern(q);
  const prefix = `${likePattern(q).slice(1)}`;
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'status', c.status)), '[]'::json)
         from (select ${cheats.id} as id, ${cheats.title} as title, ${cheats.status} as status from ${cheats}
               where ${cheats.title} ilike ${contains}
               order by ${ranked(sql`${cheats.title}`, q, prefix)} limit ${limit}) c) as cheats,
      (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'avatarUrl', u.avatar_url)), '[]'::json)
         from (select ${profiles.id} as id, ${profiles.username} as username, ${profiles.avatarUrl} as avatar_url
               from ${profiles}
               where ${profiles.username} ilike ${contains} and not ${profiles.banned}
               order by ${ranked(sql`${profiles.username}`, q, prefix)} limit ${limit}) u) as users,
      (select coalesce(json_agg(json_build_object('id', l.id, 'title', l.title, 'price', l.price)), '[]'::json)
         from (select ${marketplaceListings.id} as id, ${marketplaceListings.title} as title,
                      ${marketplaceListings.price} as price
               from ${marketplaceListings}
               where ${marketplaceListings.title} ilike ${contains} and ${marketplaceListings.status} = 'active'
               order by ${ranked(sql`${marketplaceListings.title}`, q, prefix)} limit ${limit}) l) as listings`);
  const [row] = (result as unknown as { rows: { cheats: unknown; users: unknown; listings: unknown }[] })
    .rows;
  const parse = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];
  return {
    cheats: parse<{ id: string; title: string; status: 'undetected' | 'detected' | 'other' }>(row?.cheats),
    users: parse<{ id: string; username: string; avatarUrl: string | null }>(row?.users),
    listings: parse<{ id: string; title: string; price: number }>(row?.listings),
  };
}
