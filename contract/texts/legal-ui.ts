/**
 * The Terms of Service and the Privacy Policy (issue 41): each section's heading and paragraphs. Read only by
 * the two legal pages' chunks.
 */
import { defineMessages } from '../i18n/define.ts';

export const legalUi = /* @__PURE__ */ defineMessages('legalUi', {
  termsIntro:
    'These terms govern your use of CheatMarket, the community and marketplace for game cheats, hacks, accounts and items. By creating an account you agree to them.',
  accountHeading: 'Your account',
  accountText:
    'You must give a valid email address and keep your password to yourself. You are responsible for everything done with your account. One person, one account: accounts may not be sold, shared or transferred outside the marketplace rules below.',
  useHeading: 'Acceptable use',
  useText:
    "Be respectful. Do not post illegal content, malware, stolen accounts or personal data of others, and do not harass, scam or impersonate anyone. Game publishers' own terms may forbid the use of cheats; complying with them is your responsibility.",
  creditsHeading: 'Credits and the marketplace',
  creditsText:
    'Listings are priced in credits. Credits have no cash value outside CheatMarket and cannot be withdrawn. A marketplace fee is deducted from each sale.',
  sellersText:
    'Sellers must describe what they sell honestly and deliver it. Buyers are protected: a purchase can be disputed through a support ticket, and staff decide disputes.',
  moderationHeading: 'Moderation',
  moderationText:
    'Staff may remove content and suspend or ban accounts that break these terms. A banned account is signed out everywhere at once.',
  /** `{0}` is the link to the tickets, named by supportTicketLink. */
  moderationAppeal: (link: string) => `If you think a decision was wrong, open a ${link}.`,
  supportTicketLink: 'support ticket',
  warrantyHeading: 'No warranty',
  warrantyText:
    'CheatMarket is provided as it is. We do our best to keep it available and safe but cannot promise that it is free of interruptions, or that third-party software offered on it works or stays undetected.',
  changesHeading: 'Changes',
  changesText:
    'We may update these terms. Continuing to use the site after a change means you accept the new terms.',
  privacyIntro:
    'This policy explains what personal data CheatMarket stores, why, and what you can do about it.',
  collectHeading: 'What we collect',
  collectText:
    'Your username, email address and a secure hash of your password (never the password itself); what you publish (posts, comments, listings, messages, tickets); your credit transactions; and, for security, the IP address and browser of each sign-in.',
  whyHeading: 'Why we use it',
  whyText:
    'To run your account, show your content to the people it is meant for, process marketplace purchases, answer support tickets, and detect fraud or abuse. We do not sell your data and do not show third-party advertising.',
  cookiesHeading: 'Cookies and local storage',
  cookiesText:
    'One cookie keeps you signed in; scripts cannot read it. If you do not tick "Remember me", it ends when you close your browser. Your theme choice is stored in your browser only. We use no tracking cookies.',
  visibilityHeading: 'Who can see what',
  visibilityText:
    'Your username, avatar, bio, public posts and listings are public. Your email address and balance are visible to you and to administrators only. Private messages are visible to their two participants.',
  retentionHeading: 'Keeping and deleting data',
  retentionText:
    'We keep your data while your account exists. Sign-in records are kept for a limited time for security. You can ask for a copy or the deletion of your data through a support ticket.',
} as const);
