// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const staffHooksRoutes = /* @__PURE__ */ endpoints<RouteTables['staffHooks']>({
  list: 'GET /admin/hooks',
  add: 'POST /admin/hooks body',
  test: 'POST /admin/hooks/:id/test',
  remove: 'DELETE /admin/hooks/:id',
});
