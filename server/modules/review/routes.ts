import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewMessages as m } from '../../../contract/messages.ts';
import { reviewRoutes as r } from '../../../contract/routes/review.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { HeldPublishers } from './publishers.ts';
import * as service from './service.ts';

/**
 * The routes of contract/routes/review.ts, the review queue (issue 36 item 3). `publishers` publish an approved
 * post in the module that owns it (server/app.ts hands in forum's and social's).
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; publishers: HeldPublishers }> = async (
  app,
  { db, publishers },
) => {
  const deps = { publishers, alerts: app.securityAlerts };
  const route = routesFor(app, { tags: ['admin'] });
  const staff = { forbidden: m.onlyStaff };

  route.on(r.mine, {}, async (request) => service.myItems(db, signedIn(request)));

  route.on(r.queue, staff, async (request) => service.listQueue(db, signedIn(request), request.query));

  route.on(r.count, staff, async (request) => service.pendingCount(db, signedIn(request)));

  route.on(r.approve, staff, async (request) =>
    service.approve(db, signedIn(request), request.params.id, deps),
  );

  route.on(r.reject, staff, async (request) =>
    service.reject(db, signedIn(request), request.params.id, request.body.reason, deps),
  );

  route.on(r.rejectAndBan, staff, async (request) =>
    service.rejectAndBan(db, signedIn(request), request.params.id, request.body.reason, deps),
  );
};
