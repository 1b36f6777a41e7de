// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const stockRoutes = /* @__PURE__ */ endpoints<RouteTables['stock']>({
  listingKeys: 'GET /listings/:id/keys query',
  uploadKeys: 'POST /listings/:id/keys body',
  withdrawKeys: 'DELETE /listings/:id/keys',
  setStock: 'PUT /listings/:id/stock body',
  orderKeys: 'GET /orders/:id/keys',
});
