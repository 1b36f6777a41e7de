import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '../../../contract/search.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { search } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const route = routesFor(app, { tags: ['search'] });

  route.get(
    '/search',
    {
      access: 'public',
      limit: 'searchPerIp',
      summary:
        'Global search: up to 3 cheats, 3 members and 3 active listings; exact and prefix matches first',
      querystring: searchQuery,
      response: { 200: searchResponse },
    },
    async (request) => search(deps, request.query.q),
  );
};
