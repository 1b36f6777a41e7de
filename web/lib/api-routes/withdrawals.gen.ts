// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const withdrawalsRoutes = /* @__PURE__ */ endpoints<RouteTables['withdrawals']>({
  options: 'GET /wallet/withdrawal-options',
  payoutAddresses: 'GET /wallet/payout-addresses',
  setPayoutAddress: 'PUT /wallet/payout-addresses body',
  create: 'POST /wallet/withdrawals body',
  mine: 'GET /wallet/withdrawals query',
  mineCsv: 'GET /wallet/withdrawals/export.csv',
  adminList: 'GET /admin/withdrawals query',
  approve: 'POST /admin/withdrawals/:id/approve body',
  reject: 'POST /admin/withdrawals/:id/reject body',
});
