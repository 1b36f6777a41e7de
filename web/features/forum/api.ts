import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  EditThreadBody,
  ForumReply,
  ForumReplyPage,
  ForumThread,
  ForumThreadView,
  NewThreadBody,
} from '../../../contract/forum.ts';
import { forumRoutes } from '../../lib/api-routes/forum.gen.ts';
import { profilesRoutes } from '../../lib/api-routes/profiles.gen.ts';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { notificationsRootKey } from '../../lib/query-roots.ts';
import { myReviewItemsKey } from '../../lib/review-items.ts';
import { forumKeys } from './keys.ts';

/** A thread as an action answers it (no replies) laid over the cached thread page. */
function mergeThread(queryClient: QueryClient, thread: ForumThread) {
  queryClient.setQueryData<ForumThreadView>(forumKeys.thread(thread.id), (old) =>
    old ? { ...old, ...thread } : old,
  );
}

/** Markdown rendered by the server's one renderer, for the editor's Preview tab. */
export function usePreview() {
  return useMutation({
    mutationFn: (content: string) => forumRoutes.preview({ content }),
  });
}

/** Members whose username starts with `q`, for the editor's @ autocomplete (nothing is asked for an empty q). */
export function useMentionSuggestions(q: string) {
  return useQuery({
    queryKey: ['users', 'autocomplete', q],
    queryFn: ({ signal }) => profilesRoutes.autocomplete({ q }, { signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export function useEditThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditThreadBody) => forumRoutes.editThread({ id }, body),
    onSuccess: (thread) => {
      mergeThread(queryClient, thread);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

export type ThreadModeration = { pin: boolean } | { lock: boolean } | { categoryId: string };

/** Staff: pin, lock or move a thread. */
export function useModerateThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ThreadModeration) =>
      'pin' in change
        ? forumRoutes.pin({ id }, { pinned: change.pin })
        : 'lock' in change
          ? forumRoutes.lock({ id }, { locked: change.lock })
          : forumRoutes.move({ id }, { categoryId: change.categoryId }),
    onSuccess: (thread) => {
      mergeThread(queryClient, thread);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

export function useEditReply(threadId: string) {
  return useRefreshingMutation(
    ({ id, content }: { id: string; content: string }) => forumRoutes.editReply({ id }, { content }),
    forumKeys.replies(threadId),
  );
}

/** Deletes a reply; the thread (its reply count) and its replies are read again. */
export function useDeleteReply(threadId: string) {
  return useRefreshingMutation(
    (id: string) => forumRoutes.deleteReply({ id }),
    forumKeys.thread(threadId),
    forumKeys.replies(threadId),
    ['forum', 'threads'],
  );
}

/** Staff: earlier versions of a thread or a reply. */
export function useRevisions(kind: 'threads' | 'replies', id: string, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.revisions(kind, id),
    queryFn: ({ signal }) =>
      (kind === 'threads' ? forumRoutes.threadRevisions : forumRoutes.replyRevisions)({ id }, { signal }),
    enabled,
  });
}

export function useForumCategories() {
  return useQuery({
    queryKey: forumKeys.categories,
    queryFn: ({ signal }) => forumRoutes.categories({ signal }),
  });
}

export function useForumThreads(categoryId: string) {
  return usePagedQuery(forumKeys.threads(categoryId), (cursor, signal) =>
    forumRoutes.threads({ categoryId, cursor }, { signal }),
  );
}

/**
 * The thread page in one request: the thread (with the viewer's vote, watch and read position) and its
 * first page of replies, from the first unread one for a member who has some.
 */
export function useForumThread(id: string) {
  return useQuery({
    queryKey: forumKeys.thread(id),
    queryFn: ({ signal }) => forumRoutes.thread({ id }, { signal }),
  });
}

/**
 * A thread's replies from the start or from the first unread one; the page the thread request brought is
 * its first page (no second request), later pages come from the replies endpoint.
 */
export function useForumReplies(thread: ForumThreadView, from: 'start' | 'unread') {
  const first = from === 'unread' ? (thread.unreadCursor ?? undefined) : undefined;
  return useInfiniteQuery({
    queryKey: [...forumKeys.replies(thread.id), from],
    queryFn: ({ pageParam, signal }) =>
      forumRoutes.replies({ id: thread.id }, { cursor: pageParam }, { signal }),
    initialPageParam: first,
    initialData: from === thread.repliesFrom ? { pages: [thread.replies], pageParams: [first] } : undefined,
    // Fresh until an action invalidates it: the thread request has just brought the first page.
    staleTime: Number.POSITIVE_INFINITY,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Records how far the member has read; the category counts, thread markers and bell follow. */
export function useMarkRead(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string | null) => forumRoutes.read({ id: threadId }, { replyId }),
    onSuccess: () =>
      Promise.all(
        [...forumKeys.categoryLists, notificationsRootKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useWatch(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) => forumRoutes.watch({ id: threadId }, { watching }),
    onSuccess: ({ watching }) => {
      queryClient.setQueryData<ForumThreadView>(forumKeys.thread(threadId), (old) =>
        old ? { ...old, watching } : old,
      );
      return Promise.all(
        forumKeys.categoryLists.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** Likes or unlikes a reply; its count changes in place in every loaded page. */
export function useLikeReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => forumRoutes.likeReply({ id }, { liked }),
    onSuccess: (result, { id }) => {
      const update = (r: ForumReply) => (r.id === id ? { ...r, ...result } : r);
      queryClient.setQueriesData<InfiniteData<ForumReplyPage>>(
        { queryKey: forumKeys.replies(threadId) },
        (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map(update) })) },
      );
      queryClient.setQueryData<ForumThreadView>(
        forumKeys.thread(threadId),
        (old) => old && { ...old, replies: { ...old.replies, items: old.replies.items.map(update) } },
      );
    },
  });
}

/** A new thread: published (the thread), or held for staff (issue 36: the queue item, shown to its author). */
export function useCreateThread() {
  return useRefreshingMutation(
    (body: NewThreadBody) => forumRoutes.createThread(body),
    forumKeys.all,
    myReviewItemsKey,
  );
}

/** A reply: published, or held for staff like a new thread. */
export function useReply(threadId: string) {
  return useRefreshingMutation(
    (content: string) => forumRoutes.reply({ id: threadId }, { content }),
    forumKeys.all,
    myReviewItemsKey,
  );
}

export function useVote(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: 1 | -1 | 0) => forumRoutes.vote({ id: threadId }, { value }),
    onSuccess: (counts) => {
      queryClient.setQueryData<ForumThreadView>(forumKeys.thread(threadId), (old) =>
        old ? { ...old, ...counts } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['forum', 'threads'] });
    },
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => forumRoutes.deleteThread({ id }),
    // Stale but not refetched now: the deleted thread's own page is still on screen until it navigates.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all, refetchType: 'none' }),
  });
}

export function useCreateCategory() {
  return useRefreshingMutation(
    (body: { name: string; description: string }) => forumRoutes.createCategory(body),
    forumKeys.categories,
  );
}

export function useDeleteCategory() {
  return useRefreshingMutation((id: string) => forumRoutes.deleteCategory({ id }), forumKeys.all);
}
