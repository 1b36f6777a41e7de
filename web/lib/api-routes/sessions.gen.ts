// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const sessionsRoutes = /* @__PURE__ */ endpoints<RouteTables['sessions']>({
  list: 'GET /me/sessions',
  revoke: 'DELETE /me/sessions/:id',
  revokeOthers: 'POST /me/sessions/revoke-others',
  notMe: 'POST /security/not-me body',
});
