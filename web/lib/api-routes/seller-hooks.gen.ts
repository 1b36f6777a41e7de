// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const sellerHooksRoutes = /* @__PURE__ */ endpoints<RouteTables['sellerHooks']>({
  list: 'GET /me/hooks',
  add: 'POST /me/hooks body',
  test: 'POST /me/hooks/:id/test',
  remove: 'DELETE /me/hooks/:id',
});
