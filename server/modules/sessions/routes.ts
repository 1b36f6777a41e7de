import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../contract/auth.ts';
import {
  notMeBody,
  revokeOthersResponse,
  sessionIdParams,
  sessionsResponse,
} from '../../../contract/sessions.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { confirmNotMe, listMySessions, revokeOtherSessions, revokeSession } from './service.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['me'], access: 'member' });

  route.get(
    '/me/sessions',
    {
      summary: 'My signed-in sessions (device, browser, OS, IP, last active); `current` marks this one',
      response: { 200: sessionsResponse },
    },
    async (request) => listMySessions(db, signedIn(request)),
  );

  route.delete(
    '/me/sessions/:id',
    {
      limit: 'sessionRevokePerUser',
      summary: 'Sign out one of my sessions (another member’s id is a 404, like an unknown one)',
      params: sessionIdParams,
      response: { 200: okResponse },
    },
    async (request) => revokeSession(db, signedIn(request), request.params.id),
  );

  route.post(
    '/me/sessions/revoke-others',
    {
      limit: 'sessionRevokePerUser',
      summary: 'Sign out every session of mine but this one',
      response: { 200: revokeOthersResponse },
    },
    async (request) => revokeOtherSessions(db, signedIn(request)),
  );

  route.post(
    '/security/not-me',
    {
      access: 'public',
      limit: 'notMePerIp',
      summary:
        'A security alert\'s "This wasn\'t me" link (token used once, expires): signs out every session of ' +
        'the account and emails a password reset link',
      body: notMeBody,
      response: { 200: okResponse },
    },
    async (request) => {
      await confirmNotMe(db, request.body.token, request.ip);
      return { ok: true as const };
    },
  );
};
