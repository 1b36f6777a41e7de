import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserPatch, adminUserResponse, userIdParams } from '../../../contract/admin.ts';
import { errorResponse } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../../plugins/viewer.ts';
import { updateUser } from './service.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Ban or unban a member, or change a member's role (staff; roles admins only)",
        params: userIdParams,
        body: adminUserPatch,
        response: {
          200: adminUserResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => updateUser(db, await requireViewer(request), request.params.id, request.body),
  );
};
