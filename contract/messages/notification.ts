import { defineMessages } from '../i18n/define.ts';

export const notificationMessages = /* @__PURE__ */ defineMessages('notificationMessages', {
  notFound: 'Notification not found',
  empty: 'No new notifications',
  markAllRead: 'Mark all as read',
  loadFailed: 'Failed to load notifications',
  newMessageTitle: 'New message',
} as const);
