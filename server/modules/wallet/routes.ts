import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { convertBody, ledgerPage, ledgerQuery, walletSummary } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const walletRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['wallet'], access: 'member' });

  route.get(
    '/wallet',
    {
      summary: 'My main balance, marketplace credits and the credits in escrow either way',
      response: { 200: walletSummary, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.getWallet(db, signedIn(request)),
  );

  route.get(
    '/wallet/ledger',
    {
      summary: 'My wallet history (newest first), each row with the balance after it',
      querystring: ledgerQuery,
      response: { 200: ledgerPage, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.listLedger(db, signedIn(request), request.query),
  );

  route.get(
    '/wallet/ledger/export.csv',
    {
      limit: 'walletExportPerUser',
      summary: 'My whole wallet history as CSV, newest first (cells that could run as formulas are escaped)',
      querystring: ledgerQuery.pick({ currency: true }),
      response: { 200: z.string().describe('text/csv') },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'wallet-history.csv',
        await service.ledgerCsv(db, signedIn(request), request.query.currency),
      ),
  );

  route.post(
    '/wallet/convert',
    {
      limit: 'walletConvertPerUser',
      summary: 'Move main balance into marketplace credits, 1:1',
      body: convertBody,
      response: { 200: walletSummary, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      return service.moveBalanceToCredits(db, viewer, request.body.amount);
    },
  );
};
