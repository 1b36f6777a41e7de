import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditPage } from '../../../contract/audit.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { listAuditLog } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin'] });

  route.get(
    '/admin/audit-log',
    {
      access: 'staff',
      summary: 'The audit log of staff actions, newest first (staff)',
      querystring: auditListQuery,
      response: { 200: auditPage },
    },
    async (request) => listAuditLog(db, signedIn(request), request.query),
  );
};
