import type { FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { SessionLookup } from '../modules/auth/session-lookup.ts';
import type { Viewer } from '../modules/auth/viewer.ts';
import { AppError } from './errors.ts';

export type { Viewer } from '../modules/auth/viewer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in member behind a set of request headers, or null (banned members count as signed out). */
    sessionViewer: SessionLookup;
  }
  interface FastifyRequest {
    /** Set by the route contract (plugins/route-contract.ts) before validation, from the route's `access()`. */
    viewer: Viewer | null;
  }
}

export function toWebHeaders(request: Pick<FastifyRequest, 'headers'>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/**
 * The viewer of a route declared `member`, `staff` or `admin`: the route contract has already refused
 * visitors, so this only narrows the type (and fails closed if a route's declaration says `public`).
 */
export function signedIn(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.viewer;
}
