import { defineMessages } from '../i18n/define.ts';

/** The terms trust-level texts are built from (the `trust` site setting's unlock conditions). */
interface TrustTerms {
  memberAfterDays: number;
  memberAfterPosts: number;
  trustedAfterDays: number;
  trustedAfterSales: number;
}
type Level = 'new' | 'member' | 'trusted';
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const levelTitles: Record<Level, string> = { new: 'New', member: 'Member', trusted: 'Trusted' };
const levelPeople: Record<Level, string> = {
  new: 'New members',
  member: 'Members',
  trusted: 'Trusted members',
};
/** What reaching a level takes, as the unlock sentence names it. */
const howToReach = (level: Level, t: TrustTerms) =>
  level === 'member'
    ? `verify your email, be here ${plural(t.memberAfterDays, 'day')} and post ${plural(t.memberAfterPosts, 'time')}`
    : `be here ${plural(t.trustedAfterDays, 'day')} and complete ${plural(t.trustedAfterSales, 'sale')} with no lost disputes`;
/** " Links unlock when you reach Member: verify your email, …." or nothing when no level unlocks more. */
const unlock = (what: string, next: Level | null, t: TrustTerms) =>
  next ? ` ${what} when you reach ${levelTitles[next]}: ${howToReach(next, t)}.` : '';

/** Trust levels (issue 36 item 2): names, explanations and each limit's refusal, naming what unlocks it. */
export const trustMessages = /* @__PURE__ */ defineMessages('trustMessages', {
  levelTitles,
  levelExplained: {
    new: 'Just joined: links, messages to new contacts, listings and withdrawals are limited for now.',
    member: 'Verified, here a few days and posting: most limits are lifted.',
    trusted: 'Completed sales with no lost disputes: the highest limits.',
  } satisfies Record<Level, string>,
  links: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't post links yet.${unlock('Links unlock', next, t)}`
      : `${levelPeople[level]} can post at most ${plural(max, 'link')} in a post.${unlock('More unlock', next, t)}`,
  images: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't post images yet.${unlock('Images unlock', next, t)}`
      : `${levelPeople[level]} can post at most ${plural(max, 'image')} in a post.${unlock('More unlock', next, t)}`,
  newContacts: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't message new contacts yet.${unlock('Messages unlock', next, t)}`
      : `${levelPeople[level]} can message at most ${plural(max, 'new member')} a day. Try again tomorrow.${unlock('More unlock', next, t)}`,
  activeListings: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    max === 0
      ? `${levelPeople[level]} can't list items yet.${unlock('Selling unlocks', next, t)}`
      : `${levelPeople[level]} can have at most ${plural(max, 'active listing')} at once.${unlock('More unlock', next, t)}`,
  priceCap: (level: Level, max: number, next: Level | null, t: TrustTerms) =>
    `${levelPeople[level]} can list items for at most ${plural(max, 'credit')}.${unlock('Higher prices unlock', next, t)}`,
  withdrawals: (level: Level, next: Level | null, t: TrustTerms) =>
    `${levelPeople[level]} can't withdraw yet.${unlock('Withdrawals unlock', next, t)}`,
  unverifiedLinks: 'Verify your email address to post links.',
  unverifiedSelling: 'Verify your email address to sell on the marketplace.',
  unverifiedWithdrawals: 'Verify your email address to withdraw.',
  unverifiedContacts: (max: number) =>
    max === 0
      ? 'Verify your email address to message new members.'
      : `Until you verify your email address you can message at most ${plural(max, 'new member')} a day.`,
  /** Staff: the admin Users screen's level control. */
  automatic: 'Automatic',
  levelSaved: 'Trust level updated',
  levelFailed: 'Failed to update trust level',
  levelLabel: 'Trust level',
  levelInvalid: 'Trust level must be new, member, trusted or automatic (null)',
  settingsSaved: 'Trust levels saved',
} as const);
