import { errorResponse } from '../errors.ts';
import {
  notificationIdParams,
  notificationPage,
  notificationQuery,
  readAllResponse,
} from '../notifications.ts';
import { okResponse } from '../social.ts';
import type { RouteGroup } from './route.ts';

/** The bell: my notifications, and marking them read. */
export const notificationRoutes = {
  list: {
    method: 'GET',
    path: '/notifications',
    access: 'member',
    summary: 'My notifications: unread first, newest first; with my unread count',
    query: notificationQuery,
    response: { 200: notificationPage, 404: errorResponse },
  },
  read: {
    method: 'POST',
    path: '/notifications/:id/read',
    access: 'member',
    summary: 'Mark one of my notifications read (idempotent)',
    params: notificationIdParams,
    response: { 200: okResponse },
  },
  readAll: {
    method: 'POST',
    path: '/notifications/read-all',
    access: 'member',
    summary: 'Mark all my unread notifications read',
    response: { 200: readAllResponse, 404: errorResponse },
  },
} as const satisfies RouteGroup;
