import { auditPage } from '../audit.ts';
import { cursorQuery } from '../pages.ts';
import type { RouteGroup } from './route.ts';

/** The audit log of staff actions. */
export const auditRoutes = {
  list: {
    method: 'GET',
    path: '/admin/audit-log',
    access: 'staff',
    summary: 'The audit log of staff actions, newest first (staff)',
    query: cursorQuery,
    response: { 200: auditPage },
  },
} as const satisfies RouteGroup;
