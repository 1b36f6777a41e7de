import {
  changePasswordBody,
  okResponse,
  resetPasswordBody,
  resetRequestBody,
  sessionResponse,
  signInBody,
  signInResponse,
  signUpBody,
  twoFactorCodeBody,
  twoFactorPasswordBody,
  twoFactorSetupResponse,
  verifyEmailBody,
} from '../auth.ts';
import { errorResponse } from '../errors.ts';
import type { RouteGroup } from './route.ts';

/**
 * Email and password, verification, resets and two-factor sign-in: better-auth behind our own routes under
 * /api/auth (decision 001), so no session token ever appears in a body, only in the HttpOnly cookie.
 */
export const authRoutes = {
  signUp: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/sign-up/email',
    access: 'public',
    summary:
      'Create an account (the member then signs in); a solved challenge in X-Altcha. A verification link ' +
      'is mailed to the address.',
    body: signUpBody,
    response: { 200: okResponse },
  },
  verifyEmail: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/verify-email',
    access: 'public',
    summary:
      'Verify the address with the token of the emailed link (works once, for 24 hours, and only for the ' +
      'address it was sent to)',
    body: verifyEmailBody,
    response: { 200: okResponse },
  },
  sendVerificationEmail: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/send-verification-email',
    access: 'member',
    summary: 'Mail my address a new verification link',
    response: { 200: okResponse, 409: errorResponse },
  },
  signIn: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/sign-in/email',
    access: 'public',
    summary:
      'Sign in; sets the session cookie (a browser-session cookie when rememberMe is false). ' +
      'With two-factor sign-in on, answers {twoFactorRequired:true}: POST /api/auth/two-factor/verify follows.',
    body: signInBody,
    response: { 200: signInResponse },
  },
  signOut: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/sign-out',
    access: 'public',
    summary: 'End this session',
    response: { 200: okResponse },
  },
  session: {
    method: 'GET',
    prefix: '/api/auth',
    path: '/get-session',
    access: 'public',
    summary: 'The signed-in member, or null',
    response: { 200: sessionResponse },
  },
  requestPasswordReset: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/request-password-reset',
    access: 'public',
    summary:
      'Email a reset link (answers the same whether or not the address has an account); a solved ' +
      'challenge in X-Altcha',
    body: resetRequestBody,
    response: { 200: okResponse },
  },
  resetPassword: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/reset-password',
    access: 'public',
    summary: 'Set a new password with the emailed token; ends every session of the account',
    body: resetPasswordBody,
    response: { 200: okResponse },
  },
  changePassword: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/change-password',
    access: 'member',
    summary: 'Change my password (the current one is re-checked); signs out every other session',
    body: changePasswordBody,
    response: { 200: okResponse },
  },
  enableTwoFactor: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/two-factor/enable',
    access: 'member',
    summary:
      'Start two-factor setup (password re-checked): the authenticator URI and one-time backup codes. ' +
      'Sign-in asks for a code only after POST /api/auth/two-factor/confirm.',
    body: twoFactorPasswordBody,
    response: { 200: twoFactorSetupResponse, 409: errorResponse },
  },
  confirmTwoFactor: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/two-factor/confirm',
    access: 'member',
    summary: 'Finish two-factor setup with a code from the authenticator app',
    body: twoFactorCodeBody,
    response: { 200: okResponse },
  },
  disableTwoFactor: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/two-factor/disable',
    access: 'member',
    summary: 'Turn two-factor sign-in off (password re-checked)',
    body: twoFactorPasswordBody,
    response: { 200: okResponse },
  },
  verifyTwoFactor: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/two-factor/verify',
    access: 'public',
    summary:
      'Complete a two-factor sign-in with a 6-digit code or a backup code (each backup code works once)',
    body: twoFactorCodeBody,
    response: { 200: sessionResponse, 401: errorResponse },
  },
} as const satisfies RouteGroup;
