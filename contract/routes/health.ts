import { healthResponse } from '../health.ts';
import type { RouteGroup } from './route.ts';

/**
 * The health check, under `/api` (load balancers and monitors ask it; the web does not). Not in `routeTables`
 * (index.ts) for that reason, like the mail's group; server/plugins/route-table.test.ts checks it with the table.
 */
export const healthRoutes = {
  get: {
    method: 'GET',
    prefix: '/api',
    path: '/health',
    access: 'public',
    summary:
      "The server's and the database's state, and which load-shedding limit is tripped (503 when the database does not answer or requests are being shed)",
    response: { 200: healthResponse, 503: healthResponse },
  },
} as const satisfies RouteGroup;
