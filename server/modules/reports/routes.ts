import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { reportMessages as m } from '../../../contract/messages.ts';
import { reportBody, reportCreated } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { requireViewer } from '../../plugins/viewer.ts';
import { createReport } from './service.ts';

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter }> = async (
  app,
  { db, limiter },
) => {
  app.post(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a post, comment, thread, reply, cheat or listing (signed-in members, not your own)',
        body: reportBody,
        response: {
          201: reportCreated,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, m.loginToReport);
      await limiter.hit('reportPerUser', viewer.id);
      return reply.status(201).send(await createReport(db, viewer, request.body));
    },
  );
};
