import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBalanceBody,
  adminActivity,
  adminDashboard,
  adminUserPage,
  adminUserPatch,
  adminUserResponse,
  adminUsersQuery,
  setRankBody,
  userIdParams,
  userRank,
  userRankList,
} from '../../../contract/admin.ts';
import { errorResponse } from '../../../contract/errors.ts';
import { adminMessages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import {
  addBalance,
  getActivity,
  getDashboard,
  listRanks,
  listUsers,
  setRank,
  updateUser,
} from './service.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/admin/users/:id',
    {
      schema: {
        ...access('staff'),
        tags: ['admin'],
        summary: "Ban or unban a member, or change a member's role (staff; roles admins only)",
        params: userIdParams,
        body: adminUserPatch,
        response: { 200: adminUserResponse },
      },
    },
    async (request) => updateUser(db, signedIn(request), request.params.id, request.body, app.securityAlerts),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        ...access('staff'),
        tags: ['admin'],
        summary: 'Members for staff: search by username or id, role filter, banned toggle',
        querystring: adminUsersQuery,
        response: { 200: adminUserPage },
      },
    },
    async (request) => listUsers(db, signedIn(request), request.query),
  );

  app.post(
    '/admin/users/:id/balance',
    {
      schema: {
        ...access('admin', { forbidden: adminMessages.onlyAdminsAddBalance }),
        tags: ['admin'],
        summary: "Add to a member's balance or credits through the wallet (admins)",
        params: userIdParams,
        body: addBalanceBody,
        response: {
          200: z.object({ id: z.string(), balance: z.number().int(), credits: z.number().int() }),
          409: errorResponse,
        },
      },
    },
    async (request) => addBalance(db, signedIn(request), request.params.id, request.body),
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        ...access('staff'),
        tags: ['admin'],
        summary: 'Dashboard counts, latest forum posts and reports overview (staff)',
        response: { 200: adminDashboard },
      },
    },
    async (request) => getDashboard(db, signedIn(request)),
  );

  app.get(
    '/admin/dashboard/activity',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign-ups, forum posts and marketplace sales per day over the last 30 days (staff)',
        ...access('staff'),
        response: { 200: adminActivity },
      },
    },
    async (request) => getActivity(db, signedIn(request)),
  );

  app.get(
    '/admin/ranks',
    {
      schema: {
        tags: ['admin'],
        summary: 'The seller ranks an admin can give (staff)',
        ...access('staff'),
        response: { 200: userRankList },
      },
    },
    async (request) => listRanks(db, signedIn(request)),
  );

  app.put(
    '/admin/users/:id/rank',
    {
      schema: {
        tags: ['admin'],
        summary: "Set or clear (null) a member's seller rank (admins)",
        ...access('admin', { forbidden: adminMessages.onlyAdminsRank }),
        params: userIdParams,
        body: setRankBody,
        response: {
          200: z.object({ id: z.string(), rank: userRank.nullable() }),
        },
      },
    },
    async (request) => setRank(db, signedIn(request), request.params.id, request.body),
  );
};
