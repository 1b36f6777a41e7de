// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const adminRoutes = /* @__PURE__ */ endpoints<RouteTables['admin']>({
  updateUser: 'PATCH /admin/users/:id body',
  users: 'GET /admin/users query',
  addBalance: 'POST /admin/users/:id/balance body',
  dashboard: 'GET /admin/dashboard',
  activity: 'GET /admin/dashboard/activity',
  ranks: 'GET /admin/ranks',
  setRank: 'PUT /admin/users/:id/rank body',
});
