import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { meResponse } from '../../../contract/me.ts';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../../plugins/viewer.ts';
import { getMe } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['me'],
        summary: 'My own profile, with the private fields (email, balance, credits)',
        response: { 200: meResponse, 401: errorResponse },
      },
    },
    async (request) => getMe(db, await requireViewer(request)),
  );
};
