// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const profilesRoutes = /* @__PURE__ */ endpoints<RouteTables['profiles']>({
  search: 'GET /users query',
  autocomplete: 'GET /users/autocomplete query',
  get: 'GET /users/:id',
  follow: 'PUT /users/:id/follow',
  unfollow: 'DELETE /users/:id/follow',
});
