import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionRoutes as r } from '../../../contract/routes/sessions.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { confirmNotMe, listMySessions, revokeOtherSessions, revokeSession } from './service.ts';

/** The routes of contract/routes/sessions.ts: their handlers and their rate limits. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['me'] });

  route.on(r.list, {}, async (request) => listMySessions(db, signedIn(request)));

  route.on(r.revoke, { limit: 'sessionRevokePerUser' }, async (request) =>
    revokeSession(db, signedIn(request), request.params.id),
  );

  route.on(r.revokeOthers, { limit: 'sessionRevokePerUser' }, async (request) =>
    revokeOtherSessions(db, signedIn(request)),
  );

  route.on(r.notMe, { limit: 'notMePerIp' }, async (request) => {
    await confirmNotMe(db, request.body.token, request.ip);
    return { ok: true as const };
  });
};
