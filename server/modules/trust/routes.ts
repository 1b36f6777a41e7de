import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingSchemas } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { trustTerms } from './levels.ts';

export const trustRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['trust'] });

  route.get(
    '/trust-levels',
    {
      access: 'public',
      summary:
        "What unlocks each trust level and each level's limits (the `trust` site setting, stored over defaults)",
      response: { 200: siteSettingSchemas.trust },
    },
    async (_request, reply) => {
      // An admin's change shows at once (open pages are also told over the socket).
      reply.header('cache-control', 'no-cache');
      return trustTerms(db);
    },
  );
};
