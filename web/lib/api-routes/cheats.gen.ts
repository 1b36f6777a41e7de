// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const cheatsRoutes = /* @__PURE__ */ endpoints<RouteTables['cheats']>({
  list: 'GET /cheats query',
  get: 'GET /cheats/:id',
  download: 'POST /cheats/:id/download',
  adminGet: 'GET /admin/cheats/:id',
  publish: 'POST /admin/cheats body',
  edit: 'PUT /admin/cheats/:id body',
  remove: 'DELETE /admin/cheats/:id',
});
