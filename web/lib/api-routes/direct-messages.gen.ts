// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const directMessagesRoutes = /* @__PURE__ */ endpoints<RouteTables['directMessages']>({
  conversations: 'GET /conversations query',
  thread: 'GET /conversations/:userId query',
  deleteConversation: 'DELETE /conversations/:userId',
  send: 'POST /messages body',
  block: 'PUT /users/:id/block',
  unblock: 'DELETE /users/:id/block',
});
