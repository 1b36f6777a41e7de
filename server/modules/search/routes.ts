import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchRoutes as r } from '../../../contract/routes/search.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { search } from './service.ts';

/** The route of contract/routes/search.ts, with its rate rule. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const route = routesFor(app, { tags: ['search'] });

  route.on(r.search, { limit: 'searchPerIp' }, async (request) => search(deps, request.query.q));
};
