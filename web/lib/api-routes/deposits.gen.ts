// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const depositsRoutes = /* @__PURE__ */ endpoints<RouteTables['deposits']>({
  options: 'GET /wallet/deposit-options',
  create: 'POST /wallet/deposits body',
  list: 'GET /wallet/deposits query',
  exportCsv: 'GET /wallet/deposits/export.csv',
  get: 'GET /wallet/deposits/:id',
  sandbox: 'GET /payments/sandbox/:id',
  paySandbox: 'POST /payments/sandbox/:id/pay body',
});
