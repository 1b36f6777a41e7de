import { okResponse, sessionResponse } from '../auth.ts';
import { errorResponse } from '../errors.ts';
import {
  addPasskeyBody,
  passkeyIdParams,
  passkeyItem,
  passkeyOptionsResponse,
  passkeySignInBody,
  passkeysResponse,
  renamePasskeyBody,
} from '../passkeys.ts';
import type { RouteGroup } from './route.ts';

/** Settings: my passkeys (decision 038). */
export const passkeyRoutes = {
  list: {
    method: 'GET',
    path: '/me/passkeys',
    access: 'member',
    summary: 'My passkeys: name, device type, created and last used (never the key itself)',
    response: { 200: passkeysResponse },
  },
  options: {
    method: 'POST',
    path: '/me/passkeys/options',
    access: 'member',
    summary: 'Start adding a passkey: the options for navigator.credentials.create() (challenge works once)',
    response: { 200: passkeyOptionsResponse, 409: errorResponse },
  },
  add: {
    method: 'POST',
    path: '/me/passkeys',
    access: 'member',
    summary: 'Add a passkey: the attestation from navigator.credentials.create() and a name for it',
    body: addPasskeyBody,
    response: { 201: passkeyItem, 409: errorResponse },
    success: 201,
  },
  rename: {
    method: 'PATCH',
    path: '/me/passkeys/:id',
    access: 'member',
    summary: 'Rename one of my passkeys (another member’s id is a 404, like an unknown one)',
    params: passkeyIdParams,
    body: renamePasskeyBody,
    response: { 200: passkeyItem },
  },
  remove: {
    method: 'DELETE',
    path: '/me/passkeys/:id',
    access: 'member',
    summary: 'Remove one of my passkeys (another member’s id is a 404, like an unknown one)',
    params: passkeyIdParams,
    response: { 200: okResponse },
  },
} as const satisfies RouteGroup;

/** Signing in with a passkey, beside the other sign-ins under /api/auth. */
export const passkeySignInRoutes = {
  options: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/passkey/options',
    access: 'public',
    summary:
      'Start a passkey sign-in: the options for navigator.credentials.get() with no email (the passkey ' +
      'names its member); the challenge works once, for 5 minutes',
    response: { 200: passkeyOptionsResponse },
  },
  signIn: {
    method: 'POST',
    prefix: '/api/auth',
    path: '/passkey/sign-in',
    access: 'public',
    summary:
      'Sign in with a passkey: the assertion from navigator.credentials.get(); sets the session cookie. ' +
      'No two-factor code follows (the passkey is both factors).',
    body: passkeySignInBody,
    response: { 200: sessionResponse, 401: errorResponse },
  },
} as const satisfies RouteGroup;
