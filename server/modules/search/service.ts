import { type SearchResponse, searchLimits } from '../../../contract/search.ts';
import type { Db } from '../../db/client.ts';
import { selectSearch } from './queries.ts';

const empty: SearchResponse = { cheats: [], users: [], listings: [], threads: [] };

/** Global search: public (cheats, members, active listings and forum threads are all public pages). */
export async function search({ db }: { db: Db }, q: string): Promise<SearchResponse> {
  if (q.length < searchLimits.minLength) return empty;
  return selectSearch(db, q, searchLimits.perType);
}
