/**
 * The top bar's search dropdown (issue 41), a chunk of its own: kept out of the first screen's search box, and
 * out of the marketplace's and cheats' groups, which would bring their words into it.
 */
import { defineMessages } from '../i18n/define.ts';

export const searchUi = /* @__PURE__ */ defineMessages('searchUi', {
  searching: 'Searching…',
  results: 'Search results',
  cheats: 'Cheats',
  users: 'Users',
  listings: 'Listings',
  threads: 'Threads',
  price: (n: number) => `${n} Credits`,
  replies: (n: number) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
} as const);

/** A cheat's status as the dropdown's badge writes it (lowercase; the badge capitalizes it). */
export const searchCheatStatus = /* @__PURE__ */ defineMessages('searchCheatStatus', {
  undetected: 'undetected',
  detected: 'detected',
  other: 'other',
} as const);
