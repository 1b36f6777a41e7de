import { z } from 'zod';
import { idParams } from './id-params.ts';
import { notificationMessages } from './messages/notification.ts';
import { pageOf } from './pages.ts';

export const notificationLimits = { pageSize: 20 } as const;

export const notificationIdParams = idParams(notificationMessages.notFound);

export const notificationQuery = z.object({
  /** 'unread' (the bell) or 'all' (unread first, then read; newest first within each). */
  filter: z.enum(['unread', 'all']).default('all'),
  cursor: z.string().max(300).optional(),
});

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  data: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPage = pageOf(notificationSchema).extend({ unreadCount: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPage>;

export const readAllResponse = z.object({ updated: z.number().int() });

export { notificationTarget } from './notification-target.ts';
