// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const meRoutes = /* @__PURE__ */ endpoints<RouteTables['me']>({
  get: 'GET /me',
  update: 'PATCH /me body',
  uploadAvatar: 'POST /me/avatar',
  avatar: 'GET /avatars/:file',
  settings: 'GET /me/settings',
  saveSettings: 'PUT /me/settings body',
  logins: 'GET /me/logins',
});
