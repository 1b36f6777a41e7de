import { defineMessages } from '../i18n/define.ts';

/**
 * The sign-in, sign-up, password reset, "this wasn't me" and email verification screens (issue 41): their own
 * small group, apart from messages.ts, so these screens carry only their words. Texts with an element inside (a
 * link, a bold address) take it as an argument: the web puts the element where the argument is
 * (web/lib/text-parts.tsx), so the sentence stays one message.
 */
export const authUi = /* @__PURE__ */ defineMessages('authUi', {
  email: 'Email',
  password: 'Password',
  username: 'Username',
  usernameHint: '3 to 20 characters: letters, numbers, underscores and hyphens.',
  passwordHint: 'At least 8 characters.',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  authenticationCode: 'Authentication code',
  signIn: 'Sign in',
  signInSubtitle: 'Welcome back! Sign in to your CheatMarket account.',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  signInSubmit: 'Sign In',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot password?',
  passkeySignIn: 'Sign in with a passkey',
  passkeyInstead: 'Use a passkey instead',
  twoFactorTitle: 'Two-factor sign-in',
  backupCodePrompt: 'Enter one of your backup codes. Each code works once.',
  totpPrompt: 'Enter the 6-digit code from your authenticator app.',
  backToSignIn: 'Back to sign in',
  backupCode: 'Backup code',
  verify: 'Verify',
  useAuthenticator: 'Use your authenticator app instead',
  useBackupCode: 'Use a backup code',
  registerTitle: 'Create your account',
  registerSubtitle: 'Join the CheatMarket community in less than a minute.',
  haveAccount: 'Already have an account?',
  createAccount: 'Create Account',
  agreeToTerms: (terms: string, privacy: string) =>
    `By creating an account you agree to our ${terms} and ${privacy}.`,
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  backToLogin: 'Back to login',
  emailSentTitle: 'Email sent',
  emailSentSubtitle: 'Check your inbox for a link to reset your password.',
  resetSentTo: (email: string) =>
    `If an account exists for ${email}, it will receive an email with a reset link within a few minutes. The link works for one hour. Don't see it? Check your spam folder.`,
  differentEmail: 'Use a different email',
  resetTitle: 'Reset your password',
  resetSubtitle: "Enter your account's email and we'll send you a link to choose a new password.",
  sendResetLink: 'Send Reset Link',
  newPasswordTitle: 'Set a new password',
  newPasswordSubtitle: 'Choose a new password for your account. Other devices will be signed out.',
  updatePassword: 'Update Password',
  notMeSecured: 'Your account is secured',
  notMeOpenReset: 'Open the reset link in that email within an hour to choose a new password.',
  notMeTitle: "This wasn't me",
  notMeSubtitle: 'If you did not make the change in the security alert, secure your account now.',
  notMeExplain:
    'This signs out every session of your account, on every device, and emails you a link to choose a new password.',
  notMeConfirm: 'Sign out everywhere and reset my password',
  goToSignIn: 'Go to sign in',
  verifiedSubtitle: 'Selling, withdrawals and links are open to you now.',
  verifiedCarryOn: 'Sign in if you are not, and carry on where you left off.',
  verificationFailed: 'Verification failed',
  thatProvider: 'that provider',
} as const);
