import { useQuery } from '@tanstack/react-query';
import { forumRoutes } from '../../lib/api-routes/forum.gen.ts';
import { forumKeys } from './keys.ts';

/*
 * The one forum query the home page makes, apart from the forum's API (api.ts): the home's first screen does not
 * fetch the forum's mutations and their words (issue 38).
 */

/** The home page's newest threads by last activity (with the member's unread markers). */
export function useLatestThreads() {
  return useQuery({
    queryKey: forumKeys.latest,
    queryFn: ({ signal }) => forumRoutes.latest({ signal }),
  });
}
