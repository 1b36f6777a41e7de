import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '../../../contract/notifications.ts';
import { notificationsRoutes } from '../../lib/api-routes/notifications.gen.ts';
import { notificationsRootKey } from '../../lib/query-roots.ts';

/** The bell's data under one root; live 'notification' events (web/lib/socket-open.ts) invalidate it. */
export const notificationKeys = {
  all: notificationsRootKey,
  unread: [...notificationsRootKey, 'unread'] as const,
};

export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => notificationsRoutes.list({ filter: 'unread' }, { signal }),
  // Without a live connection the count still catches up now and then.
  refetchInterval: 60_000,
});

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQuery, enabled });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => notificationsRoutes.read({ id }),
    onMutate: (id) => {
      // Spec §4: a clicked notification leaves the list at once.
      queryClient.setQueryData<NotificationPage>(unreadNotificationsQuery.queryKey, (data) =>
        data
          ? {
              ...data,
              items: data.items.filter((n) => n.id !== id),
              unreadCount: Math.max(0, data.unreadCount - 1),
            }
          : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => notificationsRoutes.readAll(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
