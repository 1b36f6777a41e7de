import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicProfile } from '../../../contract/profiles.ts';
import { forumRoutes } from '../../lib/api-routes/forum.gen.ts';
import { listingsRoutes } from '../../lib/api-routes/listings.gen.ts';
import { profilesRoutes } from '../../lib/api-routes/profiles.gen.ts';
import { socialRoutes } from '../../lib/api-routes/social.gen.ts';
import { usePagedQuery } from '../../lib/queries.ts';
import { loadRetry } from '../../lib/query-retry.ts';
import { postsRootKey } from '../../lib/query-roots.ts';

/* Keys: ['profile', id] and ['profile', id, 'posts']; the feed's ['posts'] is invalidated by key. */
export const profileKey = (id: string) => ['profile', id] as const;

export const profileQuery = (id: string) =>
  queryOptions({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => profilesRoutes.get({ id }, { signal }),
    // An unknown id is final: client errors are not retried.
    ...loadRetry,
  });

export function useProfile(id: string) {
  return useQuery(profileQuery(id));
}

export function useProfilePosts(id: string, enabled: boolean) {
  return usePagedQuery(
    [...profileKey(id), 'posts'],
    (cursor, signal) => socialRoutes.byAuthor({ id }, { cursor }, { signal }),
    { enabled },
  );
}

export function useFollowProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? profilesRoutes.follow : profilesRoutes.unfollow)({ id }),
    onSuccess: (res) => {
      queryClient.setQueryData<PublicProfile>(profileKey(id), (p) =>
        p ? { ...p, isFollowing: res.following, followerCount: res.followerCount } : p,
      );
      return queryClient.invalidateQueries({ queryKey: postsRootKey });
    },
  });
}

export function useProfileForumThreads(id: string, enabled: boolean) {
  return usePagedQuery(
    [...profileKey(id), 'forum-threads'],
    (cursor, signal) => forumRoutes.byUser({ id }, { cursor }, { signal }),
    { enabled },
  );
}

/** Feedback the member received as a seller (average, vouch count, entries), from the marketplace. */
export function useProfileFeedback(id: string) {
  return usePagedQuery(
    ['profiles', id, 'feedback'],
    (cursor, signal) => listingsRoutes.sellerFeedback({ id }, { cursor }, { signal }),
    { meta: { public: true } },
  );
}
