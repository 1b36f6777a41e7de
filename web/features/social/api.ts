import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { createPostBody, FeedTab, Post, PostPage } from '../../../contract/social.ts';
import { profilesRoutes } from '../../lib/api-routes/profiles.gen.ts';
import { socialRoutes } from '../../lib/api-routes/social.gen.ts';
import { pagedQuery, usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { postsRootKey } from '../../lib/query-roots.ts';
import { myReviewItemsKey } from '../../lib/review-items.ts';

/*
 * Keys: ['posts', ...] for everything post-shaped (feed pages, a post's comments), ['stats'] for the home
 * page, ['profile', id] for the profile feature's data (invalidated by key here; features never import
 * each other).
 */
export const postsKey = postsRootKey;
const feedRootKey = ['posts', 'feed'] as const;
export const feedKey = (tab: FeedTab) => [...feedRootKey, tab] as const;
export const commentsKey = (postId: string) => ['posts', 'comments', postId] as const;
export const statsKey = ['stats'] as const;
/** The profile feature's root key (its pages show a member's posts and counts). */
const profilesKey = ['profile'] as const;

type FeedData = InfiniteData<PostPage, string | undefined>;

export const feedQuery = (tab: FeedTab) =>
  pagedQuery(feedKey(tab), (cursor, signal) => socialRoutes.feed({ tab, cursor }, { signal }));

export function useFeed(tab: FeedTab, enabled: boolean) {
  return useInfiniteQuery({ ...feedQuery(tab), enabled });
}

export const statsQuery = queryOptions({
  queryKey: statsKey,
  queryFn: ({ signal }) => socialRoutes.stats({ signal }),
  staleTime: 30_000,
  // The same for everyone: kept when members sign in or out.
  meta: { public: true },
});

export function useStats() {
  return useQuery(statsQuery);
}

/** Rewrites every cached feed page's posts (both tabs), for instant feedback. */
function editCachedFeed(queryClient: QueryClient, edit: (posts: Post[]) => Post[]) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedRootKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) } : data,
  );
}

/** Applies `change` to every cached copy of matching posts. */
function updateCachedPosts(queryClient: QueryClient, match: (p: Post) => boolean, change: (p: Post) => Post) {
  editCachedFeed(queryClient, (posts) => posts.map((p) => (match(p) ? change(p) : p)));
}

export function useCreatePost() {
  return useRefreshingMutation(
    (body: z.output<typeof createPostBody>) => socialRoutes.createPost(body),
    myReviewItemsKey,
    postsKey,
    statsKey,
    profilesKey,
  );
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => socialRoutes.deletePost({ id: postId }),
    onSuccess: (_data, postId) => {
      editCachedFeed(queryClient, (posts) => posts.filter((p) => p.id !== postId));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: profilesKey }),
      ]);
    },
  });
}

/** Like or unlike at once on screen; the server's count replaces the guess, and a failure rolls back. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, like }: { postId: string; like: boolean }) =>
      (like ? socialRoutes.like : socialRoutes.unlike)({ id: postId }),
    onMutate: async ({ postId, like }) => {
      await queryClient.cancelQueries({ queryKey: feedRootKey });
      const before = queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey });
      updateCachedPosts(
        queryClient,
        (p) => p.id === postId,
        (p) =>
          p.likedByMe === like
            ? p
            : { ...p, likedByMe: like, likeCount: Math.max(0, p.likeCount + (like ? 1 : -1)) },
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (res, { postId }) =>
      updateCachedPosts(
        queryClient,
        (p) => p.id === postId,
        (p) => ({ ...p, likedByMe: res.liked, likeCount: res.likeCount }),
      ),
  });
}

export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      (follow ? profilesRoutes.follow : profilesRoutes.unfollow)({ id: userId }),
    onSuccess: (res, { userId }) => {
      updateCachedPosts(
        queryClient,
        (p) => p.author.id === userId,
        (p) => ({ ...p, followingAuthor: res.following }),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKey('following') }),
        queryClient.invalidateQueries({ queryKey: profilesKey }),
      ]);
    },
  });
}

export function useComments(postId: string, enabled: boolean) {
  return usePagedQuery(
    commentsKey(postId),
    (cursor, signal) => socialRoutes.comments({ id: postId }, { cursor }, { signal }),
    { enabled },
  );
}

function bumpCommentCount(queryClient: QueryClient, postId: string, delta: number) {
  updateCachedPosts(
    queryClient,
    (p) => p.id === postId,
    (p) => ({ ...p, commentCount: Math.max(0, p.commentCount + delta) }),
  );
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => socialRoutes.comment({ id: postId }, { content }),
    onSuccess: () => {
      bumpCommentCount(queryClient, postId, 1);
      return queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => socialRoutes.deleteComment({ id: commentId }),
    onSuccess: () => {
      bumpCommentCount(queryClient, postId, -1);
      return queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}
