/**
 * Texts a screen shows as a full sentence where the source text is a bare phrase elsewhere (an API error, a
 * label): the full stop belongs to each language's message (Chinese ends with "。"), never appended in code.
 */
import { defineMessages } from '../i18n/define.ts';

export const sentencesUi = /* @__PURE__ */ defineMessages('sentencesUi', {
  awaitingReview: 'Your post is awaiting review by staff.',
  pushUnsupported: "This browser can't receive push notifications.",
  staffAlertsAlwaysOn: 'Security alerts are always on for staff accounts.',
  onlyAdminsWithdrawals: 'Only admins can decide withdrawals.',
  loginToReply: 'You must be logged in to reply.',
  creditedPaidOver: (credits: number) =>
    `${credits.toLocaleString('en-US')} credits added to your wallet. Paid more than ordered: the credits ordered were added; staff have the rest on record.`,
} as const);
