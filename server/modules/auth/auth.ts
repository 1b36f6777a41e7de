import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../../contract/limits.ts';
import { messages } from '../../../contract/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, loginEvents, profiles, sessions, verifications } from '../../db/schema/index.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/** The header our proxy sets from Fastify's request.ip (which honours TRUST_PROXY); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-cm-client-ip';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
}

export function createAuth({ db, config, mailer, secret, log }: AuthDeps) {
  return betterAuth({
    appName: 'CheatMarket',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Our own limiter (plugins/rate-limit.ts) covers auth per IP and per account, across instances.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { profiles, sessions, accounts, verifications },
    }),
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
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: limits.password.min,
      maxPasswordLength: limits.password.max,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      // Sign-up with a taken email answers like a success (no account enumeration) and tells the owner instead.
      async onExistingUserSignUp({ user }) {
        await mailer.send({
          to: user.email,
          subject: 'Someone tried to register with your email',
          text: `Someone tried to create a CheatMarket account with this email address, which already has one. If it was you, sign in at ${config.publicUrl}/login or reset your password at ${config.publicUrl}/reset-password. If not, you can ignore this email.`,
        });
      },
      async sendResetPassword({ user, token }) {
        // The token travels in the fragment: it never reaches a server log or a Referer header.
        const link = `${config.publicUrl}/reset-password#type=recovery&token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your CheatMarket password',
          text: `Someone asked to reset the password of your account. Open this link within an hour to choose a new one: ${link}\n\nIf it was not you, ignore this email.`,
        });
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
          async after(session) {
            try {
              await db.insert(loginEvents).values({
                userId: session.userId,
                ipAddress: session.ipAddress || 'Unknown',
                userAgent: session.userAgent || 'Unknown',
              });
            } catch (err) {
              // The spec: a failed login record is only logged, never blocks the sign-in.
              log.warn({ err }, 'could not record login event');
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
