import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderMessages } from '../../../../contract/messages.ts';
import { orderRoutes as r } from '../../../../contract/routes/orders.ts';
import type { Db } from '../../../db/client.ts';
import { routesFor } from '../../../plugins/routes-for.ts';
import { signedIn } from '../../../plugins/viewer.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import * as service from './service.ts';

/** The routes of contract/routes/orders.ts: their handlers and what only the server knows (limits, texts). */
export const orderRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['orders'] });

  route.on(r.list, {}, async (request) => service.listMyOrders(db, signedIn(request), request.query));

  route.on(r.get, { owner: 'order' }, async (request) =>
    service.getOrder(db, signedIn(request), request.params.id),
  );

  route.on(r.confirm, { owner: 'order', limit: 'orderActionPerUser' }, async (request) =>
    service.confirmDelivery(db, signedIn(request), request.params.id),
  );

  route.on(r.dispute, { owner: 'order', limit: 'orderActionPerUser' }, async (request) =>
    service.openDispute(db, signedIn(request), request.params.id, request.body.reason),
  );

  route.on(r.adminList, { forbidden: orderMessages.onlyStaffSettle }, async (request) =>
    service.listOrdersForStaff(db, signedIn(request), request.query),
  );

  route.on(r.reveal, { forbidden: orderMessages.onlyStaffReveal }, async (request) =>
    service.revealContentLink(db, cipher, signedIn(request), request.params.id),
  );

  route.on(r.settle, { forbidden: orderMessages.onlyStaffSettle }, async (request) =>
    service.settleDispute(db, signedIn(request), request.params.id, request.body),
  );
};
