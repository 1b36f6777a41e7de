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
import { routesFor } from '../../plugins/routes-for.ts';
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
  const route = routesFor(app, { tags: ['admin'], access: 'staff' });
  const onUser = routesFor(app, { tags: ['admin'], access: 'staff', params: userIdParams });

  onUser.patch(
    '/admin/users/:id',
    {
      summary: "Ban or unban a member, or change a member's role (staff; roles admins only)",
      body: adminUserPatch,
      response: { 200: adminUserResponse },
    },
    async (request) => updateUser(db, signedIn(request), request.params.id, request.body, app.securityAlerts),
  );

  route.get(
    '/admin/users',
    {
      summary: 'Members for staff: search by username or id, role filter, banned toggle',
      querystring: adminUsersQuery,
      response: { 200: adminUserPage },
    },
    async (request) => listUsers(db, signedIn(request), request.query),
  );

  onUser.post(
    '/admin/users/:id/balance',
    {
      access: 'admin',
      forbidden: adminMessages.onlyAdminsAddBalance,
      summary: "Add to a member's balance or credits through the wallet (admins)",
      body: addBalanceBody,
      response: {
        200: z.object({ id: z.string(), balance: z.number().int(), credits: z.number().int() }),
        409: errorResponse,
      },
    },
    async (request) => addBalance(db, signedIn(request), request.params.id, request.body),
  );

  route.get(
    '/admin/dashboard',
    {
      summary: 'Dashboard counts, latest forum posts and reports overview (staff)',
      response: { 200: adminDashboard },
    },
    async (request) => getDashboard(db, signedIn(request)),
  );

  route.get(
    '/admin/dashboard/activity',
    {
      summary: 'Sign-ups, forum posts and marketplace sales per day over the last 30 days (staff)',
      response: { 200: adminActivity },
    },
    async (request) => getActivity(db, signedIn(request)),
  );

  route.get(
    '/admin/ranks',
    {
      summary: 'The seller ranks an admin can give (staff)',
      response: { 200: userRankList },
    },
    async (request) => listRanks(db, signedIn(request)),
  );

  onUser.put(
    '/admin/users/:id/rank',
    {
      access: 'admin',
      forbidden: adminMessages.onlyAdminsRank,
      summary: "Set or clear (null) a member's seller rank (admins)",
      body: setRankBody,
      response: {
        200: z.object({ id: z.string(), rank: userRank.nullable() }),
      },
    },
    async (request) => setRank(db, signedIn(request), request.params.id, request.body),
  );
};
