import { powChallengeResponse } from '../anti-bot.ts';
import type { RouteGroup } from './route.ts';

/** Proof of work against bots (ALTCHA, issue 36): the challenge a browser solves before a guarded request. */
export const antiBotRoutes = {
  challenge: {
    method: 'GET',
    path: '/anti-bot/challenge',
    access: 'public',
    summary:
      'A signed proof-of-work challenge (ALTCHA v1, SHA-256): solved, it goes in the X-Altcha header of ' +
      'sign-up, the reset request and a new member’s first post. Each works once, for 10 minutes.',
    response: { 200: powChallengeResponse },
  },
} as const satisfies RouteGroup;
