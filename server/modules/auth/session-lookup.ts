import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { profiles, sessions } from '../../db/schema/index.ts';
import { prepareSessionTouch } from '../sessions/queries.ts';
import type { Auth } from './auth.ts';
import { hashSessionToken } from './session-token.ts';
import { type Viewer, viewerColumns } from './viewer.ts';

/** How stale a session's "last active" (its updated_at) may get before a request writes it again. */
export const TOUCH_AFTER_MS = 5 * 60 * 1000;
/** Session cookies whose signature was checked, kept per instance (the oldest goes first): about 3 MB. */
const CHECKED_COOKIES = 10_000;

export type SessionLookup = (headers: IncomingHttpHeaders) => Promise<Viewer | null>;

/** Cookie header → name/value pairs; the first of a repeated name wins, as browsers send the most specific first. */
function readCookies(header: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

/** A session's row joined to its member, by the stored token's hash. */
const byTokenStatement = preparedStatements('viewer_by_session_token', (db: Db) =>
  db
    .select({
      ...viewerColumns,
      banned: profiles.banned,
      expiresAt: sessions.expiresAt,
      sessionId: sessions.id,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token'))),
);

/**
 * The signed-in member of a request in one prepared statement (session joined to its member), instead of
 * better-auth's getSession, which costs two round trips, a WebCrypto HMAC and its own object mapping on every
 * request (issue 13's profile: 31 % of a signed-in read). The cookie is better-auth's own
 * (`token.base64(HMAC-SHA256(secret, token))`), checked here with node:crypto. A session in its last
 * `updateAge` is handed to better-auth once, which extends it exactly as before. A ban or sign-out takes effect
 * on the next request, since nothing is cached (a revoked session's row is gone, so its next request is a visitor).
 * The table holds only the token's hash (session-token.ts), so the lookup compares hashes.
 */
export async function createSessionLookup(db: Db, auth: Auth): Promise<SessionLookup> {
  const ctx = await auth.$context;
  const cookieName = ctx.authCookies.sessionToken.name;
  const dontRememberName = ctx.authCookies.dontRememberToken.name;
  const secret = ctx.secret;
  const refreshBeforeMs = (ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge) * 1000;
  // Every signed-in request runs it: prepared once, its rows mapped by the compiled mapper and read by the app's
  // reader, as every prepared statement's (db/prepared.ts).
  const byToken = byTokenStatement(db, '');
  // "Last active" on the sessions list: written at most once per TOUCH_AFTER_MS per session, not per request.
  const touch = prepareSessionTouch(db);

  const verify = (raw: string): string | null => {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  };

  // A signed cookie's check and its token's hash give the same answer every time, and a member sends the same
  // cookie with every request: kept for the cookies that passed (the row is still read on every request, so a
  // signed-out or expired session ends at once). The HMAC and the hash were 2 % of a signed-in read's CPU.
  const checked = new Map<string, string>();
  const storedToken = (raw: string): string | null => {
    const known = checked.get(raw);
    if (known) return known;
    const token = verify(raw);
    if (!token) return null;
    const stored = hashSessionToken(token);
    if (checked.size >= CHECKED_COOKIES) checked.delete(checked.keys().next().value!);
    checked.set(raw, stored);
    return stored;
  };

  return async (headers) => {
    if (!headers.cookie) return null;
    const cookies = readCookies(headers.cookie);
    const raw = cookies.get(cookieName);
    const token = raw ? storedToken(raw) : null;
    if (!token) return null;
    const [row] = await byToken.execute({ token });
    if (!row || row.banned || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.expiresAt.getTime() - refreshBeforeMs <= Date.now() && !cookies.has(dontRememberName)) {
      // Rare (once a day per session): better-auth moves the expiry forward in its own way.
      const h = new Headers();
      h.set('cookie', headers.cookie);
      await auth.api.getSession({ headers: h });
    }
    if (row.updatedAt.getTime() + TOUCH_AFTER_MS <= Date.now()) await touch.execute({ id: row.sessionId });
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      avatarUrl: row.avatarUrl,
      trustLevel: row.trustLevel,
      emailVerified: row.emailVerified,
      joinedAt: row.joinedAt,
      sessionId: row.sessionId,
    };
  };
}
