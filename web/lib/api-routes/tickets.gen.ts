// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const ticketsRoutes = /* @__PURE__ */ endpoints<RouteTables['tickets']>({
  mine: 'GET /tickets query',
  create: 'POST /tickets body',
  get: 'GET /tickets/:id',
  reply: 'POST /tickets/:id/messages body',
  setStatus: 'PATCH /tickets/:id body',
  adminList: 'GET /admin/tickets query',
});
