import { auditListQuery, auditPage } from '../audit.ts';
import type { RouteGroup } from './route.ts';

/** The audit log of staff actions. */
export const auditRoutes = {
  list: {
    method: 'GET',
    path: '/admin/audit-log',
    access: 'staff',
    summary: 'The audit log of staff actions, newest first (staff)',
    query: auditListQuery,
    response: { 200: auditPage },
  },
} as const satisfies RouteGroup;
