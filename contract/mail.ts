import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';

/** The settings a mail's one-click unsubscribe can turn off (`digest` is set to 'off'). */
export const unsubscribeKindSchema = z.enum(['email_notifications', 'marketplace_updates', 'digest'], {
  error: 'Unknown email kind',
});

export const unsubscribeMessages = /* @__PURE__ */ defineMessages('unsubscribeMessages', {
  invalidLink: 'This unsubscribe link is not valid.',
  confirm: {
    email_notifications: 'Stop emails about messages, orders and tickets?',
    marketplace_updates: 'Stop emails about new listings from people you follow?',
    digest: 'Stop the summary emails you get while you are away?',
  },
  done: {
    email_notifications: 'You will no longer get emails about messages, orders and tickets.',
    marketplace_updates: 'You will no longer get emails about new listings from people you follow.',
    digest: 'You will no longer get summary emails while you are away.',
  },
} as const);

/** The signed link's query: the member, the kind, and the HMAC of both. */
export const unsubscribeQuery = z.object({
  user: z.uuid({ error: unsubscribeMessages.invalidLink }),
  kind: unsubscribeKindSchema,
  sig: z.string({ error: unsubscribeMessages.invalidLink }).min(1, unsubscribeMessages.invalidLink).max(100),
});

export const unsubscribeResponse = z.object({
  kind: unsubscribeKindSchema,
  unsubscribed: z.boolean(),
  message: z.string(),
});

/** The words around every mail (modules/mail/templates.ts), in the recipient's language at send time (issue 41). */
export const mailTexts = /* @__PURE__ */ defineMessages('mailTexts', {
  unsubscribeFooter: 'You get this because of your email settings.',
  unsubscribeLink: 'Unsubscribe from these emails',
  open: 'Open',
  openWallet: 'Open your wallet',
  reason: (reason: string) => `Reason: ${reason}`,
  banned: (site: string) => `Your ${site} account has been banned.`,
  unreadCount: (n: number) => `${n} unread notification${n === 1 ? '' : 's'}`,
  topThreads: "This week's top forum threads",
  newListings: 'New listings from people you follow',
  missed: (site: string) => `What you missed on ${site}`,
  openSite: (site: string) => `Open ${site}`,
} as const);

/** A security alert mail (modules/sessions/alerts.ts): what happened, the device facts and "This wasn't me". */
export const securityAlertTexts = /* @__PURE__ */ defineMessages('securityAlertTexts', {
  newSignInSubject: 'New sign-in to your CheatMarket account',
  newSignInLine: 'Your account was signed in to from a device or network it has not used before.',
  newSignInWithLine: (provider: string) =>
    `Your account was signed in to with ${provider} from a device or network it has not used before.`,
  passwordChangedSubject: 'Your CheatMarket password was changed',
  passwordChangedLine: 'The password of your account was changed.',
  twoFactorOnSubject: 'Two-factor sign-in turned on',
  twoFactorOnLine: 'Two-factor sign-in was turned on for your account.',
  twoFactorOffSubject: 'Two-factor sign-in turned off',
  twoFactorOffLine: 'Two-factor sign-in was turned off for your account.',
  passkeyAddedSubject: 'A passkey was added to your CheatMarket account',
  passkeyAddedLine:
    'A passkey was added to your account. It can sign in without a password or a two-factor code.',
  passkeyRemovedSubject: 'A passkey was removed from your CheatMarket account',
  passkeyRemovedLine: 'A passkey was removed from your account and can no longer sign in.',
  bannedSubject: 'Your CheatMarket account was banned',
  bannedLine: 'Your account was banned by the staff and every session was signed out.',
  roleChangedSubject: 'Your CheatMarket role changed',
  roleChangedLine: (role: string) => `Your account's role was changed to ${role} by an admin.`,
  accountLinkedSubject: (provider: string) => `A ${provider} account was linked to your CheatMarket account`,
  accountLinkedLine: (provider: string) =>
    `A ${provider} account was linked to your account: it can now be used to sign in.`,
  accountUnlinkedSubject: (provider: string) =>
    `A ${provider} account was unlinked from your CheatMarket account`,
  accountUnlinkedLine: (provider: string) =>
    `A ${provider} account was unlinked from your account: it can no longer be used to sign in.`,
  payoutAddressSubject: 'Your CheatMarket payout address was changed',
  payoutAddressLine:
    'A payout address of your account was changed. Withdrawals can use it 24 hours after the change.',
  signIn: 'sign-in',
  device: 'Device',
  browser: 'Browser',
  browserOn: (browser: string, os: string) => `${browser} on ${os}`,
  network: 'Approximate network',
  time: 'Time',
  hi: (username: string) => `Hi ${username},`,
  ignore: 'If this was you, you can ignore this email.',
  ignoreOrLink: (link: string) =>
    `If this was you, you can ignore this email. If it wasn't you, open this link to sign out every session and reset your password: ${link}`,
  notMe: "This wasn't me",
  notMeAction: ': sign out every session and reset my password.',
} as const);
