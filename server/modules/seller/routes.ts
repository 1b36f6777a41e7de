import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { salesSummary, sellerListingPage, sellerListingQuery } from '../../../contract/stock.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const sellerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['seller'], access: 'member' });

  route.get(
    '/seller/listings',
    {
      summary: 'My listings with stock, units sold, revenue after fees, open disputes and key counts',
      querystring: sellerListingQuery,
      response: { 200: sellerListingPage, 429: errorResponse },
    },
    async (request) => service.listMyListings(db, signedIn(request), request.query),
  );

  route.get(
    '/seller/sales',
    {
      summary: 'My sales of the last 30 days (UTC), per day, with totals and open disputes',
      response: { 200: salesSummary, 429: errorResponse },
    },
    async (request) => service.salesSummary(db, signedIn(request)),
  );

  route.get(
    '/seller/sales.csv',
    {
      limit: 'salesExportPerUser',
      summary: 'Every sale of mine as CSV (text/csv; cells that could run as formulas are escaped)',
      response: { 200: z.string().describe('text/csv') },
    },
    async (request, reply) => {
      return sendCsv(reply, 'sales.csv', await service.salesCsv(db, signedIn(request)));
    },
  );
};
