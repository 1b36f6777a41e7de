import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationPage, DirectMessage, ThreadResponse } from '../../../contract/direct-messages.ts';
import type { UserSummary } from '../../../contract/profiles.ts';
import { api } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/queries.ts';
import { notificationsRootKey } from '../../lib/query-roots.ts';

/*
 * Keys: ['conversations'] for the list, ['conversations', userId] for a thread; live 'message' events
 * invalidate both (web/lib/socket.ts). The bell's root key is in web/lib/query-roots.ts (features never import each other).
 */
export const conversationsKey = ['conversations'] as const;
export const threadKey = (userId: string) => ['conversations', userId] as const;

export const conversationsQuery = queryOptions({
  queryKey: conversationsKey,
  queryFn: ({ signal }) => api<ConversationPage>('/conversations', { signal }),
});

export function useConversations(enabled: boolean) {
  return useQuery({ ...conversationsQuery, enabled });
}

export function useThread(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threadKey(userId ?? ''),
    queryFn: async ({ signal }) => {
      const thread = await api<ThreadResponse>(`/conversations/${userId}`, { signal });
      // Opening the thread marked my received messages read: the list's unread counts change.
      queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
      queryClient.invalidateQueries({ queryKey: notificationsRootKey });
      return thread;
    },
    enabled: Boolean(userId),
    retry: false,
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { recipientId: string; message: string }) =>
      api<DirectMessage>('/messages', { method: 'POST', body }),
    onSuccess: (_msg, body) => {
      queryClient.invalidateQueries({ queryKey: threadKey(body.recipientId) });
      queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<{ ok: true }>(`/conversations/${userId}`, { method: 'DELETE' }),
    onSuccess: (_r, userId) => {
      queryClient.removeQueries({ queryKey: threadKey(userId) });
      queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}

export function useSetBlock(userId: string) {
  return useRefreshingMutation(
    (blocked: boolean) =>
      api<{ blocked: boolean }>(`/users/${userId}/block`, { method: blocked ? 'PUT' : 'DELETE' }),
    threadKey(userId),
  );
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['users', 'search', q],
    queryFn: ({ signal }) => api<{ items: UserSummary[] }>(`/users?q=${encodeURIComponent(q)}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useUserSummary(userId: string | null) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => api<UserSummary & Record<string, unknown>>(`/users/${userId}`, { signal }),
    enabled: Boolean(userId),
    retry: false,
  });
}
