// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const reportsRoutes = /* @__PURE__ */ endpoints<RouteTables['reports']>({
  create: 'POST /reports body',
  list: 'GET /admin/reports query',
  resolve: 'POST /admin/reports/:id/resolve',
  dismiss: 'POST /admin/reports/:id/dismiss',
  deleteContent: 'POST /admin/reports/:id/delete-content',
  banUser: 'POST /admin/reports/:id/ban-user',
});
