import { defineMessages } from './i18n/define.ts';
import { shellMessages } from './shell-messages.ts';

/**
 * The common texts of the spec (sign-in, errors, retries), apart from the areas' texts in messages.ts so
 * that the web app's shell, which needs only these, does not carry every area's words in its first
 * screen (a module travels whole into one chunk). messages.ts re-exports them; the
 * shell's modules import this file directly.
 */
export const messages = /* @__PURE__ */ defineMessages('messages', {
  ...shellMessages,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  usernameCharset: 'Username can only contain letters, numbers, underscores and hyphens',
  usernameTaken: 'Username is already taken',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  banned: 'Your account has been banned. Please contact an administrator.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  registered: 'Registration successful! You can now log in.',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully',
  resetSent: 'Password reset email sent. Check your inbox.',
  passwordUpdated: 'Password updated successfully',
  signUpFailed: 'An error occurred during sign up',
  signInFailed: 'An error occurred during sign in',
  resetFailed: 'An error occurred during password reset',
  updateFailed: 'An error occurred during password update',
  unauthenticated: 'You must be logged in',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  crossSite: 'Cross-site requests are not allowed',
  badRequest: 'The request is invalid',
  invalidCursor: 'Invalid page cursor',
  payloadTooLarge: 'The request is too large',
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const);
