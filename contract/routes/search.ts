import { searchQuery, searchResponse } from '../search.ts';
import type { RouteGroup } from './route.ts';

/** The header's global search. */
export const searchRoutes = {
  search: {
    method: 'GET',
    path: '/search',
    access: 'public',
    summary: 'Global search: up to 3 cheats, 3 members and 3 active listings; exact and prefix matches first',
    query: searchQuery,
    response: { 200: searchResponse },
  },
} as const satisfies RouteGroup;
