import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../contract/auth.ts';
import {
  notMeBody,
  revokeOthersResponse,
  sessionIdParams,
  sessionsResponse,
} from '../../../contract/sessions.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { confirmNotMe, listMySessions, revokeOtherSessions, revokeSession } from './service.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me/sessions',
    {
      schema: {
        ...access('member'),
        tags: ['me'],
        summary: 'My signed-in sessions (device, browser, OS, IP, last active); `current` marks this one',
        response: { 200: sessionsResponse },
      },
    },
    async (request) => listMySessions(db, signedIn(request)),
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        ...access('member', { limit: 'sessionRevokePerUser' }),
        tags: ['me'],
        summary: 'Sign out one of my sessions (another member’s id is a 404, like an unknown one)',
        params: sessionIdParams,
        response: { 200: okResponse },
      },
    },
    async (request) => revokeSession(db, signedIn(request), request.params.id),
  );

  app.post(
    '/me/sessions/revoke-others',
    {
      schema: {
        ...access('member', { limit: 'sessionRevokePerUser' }),
        tags: ['me'],
        summary: 'Sign out every session of mine but this one',
        response: { 200: revokeOthersResponse },
      },
    },
    async (request) => revokeOtherSessions(db, signedIn(request)),
  );

  app.post(
    '/security/not-me',
    {
      schema: {
        ...access('public', { limit: 'notMePerIp' }),
        tags: ['me'],
        summary:
          'A security alert\'s "This wasn\'t me" link (token used once, expires): signs out every session of ' +
          'the account and emails a password reset link',
        body: notMeBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await confirmNotMe(db, request.body.token, request.ip);
      return { ok: true as const };
    },
  );
};
