import { defineMessages } from '../i18n/define.ts';

/** Active sessions and security alerts (decision 020). */
export const sessionMessages = /* @__PURE__ */ defineMessages('sessionMessages', {
  sessionNotFound: 'Session not found',
  loadSessionsFailed: 'Failed to load sessions',
  signOutSessionFailed: 'Failed to sign out the session',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'Signed out of all other sessions',
  noOtherSessions: 'No other sessions',
  staffAlertsAlwaysOn: 'Security alerts are always on for staff accounts',
  notMeLinkInvalid: 'This link is invalid or has expired',
  notMeDone:
    'Every session of your account has been signed out and we sent a password reset link to your email.',
} as const);
