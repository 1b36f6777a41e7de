import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportMessages as m } from '../../../contract/messages.ts';
import { reportRoutes as r } from '../../../contract/routes/reports.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import {
  banReportedAuthor,
  createReport,
  decideReport,
  deleteReportedContent,
  listReports,
} from './service.ts';

/** The routes of contract/routes/reports.ts: their handlers and what only the server knows (limits, texts). */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin', 'reports'] });

  route.on(r.create, { unauthenticated: m.loginToReport, limit: 'reportPerUser' }, async (request) =>
    createReport(db, signedIn(request), request.body),
  );

  route.on(r.list, {}, async (request) => listReports(db, signedIn(request), request.query));

  route.on(r.resolve, {}, async (request) =>
    decideReport(db, signedIn(request), request.params.id, 'resolved'),
  );

  route.on(r.dismiss, {}, async (request) =>
    decideReport(db, signedIn(request), request.params.id, 'dismissed'),
  );

  route.on(r.deleteContent, {}, async (request) =>
    deleteReportedContent(db, signedIn(request), request.params.id),
  );

  route.on(r.banUser, { forbidden: m.onlyAdminsBan }, async (request) =>
    banReportedAuthor(db, signedIn(request), request.params.id, app.securityAlerts),
  );
};
