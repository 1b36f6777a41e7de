import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  notificationIdParams,
  notificationPage,
  notificationQuery,
  readAllResponse,
} from '../../../contract/notifications.ts';
import { okResponse } from '../../../contract/social.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { listNotifications, readAllNotifications, readNotification } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['notifications'], access: 'member' });

  route.get(
    '/notifications',
    {
      summary: 'My notifications: unread first, newest first; with my unread count',
      querystring: notificationQuery,
      response: { 200: notificationPage, 404: errorResponse },
    },
    async (request) => listNotifications(db, signedIn(request), request.query),
  );

  route.post(
    '/notifications/:id/read',
    {
      limit: 'notificationReadPerUser',
      owner: 'notification',
      summary: 'Mark one of my notifications read (idempotent)',
      params: notificationIdParams,
      response: { 200: okResponse },
    },
    async (request) => {
      await readNotification(db, signedIn(request), request.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/notifications/read-all',
    {
      limit: 'notificationReadPerUser',
      summary: 'Mark all my unread notifications read',
      response: { 200: readAllResponse, 404: errorResponse },
    },
    async (request) => readAllNotifications(db, signedIn(request)),
  );
};
