import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, ssoMessages } from '../../../contract/messages.ts';
import { linkedAccountRoutes as linked, ssoRoutes as r } from '../../../contract/routes/sso.ts';
import type { SsoErrorCode, SsoProvider } from '../../../contract/sso.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn, toWebHeaders } from '../../plugins/viewer.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import { queueVerificationMail } from '../auth/mail-links.ts';
import { requestDetails } from '../sessions/alerts.ts';
import { providerRequests } from './http.ts';
import { codeChallengeOf, randomToken, type SignInProvider, signInProviders } from './providers.ts';
import * as sso from './service.ts';

const STATE_COOKIE = 'cm_sso_state';
const PENDING_COOKIE = 'cm_sso_pending';
/** The flow's cookies go only to the SSO routes. */
const COOKIE_PATH = '/api/auth/sso';

interface SsoRoutesOpts {
  db: Db;
  config: Config;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * Sign-in with Discord and with an OpenID Connect provider (issue 37): authorization code with PKCE (S256)
 * and `state`, both bound to this browser by an HttpOnly cookie and kept server-side only as hashes. A first
 * sign-in picks its username before any account exists; a matching email never joins an account (the member
 * signs in first and links from settings). Sessions are made by better-auth (auth.ts, `ssoSession`), so the
 * ban check, the login history and the new-device alert are the password sign-in's own.
 */
/** What both route groups share: the configured providers, the flow cookies, starting a flow. */
function ssoFlows({ db, config }: SsoRoutesOpts) {
  const providers = signInProviders(config.sso, providerRequests(config.outboundAllowPrivate));
  const secure = config.secureCookies ? '; Secure' : '';
  const cookie = (name: string, value: string, maxAgeSeconds: number) =>
    `${name}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
  const redirectUri = (provider: SsoProvider) => `${config.publicUrl}/api/auth/sso/${provider}/callback`;
  const providerOr404 = (id: SsoProvider): SignInProvider => {
    const provider = providers.get(id);
    if (!provider) throw new AppError('NOT_FOUND', ssoMessages.providerNotConfigured);
    return provider;
  };
  /** Starts a flow: state and verifier stored (hashed), the state cookie set, the provider's URL returned. */
  async function start(reply: FastifyReply, provider: SignInProvider, linkUserId: string | null) {
    const state = randomToken();
    const codeVerifier = randomToken();
    // The OpenID provider's discovery document is read on first use: a provider that is down is a 502.
    const url = await provider
      .authorizationUrl({
        state,
        codeChallenge: codeChallengeOf(codeVerifier),
        redirectUri: redirectUri(provider.id),
      })
      .catch(() => {
        throw new AppError('BAD_GATEWAY', ssoMessages.failed(provider.label));
      });
    await sso.saveState(db, state, { provider: provider.id, codeVerifier, linkUserId });
    reply.header('set-cookie', cookie(STATE_COOKIE, state, sso.STATE_TTL_MS / 1000));
    return { url };
  }
  return { providers, cookie, redirectUri, providerOr404, start };
}

export const ssoAuthRoutes: FastifyPluginAsyncZod<SsoRoutesOpts> = async (app, opts) => {
  const { db } = opts;
  const { providers, cookie, redirectUri, providerOr404, start } = ssoFlows(opts);
  const route = routesFor(app, { tags: ['auth'] });

  /**
   * A session for the member through better-auth: `signed-in`, `two-factor` (the code step follows, as after a
   * password), or `banned` (the session hook refused it).
   */
  async function signInMember(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    provider: SignInProvider,
    extraCookies: string[],
  ): Promise<'signed-in' | 'two-factor' | 'banned'> {
    const headers = toWebHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    try {
      const result = await app.auth.api.ssoSession({
        body: { userId, provider: provider.label },
        headers,
        returnHeaders: true,
      });
      reply.header('set-cookie', [...extraCookies, ...result.headers.getSetCookie()]);
      return result.response.twoFactorRequired ? 'two-factor' : 'signed-in';
    } catch (err) {
      const code = (err as { body?: { code?: string } }).body?.code;
      if (code === 'BANNED') {
        reply.header('set-cookie', extraCookies);
        return 'banned';
      }
      throw err;
    }
  }

  route.on(r.providers, {}, async () => ({
    providers: [...providers.values()].map((p) => ({ id: p.id, label: p.label })),
  }));

  route.on(r.start, { limit: 'ssoStartPerIp' }, async (request, reply) =>
    start(reply, providerOr404(request.params.provider), null),
  );

  route.on(r.callback, { limit: 'ssoCallbackPerIp' }, async (request, reply) => {
    const provider = providerOr404(request.params.provider);
    const clearState = cookie(STATE_COOKIE, '', 0);
    const back = (code: SsoErrorCode, to = '/login') => {
      reply.header('set-cookie', clearState);
      return reply.redirect(`${to}?sso=${provider.id}&ssoError=${code}`, 302);
    };
    const { code, state, error } = request.query;
    const bound = readCookie(request, STATE_COOKIE);
    // The state must be the one this browser started with: a callback carried to another browser (login
    // CSRF) or replayed finds no match.
    if (!state || !bound || state !== bound) return back('expired');
    const started = await sso.takeState(db, state);
    if (!started || started.provider !== provider.id) return back('expired');
    const linking = started.linkUserId;
    if (linking && request.viewer?.id !== linking) return back('expired', '/profile/settings');
    if (error || !code) return back('failed', linking ? '/profile/settings' : '/login');
    let identity: Awaited<ReturnType<SignInProvider['identify']>>;
    try {
      identity = await provider.identify({
        code,
        codeVerifier: started.codeVerifier,
        redirectUri: redirectUri(provider.id),
      });
    } catch (err) {
      request.log.warn({ err, provider: provider.id }, 'sign-in provider unreachable');
      identity = null;
    }
    if (!identity) return back('failed', linking ? '/profile/settings' : '/login');

    if (linking) {
      const outcome = await sso.linkAccount(db, linking, provider.id, identity.accountId);
      if (outcome === 'linked-elsewhere') return back('linked-elsewhere', '/profile/settings');
      if (outcome === 'other-account-linked') return back('already-linked', '/profile/settings');
      if (outcome === 'linked')
        await app.securityAlerts.changed('account-linked', linking, {
          ...requestDetails(request),
          provider: provider.label,
        });
      reply.header('set-cookie', clearState);
      return reply.redirect(`/profile/settings?linked=${provider.id}`, 302);
    }

    const memberId = await sso.findLinkedMember(db, provider.id, identity.accountId);
    if (memberId) {
      const outcome = await signInMember(request, reply, memberId, provider, [clearState]);
      if (outcome === 'banned') return reply.redirect(`/login?sso=${provider.id}&ssoError=banned`, 302);
      if (outcome === 'two-factor') return reply.redirect('/login?twoFactor=1', 302);
      return reply.redirect('/', 302);
    }
    // A new member. An address another account holds is never joined by its match alone.
    if (!identity.email) return back('no-email');
    if (await sso.emailInUse(db, identity.email)) return back('email-in-use');
    const token = randomToken();
    await sso.savePending(db, token, { ...identity, email: identity.email, provider: provider.id });
    reply.header('set-cookie', [clearState, cookie(PENDING_COOKIE, token, sso.PENDING_TTL_MS / 1000)]);
    return reply.redirect('/sso/username', 302);
  });

  const pendingOr404 = async (request: FastifyRequest) => {
    const token = readCookie(request, PENDING_COOKIE);
    const pending = token ? await sso.readPending(db, token) : null;
    if (!token || !pending || !providers.has(pending.provider))
      throw new AppError('NOT_FOUND', ssoMessages.pendingExpired);
    return { token, pending, provider: providers.get(pending.provider)! };
  };

  route.on(r.pending, {}, async (request) => {
    const { pending, provider } = await pendingOr404(request);
    return {
      provider: { id: provider.id, label: provider.label },
      email: pending.email,
      suggestedUsername: pending.suggestedUsername,
    };
  });

  route.on(r.complete, { limit: ['signUpPerIp', 'signUpPerNetwork'] }, async (request, reply) => {
    const { token, pending, provider } = await pendingOr404(request);
    const { username } = request.body;
    if (await sso.usernameInUse(db, username))
      throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });
    const outcome = await sso.createMember(db, pending, username);
    if ('taken' in outcome) {
      if (outcome.taken === 'username')
        throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });
      await sso.dropPending(db, token);
      throw new AppError(
        'CONFLICT',
        outcome.taken === 'email' ? ssoMessages.emailInUse(provider.label) : ssoMessages.pendingExpired,
      );
    }
    await sso.dropPending(db, token);
    // An address the provider did not vouch for is verified as a password sign-up's is.
    if (!pending.emailVerified) await queueVerificationMail(db, { id: outcome.userId, email: pending.email });
    await signInMember(request, reply, outcome.userId, provider, [cookie(PENDING_COOKIE, '', 0)]);
    const [member] = await db
      .select({
        id: profiles.id,
        username: profiles.username,
        role: profiles.role,
        avatarUrl: profiles.avatarUrl,
      })
      .from(profiles)
      .where(eq(profiles.id, outcome.userId));
    return { user: member! };
  });
};

/** Settings: the member's linked accounts, linking another provider, unlinking one (never the last way in). */
export const ssoMeRoutes: FastifyPluginAsyncZod<SsoRoutesOpts> = async (app, opts) => {
  const { db } = opts;
  const { providers, providerOr404, start } = ssoFlows(opts);
  const route = routesFor(app, { tags: ['account'] });

  route.on(linked.list, {}, async (request) => {
    const viewer = signedIn(request);
    const ways = await sso.waysIn(db, viewer.id);
    return {
      hasPassword: ways.hasPassword,
      accounts: [...providers.values()].map((p) => ({
        provider: p.id,
        label: p.label,
        linkedAt: ways.linked.find((l) => l.providerId === p.id)?.createdAt.toISOString() ?? null,
      })),
    };
  });

  route.on(linked.link, { limit: 'ssoLinkPerUser' }, async (request, reply) => {
    const viewer = signedIn(request);
    const provider = providerOr404(request.params.provider);
    const ways = await sso.waysIn(db, viewer.id);
    if (ways.linked.some((l) => l.providerId === provider.id))
      throw new AppError('CONFLICT', ssoMessages.alreadyLinked(provider.label));
    return start(reply, provider, viewer.id);
  });

  route.on(linked.unlink, { limit: 'ssoLinkPerUser' }, async (request) => {
    const viewer = signedIn(request);
    const provider = providerOr404(request.params.provider);
    const outcome = await sso.unlinkAccount(db, viewer.id, provider.id);
    if (outcome === 'not-linked') throw new AppError('NOT_FOUND', ssoMessages.notLinked(provider.label));
    if (outcome === 'last-way-in') throw new AppError('CONFLICT', ssoMessages.lastWayIn);
    await app.securityAlerts.changed('account-unlinked', viewer.id, {
      ...requestDetails(request),
      provider: provider.label,
    });
    return { ok: true as const };
  });
};
