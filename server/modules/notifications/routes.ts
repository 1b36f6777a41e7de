import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationRoutes as r } from '../../../contract/routes/notifications.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { listNotifications, readAllNotifications, readNotification } from './service.ts';

/** The routes of contract/routes/notifications.ts: their handlers and what only the server knows (limits). */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['notifications'] });

  route.on(r.list, {}, async (request) => listNotifications(db, signedIn(request), request.query));

  route.on(r.read, { limit: 'notificationReadPerUser', owner: 'notification' }, async (request) => {
    await readNotification(db, signedIn(request), request.params.id);
    return { ok: true as const };
  });

  route.on(r.readAll, { limit: 'notificationReadPerUser' }, async (request) =>
    readAllNotifications(db, signedIn(request)),
  );
};
