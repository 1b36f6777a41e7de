import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes as r } from '../../../contract/routes/audit.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { listAuditLog } from './service.ts';

/** The route of contract/routes/audit.ts. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin'] });

  route.on(r.list, {}, async (request) => listAuditLog(db, signedIn(request), request.query));
};
