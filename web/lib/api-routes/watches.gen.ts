// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const watchesRoutes = /* @__PURE__ */ endpoints<RouteTables['watches']>({
  watchCheat: 'PUT /cheats/:id/watch',
  unwatchCheat: 'DELETE /cheats/:id/watch',
  watchListing: 'PUT /listings/:id/watch',
  unwatchListing: 'DELETE /listings/:id/watch',
  setDetection: 'PUT /listings/:id/detection body',
});
