// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const pushRoutes = /* @__PURE__ */ endpoints<RouteTables['push']>({
  key: 'GET /push/key',
  devices: 'GET /me/push-subscriptions',
  subscribe: 'PUT /me/push-subscriptions body',
  setKinds: 'PATCH /me/push-subscriptions body',
  unsubscribe: 'DELETE /me/push-subscriptions body',
});
