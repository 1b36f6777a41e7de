import type { PushKind } from '../../../contract/push.ts';
import type { NotificationType } from '../../db/schema/index.ts';

/** Which push kind a notification type is sent under (a member turns kinds on per device). */
export const pushKindOf: Record<NotificationType, PushKind> = {
  message_new: 'messages',
  ticket_reply: 'messages',
  marketplace_new: 'orders',
  order_new: 'orders',
  order_completed: 'orders',
  order_cancelled: 'orders',
  order_update: 'orders',
  stock_low: 'orders',
  detection_alert: 'detection',
  forum_mention: 'mentions',
  forum_reply: 'mentions',
  content_review: 'mentions',
  hook_disabled: 'orders',
};
