import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBalanceBody,
  adminDashboard,
  adminUserPage,
  adminUserPatch,
  adminUserResponse,
  adminUsersQuery,
  userIdParams,
} from '../../../contract/admin.ts';
import { errorResponse } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../../plugins/viewer.ts';
import { addBalance, getDashboard, listUsers, updateUser } from './service.ts';

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

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members for staff: search by username or id, role filter, banned toggle',
        querystring: adminUsersQuery,
        response: { 200: adminUserPage, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listUsers(db, await requireViewer(request), request.query),
  );

  app.post(
    '/admin/users/:id/balance',
    {
      schema: {
        tags: ['admin'],
        summary: "Add to a member's balance or credits through the wallet (admins)",
        params: userIdParams,
        body: addBalanceBody,
        response: {
          200: z.object({ id: z.string(), balance: z.number().int(), credits: z.number().int() }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => addBalance(db, await requireViewer(request), request.params.id, request.body),
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dashboard counts, latest forum posts and reports overview (staff)',
        response: { 200: adminDashboard, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => getDashboard(db, await requireViewer(request)),
  );
};
