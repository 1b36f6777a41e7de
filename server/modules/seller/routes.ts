import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerRoutes as r } from '../../../contract/routes/seller.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/seller.ts: their handlers and what only the server knows (limits). */
export const sellerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['seller'] });

  route.on(r.listings, {}, async (request) => service.listMyListings(db, signedIn(request), request.query));

  route.on(r.sales, {}, async (request) => service.salesSummary(db, signedIn(request)));

  route.on(r.salesCsv, { limit: 'salesExportPerUser' }, async (request, reply) =>
    sendCsv(reply, 'sales.csv', await service.salesCsv(db, signedIn(request))),
  );
};
