// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const ssoRoutes = /* @__PURE__ */ endpoints<RouteTables['sso']>({
  providers: 'GET /api/auth/sso/providers',
  start: 'POST /api/auth/sso/:provider',
  callback: 'GET /api/auth/sso/:provider/callback query',
  pending: 'GET /api/auth/sso/pending',
  complete: 'POST /api/auth/sso/complete body',
});
