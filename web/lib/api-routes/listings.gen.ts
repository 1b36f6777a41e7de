// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const listingsRoutes = /* @__PURE__ */ endpoints<RouteTables['listings']>({
  list: 'GET /listings query',
  create: 'POST /listings body',
  get: 'GET /listings/:id',
  edit: 'PATCH /listings/:id body',
  remove: 'DELETE /listings/:id',
  purchase: 'POST /listings/:id/purchase body',
  leaveFeedback: 'POST /listings/:id/feedback body',
  sellerFeedback: 'GET /users/:id/feedback query',
  adminList: 'GET /admin/listings query',
  pin: 'PUT /admin/listings/:id/pin body',
  adminRemove: 'DELETE /admin/listings/:id',
});
