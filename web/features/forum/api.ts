import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EditThreadBody,
  ForumCategory,
  ForumLatestList,
  ForumReply,
  ForumReplyPage,
  ForumRevisionList,
  ForumThread,
  ForumThreadPage,
  NewThreadBody,
  VoteResponse,
} from '../../../contract/forum.ts';
import type { UserSummary } from '../../../contract/profiles.ts';
import { api } from '../../lib/api.ts';

export const forumKeys = {
  all: ['forum'] as const,
  categories: ['forum', 'categories'] as const,
  threads: (categoryId: string) => ['forum', 'threads', categoryId] as const,
  thread: (id: string) => ['forum', 'thread', id] as const,
  replies: (id: string) => ['forum', 'replies', id] as const,
  latest: ['forum', 'latest'] as const,
  revisions: (kind: 'threads' | 'replies', id: string) => ['forum', 'revisions', kind, id] as const,
};

/** The home page's newest threads by last activity. */
export function useLatestThreads() {
  return useQuery({
    queryKey: forumKeys.latest,
    queryFn: ({ signal }) => api<ForumLatestList>('/forum/threads/latest', { signal }),
    meta: { public: true },
  });
}

/** Markdown rendered by the server's one renderer, for the editor's Preview tab. */
export function usePreview() {
  return useMutation({
    mutationFn: (content: string) =>
      api<{ html: string }>('/forum/preview', { method: 'POST', body: { content } }),
  });
}

/** Members whose username starts with `q`, for the editor's @ autocomplete (nothing is asked for an empty q). */
export function useMentionSuggestions(q: string) {
  return useQuery({
    queryKey: ['users', 'autocomplete', q],
    queryFn: ({ signal }) =>
      api<{ items: UserSummary[] }>(`/users/autocomplete?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export function useEditThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditThreadBody) => api<ForumThread>(`/forum/threads/${id}`, { method: 'PATCH', body }),
    onSuccess: (thread) => {
      queryClient.setQueryData(forumKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

export type ThreadModeration = { pin: boolean } | { lock: boolean } | { categoryId: string };

/** Staff: pin, lock or move a thread. */
export function useModerateThread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ThreadModeration) => {
      const [path, body] =
        'pin' in change
          ? ['pin', { pinned: change.pin }]
          : 'lock' in change
            ? ['lock', { locked: change.lock }]
            : ['category', { categoryId: change.categoryId }];
      return api<ForumThread>(`/forum/threads/${id}/${path}`, { method: 'PUT', body });
    },
    onSuccess: (thread) => {
      queryClient.setQueryData(forumKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

export function useEditReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api<ForumReply>(`/forum/replies/${id}`, { method: 'PATCH', body: { content } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.replies(threadId) }),
  });
}

/** Deletes a reply; the thread (its reply count) and its replies are read again. */
export function useDeleteReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<undefined>(`/forum/replies/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.thread(threadId) }),
        queryClient.invalidateQueries({ queryKey: forumKeys.replies(threadId) }),
        queryClient.invalidateQueries({ queryKey: ['forum', 'threads'] }),
      ]),
  });
}

/** Staff: earlier versions of a thread or a reply. */
export function useRevisions(kind: 'threads' | 'replies', id: string, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.revisions(kind, id),
    queryFn: ({ signal }) => api<ForumRevisionList>(`/forum/${kind}/${id}/revisions`, { signal }),
    enabled,
  });
}

export function useForumCategories() {
  return useQuery({
    queryKey: forumKeys.categories,
    queryFn: ({ signal }) => api<{ items: ForumCategory[] }>('/forum/categories', { signal }),
    meta: { public: true },
  });
}

export function useForumThreads(categoryId: string) {
  return useInfiniteQuery({
    queryKey: forumKeys.threads(categoryId),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ categoryId });
      if (pageParam) search.set('cursor', pageParam);
      return api<ForumThreadPage>(`/forum/threads?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { public: true },
  });
}

/** The thread carries the viewer's own vote, so it is not kept across sign-in and sign-out. */
export function useForumThread(id: string) {
  return useQuery({
    queryKey: forumKeys.thread(id),
    queryFn: ({ signal }) => api<ForumThread>(`/forum/threads/${id}`, { signal }),
  });
}

export function useForumReplies(threadId: string) {
  return useInfiniteQuery({
    queryKey: forumKeys.replies(threadId),
    queryFn: ({ pageParam, signal }) =>
      api<ForumReplyPage>(
        `/forum/threads/${threadId}/replies${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { public: true },
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewThreadBody) => api<ForumThread>('/forum/threads', { method: 'POST', body }),
    onSuccess: (thread) => {
      queryClient.setQueryData(forumKeys.thread(thread.id), thread);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}

export function useReply(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<ForumReply>(`/forum/threads/${threadId}/replies`, { method: 'POST', body: { content } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export function useVote(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: 1 | -1 | 0) =>
      api<VoteResponse>(`/forum/threads/${threadId}/vote`, { method: 'PUT', body: { value } }),
    onSuccess: (counts) => {
      queryClient.setQueryData<ForumThread>(forumKeys.thread(threadId), (old) =>
        old ? { ...old, ...counts } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['forum', 'threads'] });
    },
  });
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<undefined>(`/forum/threads/${id}`, { method: 'DELETE' }),
    // Stale but not refetched now: the deleted thread's own page is still on screen until it navigates.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all, refetchType: 'none' }),
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description: string }) =>
      api<ForumCategory>('/admin/forum/categories', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.categories }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/admin/forum/categories/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}
