import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationMessages } from '../../../contract/messages/notification.ts';
import { notificationTarget } from '../../../contract/notification-target.ts';
import type { Notification } from '../../../contract/notifications.ts';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotifications,
} from '../../features/notifications/api.ts';
import { errorMessage } from '../../lib/api.ts';
import { cheatsRootKey, listingsRootKey } from '../../lib/query-roots.ts';
import toast from '../../lib/toast.ts';
import { useDomId } from '../../lib/use-dom-id.ts';

/** The bell: unread count, and a dropdown of unread notifications (newest first); a click opens the target. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useDomId();
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useUnreadNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const openNotification = (n: Notification) => {
    markRead.mutate(n.id);
    setOpen(false);
    const target = notificationTarget(n);
    // A detection alert's cheat or listing changed after it was cached: show it as it is now.
    if (n.type === 'detection_alert')
      void queryClient.invalidateQueries({ queryKey: n.data.cheatId ? cheatsRootKey : listingsRootKey });
    if (target) navigate(target);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={unread > 0 ? ui.notificationsUnread(unread) : ui.notifications}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={buttonClasses('ghost', 'icon', open ? 'bg-surface-2 text-fg' : undefined)}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[0.65rem] leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-4 top-16 z-50 rounded-2xl border border-line bg-surface p-2 shadow-xl shadow-black/20 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="text-sm font-semibold">{ui.notifications}</h2>
            {unread > 0 && (
              <button
                type="button"
                className={buttonClasses('ghost', 'sm', 'gap-1 text-xs')}
                disabled={markAll.isPending}
                onClick={() =>
                  markAll.mutate(undefined, {
                    onError: (err) => toast.error(errorMessage(err, notificationMessages.loadFailed)),
                  })
                }
              >
                <CheckCheck className="size-4" aria-hidden="true" />
                {notificationMessages.markAllRead}
              </button>
            )}
          </div>
          {isPending ? (
            <div className="space-y-2 p-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : isError ? (
            <p className="p-4 text-center text-sm text-danger">{notificationMessages.loadFailed}</p>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted">
              <BellOff className="size-6" aria-hidden="true" />
              <p>{notificationMessages.empty}</p>
            </div>
          ) : (
            <ul className="max-h-96 overflow-y-auto" aria-label={ui.unreadNotifications}>
              {data.items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(n)}
                    className="w-full rounded-xl px-3 py-2 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary/40"
                  >
                    <span className="block text-sm font-semibold">{n.title}</span>
                    <span className="line-clamp-2 block text-sm break-words text-muted">{n.content}</span>
                    <DateTime at={n.createdAt} className="block text-xs text-muted" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
