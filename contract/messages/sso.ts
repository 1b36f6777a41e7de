import { defineMessages } from '../i18n/define.ts';

/** Sign-in with Discord and with an OpenID Connect provider (issue 37). */
export const ssoMessages = /* @__PURE__ */ defineMessages('ssoMessages', {
  /** The button on the sign-in and sign-up pages (one wording: a first visit signs up, a later one signs in). */
  continueWith: (label: string) => `Continue with ${label}`,
  providerNotConfigured: 'This sign-in method is not available',
  /** The provider said no, the person cancelled, or the answer could not be used. */
  failed: (label: string) => `Signing in with ${label} did not work. Please try again.`,
  /** state or PKCE did not match: the sign-in was not started here, or was started twice. */
  expired: 'This sign-in has expired or was not started here. Please try again.',
  noEmail: (label: string) =>
    `${label} did not share an email address. Allow the email address and try again.`,
  emailInUse: (label: string) =>
    `An account already uses this email address. Sign in with your password, then link ${label} from Settings.`,
  alreadyLinkedElsewhere: (label: string) => `This ${label} account is linked to another member.`,
  alreadyLinked: (label: string) => `A ${label} account is already linked.`,
  notLinked: (label: string) => `No ${label} account is linked.`,
  lastWayIn:
    'You cannot unlink your only way to sign in. Set a password first (Forgot password on the sign-in page).',
  pendingExpired: 'This sign-up has expired. Please sign in again.',
  pickUsernameTitle: 'Choose a username',
  pickUsernameIntro: (label: string) =>
    `You signed in with ${label}. Choose the username other members will see.`,
  createAccount: 'Create account',
  linkedAccounts: 'Linked accounts',
  linkedAccountsIntro: 'Sign in with these as well as, or instead of, your password.',
  link: 'Link',
  unlink: 'Unlink',
  linked: (label: string) => `${label} account linked`,
  unlinked: (label: string) => `${label} account unlinked`,
  unlinkFailed: 'Failed to unlink the account',
  notLinkedYet: 'Not linked',
  or: 'or',
} as const);
