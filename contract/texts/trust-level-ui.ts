/**
 * The trust levels' names and what each means (issue 36), as the profile badge, the admin's user rows and the
 * trust settings show them: one word per level in every language. trustMessages.levelTitles/levelExplained (nested,
 * outside the catalogue) stay the server's English source for the limit sentences.
 */
import { defineMessages } from '../i18n/define.ts';

export const trustLevelUi = /* @__PURE__ */ defineMessages('trustLevelUi', {
  new: 'New',
  member: 'Member',
  trusted: 'Trusted',
  newExplained: 'Just joined: links, messages to new contacts, listings and withdrawals are limited for now.',
  memberExplained: 'Verified, here a few days and posting: most limits are lifted.',
  trustedExplained: 'Completed sales with no lost disputes: the highest limits.',
} as const);
