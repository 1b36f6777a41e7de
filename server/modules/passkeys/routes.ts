import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyRoutes as r, passkeySignInRoutes as s } from '../../../contract/routes/passkeys.ts';
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

/** Settings: my passkeys, under /api/v1 (decision 038): the routes of contract/routes/passkeys.ts. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOpts> = async (app, { db, publicUrl }) => {
  const rp = relyingParty(publicUrl);
  const route = routesFor(app, { tags: ['me'] });

  route.on(r.list, {}, async (request) => listMyPasskeys(db, signedIn(request)));

  route.on(r.options, { limit: 'passkeyPerUser' }, async (request) =>
    registrationOptions(db, rp, signedIn(request)),
  );

  route.on(r.add, { limit: 'passkeyPerUser' }, async (request) => {
    const viewer = signedIn(request);
    const added = await addPasskey(db, rp, request.log, viewer, request.body);
    await app.securityAlerts.changed('passkey-added', viewer.id, requestDetails(request));
    return added;
  });

  route.on(r.rename, { limit: 'passkeyPerUser' }, async (request) =>
    renameMyPasskey(db, signedIn(request), request.params.id, request.body.name),
  );

  route.on(r.remove, { limit: 'passkeyPerUser' }, async (request) => {
    const viewer = signedIn(request);
    await removeMyPasskey(db, viewer, request.params.id);
    await app.securityAlerts.changed('passkey-removed', viewer.id, requestDetails(request));
    return { ok: true as const };
  });
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
  const route = routesFor(app, { tags: ['auth'] });

  route.on(s.options, { limit: 'passkeyOptionsPerIp' }, async () => signInOptions(db, rp));

  route.on(s.signIn, { limit: 'passkeySignInPerIp' }, async (request, reply) => {
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
  });
};
