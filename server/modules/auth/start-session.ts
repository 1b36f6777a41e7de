import { createHmac } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { messages } from '../../../contract/messages.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Auth } from './auth.ts';

/**
 * Makes a session for a member whom one of our routes has authenticated itself (a passkey sign-in, decision
 * 036) and answers its cookie. The session goes through better-auth's own adapter, so its hooks run as for a
 * password sign-in: the ban check (`session.create.before`) refuses a banned member, and the token is stored
 * hashed (session-token.ts). The cookie is better-auth's signed one (`token.base64(HMAC-SHA256)`), with its
 * name, attributes and lifetime, so the session lookup and sign-out treat it like any other.
 */
export async function startSession(
  auth: Auth,
  member: { userId: string; ipAddress: string; userAgent: string | undefined },
): Promise<string> {
  const ctx = await auth.$context;
  let session: { token: string } | null;
  try {
    session = await ctx.internalAdapter.createSession(member.userId, false, {
      ipAddress: member.ipAddress,
      userAgent: member.userAgent ?? '',
    });
  } catch (err) {
    if (err instanceof APIError && (err.body as { code?: string } | undefined)?.code === 'BANNED')
      throw new AppError('BANNED', messages.banned);
    throw err;
  }
  if (!session) throw new AppError('INTERNAL', messages.internal);
  const cookie = ctx.authCookies.sessionToken;
  const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  const a = cookie.attributes;
  return [
    `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Max-Age=${ctx.sessionConfig.expiresIn}`,
    `Path=${a.path ?? '/'}`,
    a.httpOnly ? 'HttpOnly' : '',
    a.secure ? 'Secure' : '',
    `SameSite=${a.sameSite === 'none' ? 'None' : a.sameSite === 'strict' ? 'Strict' : 'Lax'}`,
  ]
    .filter(Boolean)
    .join('; ');
}
