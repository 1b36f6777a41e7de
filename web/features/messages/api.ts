import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { directMessagesRoutes } from '../../lib/api-routes/direct-messages.gen.ts';
import { profilesRoutes } from '../../lib/api-routes/profiles.gen.ts';
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
  queryFn: ({ signal }) => directMessagesRoutes.conversations({}, { signal }),
});

export function useConversations(enabled: boolean) {
  return useQuery({ ...conversationsQuery, enabled });
}

export function useThread(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threadKey(userId ?? ''),
    queryFn: async ({ signal }) => {
      const thread = await directMessagesRoutes.thread({ userId: userId ?? '' }, {}, { signal });
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
    mutationFn: (body: { recipientId: string; message: string }) => directMessagesRoutes.send(body),
    onSuccess: (_msg, body) => {
      queryClient.invalidateQueries({ queryKey: threadKey(body.recipientId) });
      queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => directMessagesRoutes.deleteConversation({ userId }),
    onSuccess: (_r, userId) => {
      queryClient.removeQueries({ queryKey: threadKey(userId) });
      queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    },
  });
}

export function useSetBlock(userId: string) {
  return useRefreshingMutation(
    (blocked: boolean) =>
      (blocked ? directMessagesRoutes.block : directMessagesRoutes.unblock)({ id: userId }),
    threadKey(userId),
  );
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['users', 'search', q],
    queryFn: ({ signal }) => profilesRoutes.search({ q }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useUserSummary(userId: string | null) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => profilesRoutes.get({ id: userId ?? '' }, { signal }),
    enabled: Boolean(userId),
    retry: false,
  });
}
