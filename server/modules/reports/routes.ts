import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { reportMessages as m } from '../../../contract/messages.ts';
import {
  adminReportPage,
  adminReportsQuery,
  reportBody,
  reportCreated,
  reportIdParams,
  reportStatuses,
} from '../../../contract/reports.ts';
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

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin', 'reports'], access: 'staff' });
  const onReport = routesFor(app, { tags: ['admin', 'reports'], access: 'staff', params: reportIdParams });

  route.post(
    '/reports',
    {
      access: 'member',
      unauthenticated: m.loginToReport,
      limit: 'reportPerUser',
      tags: ['reports'],
      summary: 'Report a post, comment, thread, reply, cheat or listing (signed-in members, not your own)',
      body: reportBody,
      response: { 201: reportCreated, 403: errorResponse, 404: errorResponse },
      success: 201,
    },
    async (request) => createReport(db, signedIn(request), request.body),
  );

  route.get(
    '/admin/reports',
    {
      summary: 'Reports for staff, newest first: Pending (default), Resolved, Dismissed or All',
      querystring: adminReportsQuery,
      response: { 200: adminReportPage },
    },
    async (request) => listReports(db, signedIn(request), request.query),
  );

  const decided = z.object({ id: z.string(), status: z.enum(reportStatuses) });
  const decisionResponses = {
    200: decided,
    409: errorResponse,
  };

  onReport.post(
    '/admin/reports/:id/resolve',
    {
      summary: 'Resolve a pending report (staff)',
      response: decisionResponses,
    },
    async (request) => decideReport(db, signedIn(request), request.params.id, 'resolved'),
  );

  onReport.post(
    '/admin/reports/:id/dismiss',
    {
      summary: 'Dismiss a pending report (staff)',
      response: decisionResponses,
    },
    async (request) => decideReport(db, signedIn(request), request.params.id, 'dismissed'),
  );

  onReport.post(
    '/admin/reports/:id/delete-content',
    {
      summary: 'Delete the reported content, then resolve the report (staff)',
      response: decisionResponses,
    },
    async (request) => deleteReportedContent(db, signedIn(request), request.params.id),
  );

  onReport.post(
    '/admin/reports/:id/ban-user',
    {
      access: 'admin',
      forbidden: m.onlyAdminsBan,
      summary: "Ban the reported content's author (admins)",
      response: {
        200: z.object({ id: z.string(), username: z.string(), banned: z.boolean() }),
      },
    },
    async (request) => banReportedAuthor(db, signedIn(request), request.params.id, app.securityAlerts),
  );
};
