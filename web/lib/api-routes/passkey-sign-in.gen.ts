// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const passkeySignInRoutes = /* @__PURE__ */ endpoints<RouteTables['passkeySignIn']>({
  options: 'POST /api/auth/passkey/options',
  signIn: 'POST /api/auth/passkey/sign-in body',
});
