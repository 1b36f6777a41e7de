/**
 * The few texts the web app's shell shows (session retries, sign-out): apart from common-messages.ts, which
 * spreads them in, so the first screen carries only these words (an object travels whole into its chunk).
 */
import { defineMessages } from './i18n/define.ts';
export const shellMessages = /* @__PURE__ */ defineMessages('shellMessages', {
  signOutFailed: 'An error occurred during sign out',
  connectionRetry: 'Connection error. Retrying...',
  profileRetry: 'Failed to load profile. Retrying...',
} as const);

/** The language menu of the top bar and the settings page (issue 41); each language is named in itself. */
export const languageMessages = /* @__PURE__ */ defineMessages('languageMessages', {
  menu: 'Language',
  settingsTitle: 'Language',
  selectLabel: 'Site language',
  hint: 'Saved to your account: the site, its messages and your emails use it.',
  saved: 'Language saved',
  saveFailed: 'Could not save your language. Please try again.',
  loadFailed: 'Could not load this language. Check your connection and try again.',
} as const);
