// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const reviewRoutes = /* @__PURE__ */ endpoints<RouteTables['review']>({
  mine: 'GET /me/review-items',
  queue: 'GET /admin/review-items query',
  count: 'GET /admin/review-items/count',
  approve: 'POST /admin/review-items/:id/approve',
  reject: 'POST /admin/review-items/:id/reject body',
  rejectAndBan: 'POST /admin/review-items/:id/reject-and-ban body',
});
