// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const uploadsRoutes = /* @__PURE__ */ endpoints<RouteTables['uploads']>({
  upload: 'POST /uploads',
  remove: 'DELETE /admin/uploads/:id',
});
