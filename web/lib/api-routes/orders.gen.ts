// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const ordersRoutes = /* @__PURE__ */ endpoints<RouteTables['orders']>({
  list: 'GET /orders query',
  get: 'GET /orders/:id',
  confirm: 'POST /orders/:id/confirm',
  dispute: 'POST /orders/:id/dispute body',
  adminList: 'GET /admin/orders query',
  reveal: 'POST /admin/orders/:id/reveal',
  settle: 'POST /admin/orders/:id/settle body',
});
