import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletRoutes as r } from '../../../contract/routes/wallet.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../plugins/csv.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/wallet.ts: their handlers and what only the server knows (limits). */
export const walletRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['wallet'] });

  route.on(r.summary, {}, async (request) => service.getWallet(db, signedIn(request)));

  route.on(r.ledger, {}, async (request) => service.listLedger(db, signedIn(request), request.query));

  route.on(r.ledgerCsv, { limit: 'walletExportPerUser' }, async (request, reply) =>
    sendCsv(
      reply,
      'wallet-history.csv',
      await service.ledgerCsv(db, signedIn(request), request.query.currency),
    ),
  );

  route.on(r.convert, { limit: 'walletConvertPerUser' }, async (request) =>
    service.moveBalanceToCredits(db, signedIn(request), request.body.amount),
  );
};
