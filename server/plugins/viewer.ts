import type { FastifyRequest } from 'fastify';
import { isStaff, type Role } from '../../contract/limits.ts';
import { messages } from '../../contract/messages.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { AppError } from './errors.ts';

export interface Viewer {
  id: string;
  username: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** The signed-in member behind a request, looked up once per request; banned members count as signed out. */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  let found = cache.get(request);
  if (!found) {
    found = loadViewer(request);
    cache.set(request, found);
  }
  return found;
}

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  const result = await request.server.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!result) return null;
  const user = result.user as typeof result.user & { role: Role; banned: boolean };
  if (user.banned) return null;
  return {
    id: user.id,
    username: user.name,
    email: user.email,
    role: user.role,
    avatarUrl: user.image ?? null,
  };
}

export async function requireViewer(request: FastifyRequest, message: string = messages.unauthenticated) {
  const viewer = await getViewer(request);
  if (!viewer) throw new AppError('UNAUTHENTICATED', message);
  return viewer;
}

export async function requireStaff(request: FastifyRequest, message: string = messages.forbidden) {
  const viewer = await requireViewer(request);
  if (!isStaff(viewer.role)) throw new AppError('FORBIDDEN', message);
  return viewer;
}

export async function requireAdmin(request: FastifyRequest, message: string = messages.forbidden) {
  const viewer = await requireViewer(request);
  if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', message);
  return viewer;
}
