import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMessages as m } from '../../../contract/messages.ts';
import { adminRoutes as r } from '../../../contract/routes/admin.ts';
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

/** The routes of contract/routes/admin.ts: their handlers and the admins-only refusals' texts. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin'] });

  route.on(r.updateUser, {}, async (request) =>
    updateUser(db, signedIn(request), request.params.id, request.body, app.securityAlerts),
  );

  route.on(r.users, {}, async (request) => listUsers(db, signedIn(request), request.query));

  route.on(r.addBalance, { forbidden: m.onlyAdminsAddBalance }, async (request) =>
    addBalance(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.dashboard, {}, async (request) => getDashboard(db, signedIn(request)));

  route.on(r.activity, {}, async (request) => getActivity(db, signedIn(request)));

  route.on(r.ranks, {}, async (request) => listRanks(db, signedIn(request)));

  route.on(r.setRank, { forbidden: m.onlyAdminsRank }, async (request) =>
    setRank(db, signedIn(request), request.params.id, request.body),
  );
};
