import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { reputationMessages as m } from '../../../contract/messages.ts';
import {
  flaggedVouchPage,
  vouchReviewParams,
  vouchReviewQuery,
  vouchReviewStatuses,
} from '../../../contract/reputation.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

const reviewed = z.object({ id: z.string(), review: z.enum(vouchReviewStatuses) });

/** Staff review feedback flagged as a possible vouch ring (decision 022), from the admin reports page. */
export const reputationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin', 'reports'], access: 'staff', forbidden: m.onlyStaffReview });

  route.get(
    '/admin/vouch-reviews',
    {
      summary:
        'Feedback flagged as a possible vouch ring: pending (default), approved or rejected, newest first',
      querystring: vouchReviewQuery,
      response: { 200: flaggedVouchPage, 409: errorResponse },
    },
    async (request) => service.listFlaggedVouches(db, signedIn(request), request.query),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    route.post(
      `/admin/vouch-reviews/:id/${action}`,
      {
        summary:
          decision === 'approved'
            ? "Approve flagged feedback: it counts in the seller's rating from now on (audited)"
            : "Reject flagged feedback: it stays out of the seller's rating (audited)",
        params: vouchReviewParams,
        response: { 200: reviewed, 409: errorResponse },
      },
      async (request) => service.reviewVouch(db, signedIn(request), request.params.id, decision),
    );
  }
};
