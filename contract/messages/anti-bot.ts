import { defineMessages } from '../i18n/define.ts';

/** Bot defences (issue 36 item 5): the proof-of-work check and disposable addresses. */
export const antiBotMessages = /* @__PURE__ */ defineMessages('antiBotMessages', {
  missing: 'Complete the check that you are human, then try again',
  invalid: 'The human check failed. Please try again',
  stale: 'The human check expired. Please try again',
  reused: 'This human check was already used. Please try again',
  tooCheap: 'The human check is out of date. Please try again',
  solving: "Verifying you're human…",
  solveFailed: 'Could not complete the human check. Check your connection and try again',
  disposableEmail: 'Disposable email addresses cannot be used. Use an address you keep',
} as const);
