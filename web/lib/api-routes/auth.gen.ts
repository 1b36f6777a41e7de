// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const authRoutes = /* @__PURE__ */ endpoints<RouteTables['auth']>({
  signUp: 'POST /api/auth/sign-up/email body',
  verifyEmail: 'POST /api/auth/verify-email body',
  sendVerificationEmail: 'POST /api/auth/send-verification-email',
  signIn: 'POST /api/auth/sign-in/email body',
  signOut: 'POST /api/auth/sign-out',
  session: 'GET /api/auth/get-session',
  requestPasswordReset: 'POST /api/auth/request-password-reset body',
  resetPassword: 'POST /api/auth/reset-password body',
  changePassword: 'POST /api/auth/change-password body',
  enableTwoFactor: 'POST /api/auth/two-factor/enable body',
  confirmTwoFactor: 'POST /api/auth/two-factor/confirm body',
  disableTwoFactor: 'POST /api/auth/two-factor/disable body',
  verifyTwoFactor: 'POST /api/auth/two-factor/verify body',
});
