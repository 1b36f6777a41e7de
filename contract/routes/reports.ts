import { errorResponse } from '../errors.ts';
import {
  adminReportPage,
  adminReportsQuery,
  reportAuthorBanned,
  reportBody,
  reportCreated,
  reportDecided,
  reportIdParams,
} from '../reports.ts';
import type { RouteGroup } from './route.ts';

const decisionResponses = { 200: reportDecided, 409: errorResponse } as const;

/** Members report content; staff work through the reports (admin reports page). */
export const reportRoutes = {
  create: {
    method: 'POST',
    path: '/reports',
    access: 'member',
    tags: ['reports'],
    summary: 'Report a post, comment, thread, reply, cheat or listing (signed-in members, not your own)',
    body: reportBody,
    response: { 201: reportCreated, 403: errorResponse, 404: errorResponse },
    success: 201,
  },
  list: {
    method: 'GET',
    path: '/admin/reports',
    access: 'staff',
    summary: 'Reports for staff, newest first: Pending (default), Resolved, Dismissed or All',
    query: adminReportsQuery,
    response: { 200: adminReportPage },
  },
  resolve: {
    method: 'POST',
    path: '/admin/reports/:id/resolve',
    access: 'staff',
    summary: 'Resolve a pending report (staff)',
    params: reportIdParams,
    response: decisionResponses,
  },
  dismiss: {
    method: 'POST',
    path: '/admin/reports/:id/dismiss',
    access: 'staff',
    summary: 'Dismiss a pending report (staff)',
    params: reportIdParams,
    response: decisionResponses,
  },
  deleteContent: {
    method: 'POST',
    path: '/admin/reports/:id/delete-content',
    access: 'staff',
    summary: 'Delete the reported content, then resolve the report (staff)',
    params: reportIdParams,
    response: decisionResponses,
  },
  banUser: {
    method: 'POST',
    path: '/admin/reports/:id/ban-user',
    access: 'admin',
    summary: "Ban the reported content's author (admins)",
    params: reportIdParams,
    response: { 200: reportAuthorBanned },
  },
} as const satisfies RouteGroup;
