import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, sessionResponse } from '../../../contract/auth.ts';
import { errorResponse } from '../../../contract/errors.ts';
import {
  addPasskeyBody,
  passkeyIdParams,
  passkeyItem,
  passkeyOptionsResponse,
  passkeySignInBody,
  passkeysResponse,
  renamePasskeyBody,
} from '../../../contract/passkeys.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { recordLoginEvent } from '../auth/auth.ts';
import { startSession } from '../auth/start-session.ts';
import { requestDetails } from '../sessions/alerts.ts';
import {
  addPasskey,
  listMyPasskeys,
  registrationOptions,
  relyingParty,
  removeMyPasskey,
  renameMyPasskey,
  signInOptions,
  verifySignIn,
} from './service.ts';

interface PasskeyRoutesOpts {
  db: Db;
  publicUrl: string;
}

/** Settings: my passkeys, under /api/v1 (decision 038). */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOpts> = async (app, { db, publicUrl }) => {
  const rp = relyingParty(publicUrl);
  const route = routesFor(app, { tags: ['me'], access: 'member' });

  route.get(
    '/me/passkeys',
    {
      summary: 'My passkeys: name, device type, created and last used (never the key itself)',
      response: { 200: passkeysResponse },
    },
    async (request) => listMyPasskeys(db, signedIn(request)),
  );

  route.post(
    '/me/passkeys/options',
    {
      limit: 'passkeyPerUser',
      summary:
        'Start adding a passkey: the options for navigator.credentials.create() (challenge works once)',
      response: { 200: passkeyOptionsResponse, 409: errorResponse },
    },
    async (request) => registrationOptions(db, rp, signedIn(request)),
  );

  route.post(
    '/me/passkeys',
    {
      limit: 'passkeyPerUser',
      success: 201,
      summary: 'Add a passkey: the attestation from navigator.credentials.create() and a name for it',
      body: addPasskeyBody,
      response: { 201: passkeyItem, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      const added = await addPasskey(db, rp, request.log, viewer, request.body);
      await app.securityAlerts.changed('passkey-added', viewer.id, requestDetails(request));
      return added;
    },
  );

  route.patch(
    '/me/passkeys/:id',
    {
      limit: 'passkeyPerUser',
      summary: 'Rename one of my passkeys (another member’s id is a 404, like an unknown one)',
      params: passkeyIdParams,
      body: renamePasskeyBody,
      response: { 200: passkeyItem },
    },
    async (request) => renameMyPasskey(db, signedIn(request), request.params.id, request.body.name),
  );

  route.delete(
    '/me/passkeys/:id',
    {
      limit: 'passkeyPerUser',
      summary: 'Remove one of my passkeys (another member’s id is a 404, like an unknown one)',
      params: passkeyIdParams,
      response: { 200: okResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      await removeMyPasskey(db, viewer, request.params.id);
      await app.securityAlerts.changed('passkey-removed', viewer.id, requestDetails(request));
      return { ok: true as const };
    },
  );
};

/**
 * Signing in with a passkey, beside the other sign-ins under /api/auth. A passkey is both factors (the device
 * and its PIN or biometric, user verification required), so a member with two-factor sign-in on is not asked
 * for a code. The session is made through better-auth (ban check, hashed token) and the sign-in recorded and
 * alerted like a password sign-in.
 */
export const passkeySignInRoutes: FastifyPluginAsyncZod<PasskeyRoutesOpts> = async (
  app,
  { db, publicUrl },
) => {
  const rp = relyingParty(publicUrl);
  const route = routesFor(app, { tags: ['auth'], access: 'public' });

  route.post(
    '/passkey/options',
    {
      limit: 'passkeyOptionsPerIp',
      summary:
        'Start a passkey sign-in: the options for navigator.credentials.get() with no email (the passkey ' +
        'names its member); the challenge works once, for 5 minutes',
      response: { 200: passkeyOptionsResponse },
    },
    async () => signInOptions(db, rp),
  );

  route.post(
    '/passkey/sign-in',
    {
      limit: 'passkeySignInPerIp',
      summary:
        'Sign in with a passkey: the assertion from navigator.credentials.get(); sets the session cookie. ' +
        'No two-factor code follows (the passkey is both factors).',
      body: passkeySignInBody,
      response: { 200: sessionResponse, 401: errorResponse },
    },
    async (request, reply) => {
      const member = await verifySignIn(db, rp, request.log, request.body);
      const signIn = { userId: member.userId, ...requestDetails(request) };
      reply.header('set-cookie', await startSession(app.auth, signIn));
      const loginEventId = await recordLoginEvent(db, request.log, signIn);
      await app.securityAlerts.signedIn({ ...signIn, loginEventId });
      return {
        user: {
          id: member.userId,
          username: member.username,
          role: member.role,
          avatarUrl: member.avatarUrl,
        },
      };
    },
  );
};
