import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTotpCode } from '../../../contract/auth.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import {
  accountMessages,
  antiBotMessages,
  messages,
  verifyEmailMessages,
} from '../../../contract/messages.ts';
import { authRoutes as r } from '../../../contract/routes/auth.ts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { AppError, errorBody } from '../../plugins/errors.ts';
import { enqueue, enqueueMail, mailIdFor } from '../../plugins/queue.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn, toWebHeaders } from '../../plugins/viewer.ts';
import { isDisposableEmail } from '../anti-bot/disposable.ts';
import { type AlertKind, requestDetails } from '../sessions/alerts.ts';
import { refreshTrustLevel } from '../trust/service.ts';
import { CLIENT_IP_HEADER, recordLoginEvent } from './auth.ts';
import { queueVerificationMail, useVerifyToken } from './mail-links.ts';

/**
 * The reset request, run by the queue: the address is looked up and the mail queued naming only the kind of
 * link; the mail worker makes the token when it sends (mail-links.ts), so no job holds a working link. The mail
 * is named by the job: a retry after a lost completion queues the same mail, which the queue drops.
 */
export async function runPasswordReset(db: Db, jobId: string, data: { email: string }) {
  const [user] = await db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${data.email.toLowerCase()}`);
  if (!user) return 'unknown';
  const id = mailIdFor(`password-reset:${jobId}`);
  await enqueueMail(
    db,
    {
      to: user.email,
      template: 'password-reset',
      data: {},
      userId: user.id,
      link: { kind: 'password-reset' },
      id,
    },
    { id },
  );
  return 'queued';
}

interface AuthRoutesOpts {
  db: Db;
  publicUrl: string;
}

type AuthErrorMap = Record<string, { code: ErrorCode; message: string; field?: string }>;

/** better-auth's error codes mapped to the spec's words (and a field for the form). */
const AUTH_ERRORS: AuthErrorMap = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'UNAUTHENTICATED', message: messages.invalidCredentials },
  BANNED: { code: 'BANNED', message: messages.banned },
  USER_ALREADY_EXISTS: { code: 'CONFLICT', message: messages.emailTaken, field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'CONFLICT', message: messages.emailTaken, field: 'email' },
  INVALID_TOKEN: { code: 'BAD_REQUEST', message: messages.invalidResetLink, field: 'token' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION', message: messages.passwordTooShort, field: 'password' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION', message: messages.passwordTooLong, field: 'password' },
  INVALID_PASSWORD: {
    code: 'VALIDATION',
    message: accountMessages.currentPasswordIncorrect,
    field: 'password',
  },
  INVALID_CODE: { code: 'VALIDATION', message: accountMessages.invalidCode, field: 'code' },
  INVALID_BACKUP_CODE: { code: 'VALIDATION', message: accountMessages.invalidBackupCode, field: 'code' },
  INVALID_TWO_FACTOR_COOKIE: { code: 'UNAUTHENTICATED', message: accountMessages.codeExpired },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'RATE_LIMITED', message: accountMessages.tooManyCodeAttempts },
  ACCOUNT_TEMPORARILY_LOCKED: { code: 'RATE_LIMITED', message: accountMessages.accountLocked },
  TOTP_ALREADY_ENABLED: { code: 'CONFLICT', message: accountMessages.twoFactorAlreadyEnabled },
  TOTP_NOT_ENABLED: { code: 'BAD_REQUEST', message: accountMessages.twoFactorNotStarted },
};

/** The password change names its field `currentPassword`, and a short new password is its own message. */
const CHANGE_PASSWORD_ERRORS: AuthErrorMap = {
  INVALID_PASSWORD: {
    code: 'VALIDATION',
    message: accountMessages.currentPasswordIncorrect,
    field: 'currentPassword',
  },
  PASSWORD_TOO_SHORT: {
    code: 'VALIDATION',
    message: accountMessages.newPasswordTooShort,
    field: 'newPassword',
  },
  PASSWORD_TOO_LONG: {
    code: 'VALIDATION',
    message: accountMessages.newPasswordTooLong,
    field: 'newPassword',
  },
};

/**
 * better-auth behind a fixed list of routes: each is validated with the contract's schemas
 * (so the spec's messages come back), rate-limited, documented in OpenAPI, and answers in our
 * own shapes: no session token ever appears in a body, only in the HttpOnly cookie.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOpts> = async (app, { db, publicUrl }) => {
  const route = routesFor(app, { tags: ['auth'] });

  const publicOrigin = new URL(publicUrl).origin;

  // The reset request, run by the queue: the address is looked up and the mail queued naming only the kind of
  // link; the mail worker makes the token when it sends (mail-links.ts), so no job holds a working link.
  app.jobs.work('password-reset', ({ id, data }) => runPasswordReset(db, id, data), { concurrency: 4 });

  /** The request better-auth's handler gets for one of our routes (headers copied while the request lives). */
  function authRequest(request: FastifyRequest, path: string, body?: unknown): Request {
    const headers = toWebHeaders(request);
    headers.delete('content-length');
    headers.set(CLIENT_IP_HEADER, request.ip);
    // Our CSRF guard has already refused foreign origins; a client that sends none is not a browser.
    if (!headers.has('origin')) headers.set('origin', publicOrigin);
    if (body !== undefined) headers.set('content-type', 'application/json');
    return new Request(`${publicUrl}/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function callAuth(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    body?: unknown,
    errors: AuthErrorMap = {},
  ) {
    const response = await app.auth.handler(authRequest(request, path, body));
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown> | null) : null;
    if (response.status >= 400) {
      const code = String((json as { code?: string } | null)?.code ?? '');
      const known = errors[code] ?? AUTH_ERRORS[code];
      if (known) {
        throw new AppError(
          known.code,
          known.message,
          known.field ? { [known.field]: known.message } : undefined,
        );
      }
      request.log.warn({ status: response.status, code }, 'auth call failed');
      return reply
        .status(response.status)
        .send(errorBody(code || 'BAD_REQUEST', String(json?.message ?? messages.badRequest)));
    }
    return json;
  }

  /**
   * After a better-auth call that changes the member's account: its refusal has already answered, or the
   * member is alerted of the change and the route answers ok.
   */
  async function alertChanged(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: Exclude<AlertKind, 'new-sign-in'>,
    userId: string,
  ) {
    if (reply.sent) return reply;
    await app.securityAlerts.changed(kind, userId, requestDetails(request));
    return { ok: true as const };
  }

  route.on(
    r.signUp,
    { limit: ['signUpPerIp', 'signUpPerNetwork'], proofOfWork: 'always' },
    async (request, reply) => {
      const { username, email, password } = request.body;
      if (isDisposableEmail(email))
        throw new AppError('VALIDATION', antiBotMessages.disposableEmail, {
          email: antiBotMessages.disposableEmail,
        });
      const usernameTaken = async () =>
        (
          await db
            .select({ id: profiles.id })
            .from(profiles)
            .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
            .limit(1)
        ).length > 0;
      if (await usernameTaken()) {
        throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });
      }
      try {
        await callAuth(request, reply, '/sign-up/email', { name: username, email, password });
      } catch (err) {
        // Two sign-ups raced for one username: the unique index decided; say so plainly.
        if (!(err instanceof AppError) && (await usernameTaken())) {
          throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });
        }
        throw err;
      }
      if (reply.sent) return reply;
      // A taken address answers the same (decision 002) without making an account: only the account made now,
      // with this username and address, gets the verification link.
      const [created] = await db
        .select({ id: profiles.id, email: profiles.email })
        .from(profiles)
        .where(and(eq(profiles.username, username), sql`lower(${profiles.email}) = ${email.toLowerCase()}`));
      if (created) await queueVerificationMail(db, created);
      return { ok: true as const };
    },
  );

  route.on(r.verifyEmail, { limit: 'verifyEmailPerIp' }, async (request) => {
    const userId = await useVerifyToken(db, request.body.token);
    if (!userId)
      throw new AppError('BAD_REQUEST', verifyEmailMessages.invalidLink, {
        token: verifyEmailMessages.invalidLink,
      });
    // A verified address may be what earns `member` (trust levels are worked out from the profile).
    await refreshTrustLevel(db, userId);
    return { ok: true as const };
  });

  route.on(r.sendVerificationEmail, { limit: 'verifyResendPerUser' }, async (request) => {
    const viewer = signedIn(request);
    const [me] = await db
      .select({ id: profiles.id, email: profiles.email, verified: profiles.emailVerified })
      .from(profiles)
      .where(eq(profiles.id, viewer.id));
    if (!me || me.verified) throw new AppError('CONFLICT', verifyEmailMessages.alreadyVerified);
    await queueVerificationMail(db, me);
    return { ok: true as const };
  });

  route.on(
    r.signIn,
    { limit: ['signInPerIp', 'signInPerAccountIp', 'signInPerAccount'] },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const json = (await callAuth(request, reply, '/sign-in/email', {
        email,
        password,
        rememberMe: rememberMe ?? true,
      })) as {
        user: { id: string; name: string; role: 'user'; image?: string | null };
        twoFactorRedirect?: boolean;
      } | null;
      if (reply.sent) return reply;
      // The password was right; the session comes once the code is (a signed two_factor cookie holds the step).
      if (json?.twoFactorRedirect) return { twoFactorRequired: true as const };
      const user = json!.user;
      return { user: { id: user.id, username: user.name, role: user.role, avatarUrl: user.image ?? null } };
    },
  );

  route.on(r.signOut, { limit: 'signOutPerIp' }, async (request, reply) => {
    await callAuth(request, reply, '/sign-out', {});
    if (reply.sent) return reply;
    return { ok: true as const };
  });

  route.on(r.session, {}, async (request) => {
    const viewer = request.viewer;
    if (!viewer) return { user: null };
    return {
      user: { id: viewer.id, username: viewer.username, role: viewer.role, avatarUrl: viewer.avatarUrl },
    };
  });

  route.on(
    r.requestPasswordReset,
    { limit: ['resetPerIp', 'resetPerAccount'], proofOfWork: 'always' },
    async (request) => {
      // Answered before the lookup, the token and the mail: a known and an unknown address take the same time
      // (one insert each), and the mail server's pace never reaches the request.
      await enqueue(db, 'password-reset', { email: request.body.email, ip: request.ip });
      return { ok: true as const };
    },
  );

  route.on(r.resetPassword, { limit: 'resetPerIp' }, async (request, reply) => {
    await callAuth(request, reply, '/reset-password', request.body);
    if (reply.sent) return reply;
    return { ok: true as const };
  });

  route.on(r.changePassword, { limit: 'changePasswordPerUser' }, async (request, reply) => {
    const viewer = signedIn(request);
    // better-auth deletes every session of the account and gives this browser a fresh one.
    await callAuth(
      request,
      reply,
      '/change-password',
      { ...request.body, revokeOtherSessions: true },
      CHANGE_PASSWORD_ERRORS,
    );
    return alertChanged(request, reply, 'password-changed', viewer.id);
  });

  route.on(r.enableTwoFactor, { limit: 'twoFactorSetupPerUser' }, async (request, reply) => {
    const _viewer = signedIn(request);
    const json = (await callAuth(request, reply, '/two-factor/enable', {
      password: request.body.password,
      method: 'totp',
    })) as { totpURI: string; backupCodes: string[] } | null;
    if (reply.sent) return reply;
    return { totpURI: json!.totpURI, backupCodes: json!.backupCodes };
  });

  route.on(r.confirmTwoFactor, { limit: 'twoFactorCodePerUser' }, async (request, reply) => {
    const viewer = signedIn(request);
    const code = request.body.code.replaceAll(' ', '');
    if (!isTotpCode(code)) {
      throw new AppError('VALIDATION', accountMessages.invalidCode, { code: accountMessages.invalidCode });
    }
    await callAuth(request, reply, '/two-factor/verify-totp', { code });
    return alertChanged(request, reply, 'two-factor-on', viewer.id);
  });

  route.on(r.disableTwoFactor, { limit: 'twoFactorSetupPerUser' }, async (request, reply) => {
    const viewer = signedIn(request);
    const [row] = await db
      .select({ enabled: profiles.twoFactorEnabled })
      .from(profiles)
      .where(eq(profiles.id, viewer.id));
    if (!row?.enabled) throw new AppError('BAD_REQUEST', accountMessages.twoFactorNotEnabled);
    await callAuth(request, reply, '/two-factor/disable', { password: request.body.password });
    return alertChanged(request, reply, 'two-factor-off', viewer.id);
  });

  route.on(r.verifyTwoFactor, { limit: 'twoFactorCodePerIp' }, async (request, reply) => {
    const raw = request.body.code;
    const totp = isTotpCode(raw);
    const json = (await callAuth(
      request,
      reply,
      totp ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code',
      { code: totp ? raw.replaceAll(' ', '') : raw },
    )) as { user: { id: string; name: string; role: 'user'; image?: string | null } } | null;
    if (reply.sent) return reply;
    const user = json!.user;
    const signIn = { userId: user.id, ...requestDetails(request) };
    const loginEventId = await recordLoginEvent(db, request.log, signIn);
    await app.securityAlerts.signedIn({ ...signIn, loginEventId });
    return { user: { id: user.id, username: user.name, role: user.role, avatarUrl: user.image ?? null } };
  });
};
