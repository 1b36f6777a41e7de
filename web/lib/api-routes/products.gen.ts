// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const productsRoutes = /* @__PURE__ */ endpoints<RouteTables['products']>({
  list: 'GET /products query',
  get: 'GET /products/:id',
  adminList: 'GET /admin/products query',
  create: 'POST /admin/products body',
  edit: 'PUT /admin/products/:id body',
  pin: 'PUT /admin/products/:id/pin body',
  setStatus: 'PUT /admin/products/:id/status body',
  remove: 'DELETE /admin/products/:id',
});
