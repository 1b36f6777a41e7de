import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustRoutes as r } from '../../../contract/routes/trust.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { trustTerms } from './levels.ts';

/** The route of contract/routes/trust.ts. */
export const trustRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['trust'] });

  route.on(r.levels, {}, async (_request, reply) => {
    // An admin's change shows at once (open pages are also told over the socket).
    reply.header('cache-control', 'no-cache');
    return trustTerms(db);
  });
};
