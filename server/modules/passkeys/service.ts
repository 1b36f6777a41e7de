import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import { passkeyMessages } from '../../../contract/messages.ts';
import type { AddPasskeyBody, PasskeySignInBody } from '../../../contract/passkeys.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../auth/viewer.ts';
import * as q from './queries.ts';

/** At most this many passkeys per member. */
export const MAX_PASSKEYS = 20;

/** Whether a member can sign in with a passkey: a way in that unlinking a provider does not take away. */
export async function hasPasskey(db: Db | Tx, userId: string) {
  return (await q.countPasskeys(db, userId)) > 0;
}

/** Where WebAuthn ceremonies are bound: the relying party is the public URL's host, the origin its origin. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export const relyingParty = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { name: 'CheatMarket', id: url.hostname, origin: url.origin };
};

const toItem = (row: Awaited<ReturnType<typeof q.listPasskeys>>[number]) => ({
  id: row.id,
  name: row.name,
  deviceType: row.deviceType === 'multiDevice' ? ('multiDevice' as const) : ('singleDevice' as const),
  backedUp: row.backedUp,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const transportsOf = (joined: string) =>
  joined ? (joined.split(',') as AuthenticatorTransport[]) : undefined;

export async function listMyPasskeys(db: Db, viewer: Viewer) {
  return { items: (await q.listPasskeys(db, viewer.id)).map(toItem) };
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (the passkey names its member at
 * sign-in, so no email is typed) with user verification (it is both factors at once), none of the member's
 * authenticators twice. The challenge is kept, bound to the member, for one use.
 */
export async function registrationOptions(db: Db, rp: RelyingParty, viewer: Viewer) {
  const existing = await q.credentialIdsOf(db, viewer.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', passkeyMessages.tooMany);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: viewer.username,
    userDisplayName: viewer.username,
    userID: new TextEncoder().encode(viewer.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // ES256 and RS256: what every platform authenticator and security key offers.
    supportedAlgorithmIDs: [-7, -257],
  });
  await q.storeChallenge(db, { challenge: options.challenge, kind: 'register', userId: viewer.id });
  return { options: { ...options } };
}

/** Verifies the attestation against a challenge issued to this member, then keeps the credential. */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  log: FastifyBaseLogger,
  viewer: Viewer,
  body: AddPasskeyBody,
) {
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.credential,
      expectedChallenge: (challenge) => q.consumeChallenge(db, challenge, 'register', viewer.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: [-7, -257],
    });
  } catch (err) {
    log.info({ reason: (err as Error).message }, 'passkey registration refused');
    throw new AppError('BAD_REQUEST', passkeyMessages.registrationFailed);
  }
  if (!verified.verified) throw new AppError('BAD_REQUEST', passkeyMessages.registrationFailed);
  const info = verified.registrationInfo;
  if ((await q.countPasskeys(db, viewer.id)) >= MAX_PASSKEYS)
    throw new AppError('CONFLICT', passkeyMessages.tooMany);
  try {
    const row = await q.insertPasskey(db, {
      userId: viewer.id,
      name: body.name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      transports: (body.credential.response.transports ?? []).join(','),
    });
    return toItem(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', passkeyMessages.alreadyRegistered);
    throw err;
  }
}

export async function renameMyPasskey(db: Db, viewer: Viewer, id: string, name: string) {
  return toItem(orNotFound(await q.renamePasskey(db, viewer.id, id, name), passkeyMessages.notFound));
}

/** Deletes one of my passkeys; another member's id and an unknown one are the same 404. */
export async function removeMyPasskey(db: Db, viewer: Viewer, id: string) {
  return orNotFound(await q.deletePasskey(db, viewer.id, id), passkeyMessages.notFound);
}

/**
 * Options for navigator.credentials.get() with no allowed list: the browser offers the passkeys it holds for
 * this site (discoverable credentials, or conditional UI in the email field). The challenge is kept for one use.
 */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await q.storeChallenge(db, { challenge: options.challenge, kind: 'sign-in', userId: null });
  return { options: { ...options } };
}

/**
 * Checks an assertion: a credential we know, a challenge we issued for sign-in and not used, our origin and
 * relying party, user verification, a valid signature and a counter that moved on. Every refusal is the same
 * 401 (nothing tells an unknown credential from a bad signature). Answers the member to sign in.
 */
export async function verifySignIn(
  db: Db,
  rp: RelyingParty,
  log: FastifyBaseLogger,
  body: PasskeySignInBody,
) {
  const refused = (reason: string) => {
    log.info({ reason }, 'passkey sign-in refused');
    return new AppError('UNAUTHENTICATED', passkeyMessages.signInFailed);
  };
  const passkey = await q.findByCredentialId(db, body.credential.id);
  if (!passkey) {
    // The challenge is still used up: an assertion gets one try whatever it names.
    await consumeFromClientData(db, body.credential.response.clientDataJSON);
    throw refused('unknown credential');
  }
  // A discoverable credential names its member (the user handle we gave it at registration): it must be the
  // passkey's owner.
  const handle = body.credential.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
    await consumeFromClientData(db, body.credential.response.clientDataJSON);
    throw refused('user handle of another member');
  }
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: body.credential,
      expectedChallenge: (challenge) => q.consumeChallenge(db, challenge, 'sign-in', null),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    });
  } catch (err) {
    throw refused((err as Error).message);
  }
  if (!verified.verified) throw refused('not verified');
  if (!(await q.markUsed(db, passkey.id, passkey.counter, verified.authenticationInfo.newCounter)))
    throw refused('counter moved meanwhile');
  return passkey;
}

/** The challenge in an assertion's clientDataJSON, used up (a malformed one is simply not found). */
async function consumeFromClientData(db: Db, clientDataJSON: string) {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string') await q.consumeChallenge(db, data.challenge, 'sign-in', null);
  } catch {
    // Not JSON: nothing to use up.
  }
}
