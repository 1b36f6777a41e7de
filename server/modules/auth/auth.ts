import { randomBytes, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { limits } from '../../../contract/limits.ts';
import { messages } from '../../../contract/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  loginEvents,
  profiles,
  sessions,
  twoFactors,
  verifications,
} from '../../db/schema/index.ts';
import { enqueueMail } from '../../plugins/queue.ts';
import type { SecurityAlerts } from '../sessions/alerts.ts';
import { RESET_TOKEN_TTL_SECONDS } from './mail-links.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { hashSessionTokens } from './session-token.ts';

/** The header our proxy sets from Fastify's request.ip (which honours TRUST_PROXY); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-cm-client-ip';

/**
 * Records one sign-in for the settings page's login history; a failure is only logged (spec). Its id tells the
 * sign-in's alert job which sign-ins came before this one.
 */
export async function recordLoginEvent(
  db: Db,
  log: FastifyBaseLogger,
  event: { userId: string; ipAddress?: string | null; userAgent?: string | null },
) {
  try {
    const [row] = await db
      .insert(loginEvents)
      .values({
        userId: event.userId,
        ipAddress: event.ipAddress || 'Unknown',
        userAgent: event.userAgent || 'Unknown',
      })
      .returning({ id: loginEvents.id });
    return row?.id ?? null;
  } catch (err) {
    log.warn({ err }, 'could not record login event');
    return null;
  }
}

/** How long a two-factor challenge lasts: the twoFactor plugin's default (`twoFactorCookieMaxAge`). */
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

/** The path of the server-only endpoint below: its sessions count as sign-ins. */
const SSO_SESSION_PATH = '/sso/session';

/**
 * A session for a member who signed in with a provider (modules/sso): our routes checked the provider's answer,
 * state and PKCE; this makes the session and its cookie as a password sign-in does (the same ban check, login
 * event and alert through the session hooks). Server-only: no URL reaches it, only `auth.api.ssoSession`.
 */
const ssoSessionPlugin = {
  id: 'cm-sso-session',
  endpoints: {
    ssoSession: createAuthEndpoint(
      SSO_SESSION_PATH,
      {
        method: 'POST',
        body: z.object({ userId: z.string(), provider: z.string() }),
        metadata: { SERVER_ONLY: true },
      },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError('NOT_FOUND', { code: 'USER_NOT_FOUND', message: messages.badRequest });
        if ((user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
          // Two-factor sign-in stays on whichever way the member comes: the challenge the twoFactor plugin
          // makes after a password (its signed `two_factor` cookie naming a verification row, and the row
          // counting attempts), so POST /api/auth/two-factor/verify completes this sign-in as it does that one.
          const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
          const identifier = `2fa-${randomBytes(20).toString('base64url')}`;
          await ctx.context.internalAdapter.createVerificationValue({
            value: user.id,
            identifier,
            expiresAt,
          });
          await ctx.context.internalAdapter.createVerificationValue({
            value: '0',
            identifier: `2fa-attempts-${identifier}`,
            expiresAt,
          });
          const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
          await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
          return ctx.json({ userId: user.id, twoFactorRequired: true });
        }
        const session = await ctx.context.internalAdapter.createSession(user.id, false);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, twoFactorRequired: false });
      },
    ),
  },
};

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: string;
  log: FastifyBaseLogger;
  securityAlerts: SecurityAlerts;
}

export function createAuth({ db, config, secret, log, securityAlerts }: AuthDeps) {
  return betterAuth({
    appName: 'CheatMarket',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Into the app's log (its format and redaction) instead of the console; the message only, since the
    // extra arguments can hold the request's values.
    logger: {
      log: (level, message) => log[level]({ source: 'better-auth' }, message),
    },
    // Our own limiter (plugins/rate-limit.ts) covers auth per IP and per account, across instances.
    rateLimit: { enabled: false },
    // Session tokens are stored hashed (session-token.ts): the cookie holds the only usable copy.
    database: hashSessionTokens(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { profiles, sessions, accounts, verifications, twoFactors },
      }),
    ),
    user: {
      modelName: 'profiles',
      fields: { name: 'username', image: 'avatarUrl' },
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user' },
        banned: { type: 'boolean', input: false, defaultValue: false },
        bio: { type: 'string', input: false, required: false },
        balance: { type: 'number', input: false, defaultValue: 0 },
        credits: { type: 'number', input: false, defaultValue: 0 },
      },
    },
    plugins: [
      // Reached only through our routes (modules/auth/routes.ts); its own rate limit is off like the rest,
      // ours counts code attempts, and the plugin still caps attempts per challenge and locks the account.
      twoFactor({ issuer: 'CheatMarket', twoFactorTable: 'twoFactors' }),
      ssoSessionPlugin,
    ],
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    // A reset token is a live secret: only its SHA-256 is stored, so a database read or a backup holds no link.
    verification: {
      modelName: 'verifications',
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: limits.password.min,
      maxPasswordLength: limits.password.max,
      revokeSessionsOnPasswordReset: true,
      // Reset links are made by the mail worker (mail-links.ts), which stores better-auth's row itself: no
      // request reaches better-auth's request-password-reset, so no token ever sits in a job's data.
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      async onPasswordReset({ user }, request) {
        await securityAlerts.changed('password-changed', user.id, {
          ipAddress: request?.headers.get(CLIENT_IP_HEADER),
          userAgent: request?.headers.get('user-agent'),
        });
      },
      password: {
        hash: (password) => hashPassword(password, config.passwordHashCost),
        verify: verifyPassword,
      },
      // Sign-up with a taken email answers like a success (no account enumeration) and tells the owner instead.
      // At most one notice a day per address: each attempt used to mail the owner again, so anyone could
      // make us send them mail after mail (the queue drops a second job of the key within the day).
      async onExistingUserSignUp({ user }) {
        await enqueueMail(
          db,
          { to: user.email, template: 'existing-account', data: {}, userId: user.id },
          { singletonKey: `existing-account:${user.id}`, singletonSeconds: 86_400 },
        );
      },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            const [user] = await db
              .select({ banned: profiles.banned })
              .from(profiles)
              .where(eq(profiles.id, session.userId));
            if (user?.banned) throw new APIError('FORBIDDEN', { code: 'BANNED', message: messages.banned });
          },
          async after(session, ctx) {
            // Only a password or provider sign-in counts here: sessions are also made when a password changes or
            // two-factor is turned on or off. A sign-in of a two-factor account makes a session the plugin
            // drops at once; the code's route records that sign-in when it completes (routes.ts).
            if (ctx?.path === SSO_SESSION_PATH) {
              const provider = (ctx.body as { provider?: string } | undefined)?.provider;
              const loginEventId = await recordLoginEvent(db, log, session);
              await securityAlerts.signedIn({ ...session, loginEventId, provider });
              return;
            }
            if (ctx?.path !== '/sign-in/email') return;
            const [user] = await db
              .select({ twoFactorEnabled: profiles.twoFactorEnabled })
              .from(profiles)
              .where(eq(profiles.id, session.userId));
            if (user?.twoFactorEnabled) return;
            const loginEventId = await recordLoginEvent(db, log, session);
            await securityAlerts.signedIn({ ...session, loginEventId });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
