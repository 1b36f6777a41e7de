import { okResponse } from '../auth.ts';
import { notMeBody, revokeOthersResponse, sessionIdParams, sessionsResponse } from '../sessions.ts';
import type { RouteGroup } from './route.ts';

/** The member's signed-in sessions, and a security alert's "This wasn't me" link. */
export const sessionRoutes = {
  list: {
    method: 'GET',
    path: '/me/sessions',
    access: 'member',
    summary: 'My signed-in sessions (device, browser, OS, IP, last active); `current` marks this one',
    response: { 200: sessionsResponse },
  },
  revoke: {
    method: 'DELETE',
    path: '/me/sessions/:id',
    access: 'member',
    summary: 'Sign out one of my sessions (another member’s id is a 404, like an unknown one)',
    params: sessionIdParams,
    response: { 200: okResponse },
  },
  revokeOthers: {
    method: 'POST',
    path: '/me/sessions/revoke-others',
    access: 'member',
    summary: 'Sign out every session of mine but this one',
    response: { 200: revokeOthersResponse },
  },
  notMe: {
    method: 'POST',
    path: '/security/not-me',
    access: 'public',
    summary:
      'A security alert\'s "This wasn\'t me" link (token used once, expires): signs out every session of ' +
      'the account and emails a password reset link',
    body: notMeBody,
    response: { 200: okResponse },
  },
} as const satisfies RouteGroup;
