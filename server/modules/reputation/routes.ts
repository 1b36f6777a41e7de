import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reputationMessages as m } from '../../../contract/messages.ts';
import { reputationRoutes as r } from '../../../contract/routes/reputation.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/reputation.ts: staff review feedback flagged as a possible vouch ring. */
export const reputationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin', 'reports'], forbidden: m.onlyStaffReview });

  route.on(r.flagged, {}, async (request) =>
    service.listFlaggedVouches(db, signedIn(request), request.query),
  );

  for (const [entry, decision] of [
    [r.approve, 'approved'],
    [r.reject, 'rejected'],
  ] as const) {
    route.on(entry, {}, async (request) =>
      service.reviewVouch(db, signedIn(request), request.params.id, decision),
    );
  }
};
