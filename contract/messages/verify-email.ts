import { defineMessages } from '../i18n/define.ts';

/** Verified email (issue 36 item 1): the link, the banner and the resend. */
export const verifyEmailMessages = /* @__PURE__ */ defineMessages('verifyEmailMessages', {
  invalidLink: 'This verification link is invalid or has expired. Ask for a new one from the banner.',
  verified: 'Your email address is verified',
  alreadyVerified: 'Your email address is already verified',
  verifying: 'Verifying your email address…',
  resent: 'Verification email sent. Check your inbox.',
  resendLimited: 'You asked for several emails already. Wait a few minutes before asking again.',
  resendFailed: 'Could not send the verification email. Try again later.',
  bannerTitle: 'Verify your email address',
  bannerBody:
    'We sent you a link. Until you open it you cannot sell, withdraw, post links or message more than a few members a day, and we send you no emails except account emails.',
  resend: 'Resend email',
  backHome: 'Go to the home page',
} as const);
