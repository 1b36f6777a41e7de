import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '../../../contract/notifications.ts';
import { api } from '../../lib/api.ts';

/** ['notifications'] holds the bell's data; live 'notification' events invalidate it. */
export const notificationsKey = ['notifications'] as const;

export const unreadNotificationsQuery = queryOptions({
  queryKey: [...notificationsKey, 'unread'],
  queryFn: ({ signal }) => api<NotificationPage>('/notifications?filter=unread', { signal }),
  // Without a live connection the count still catches up now and then.
  refetchInterval: 60_000,
});

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQuery, enabled });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/notifications/${id}/read`, { method: 'POST' }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/notifications/read-all', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
