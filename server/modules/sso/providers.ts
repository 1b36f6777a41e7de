import { createHash, randomBytes } from 'node:crypto';
import type { SsoProvider } from '../../../contract/sso.ts';
import type { SsoConfig } from '../../config.ts';
import type { ProviderRequest } from './http.ts';

/** Who the provider says signed in: its stable id for the person, and the address it vouches for, if any. */
export interface ProviderIdentity {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  /** A username to offer on the pick-a-username page (the member may change it). */
  suggestedUsername: string | null;
}

export interface SignInProvider {
  id: SsoProvider;
  label: string;
  /** The browser's next stop: the provider's authorization page with state and the PKCE challenge. */
  authorizationUrl(opts: { state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  /** Code (and PKCE verifier) for tokens, tokens for the identity; null when the provider refuses. */
  identify(opts: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<ProviderIdentity | null>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
export const randomToken = () => base64url(randomBytes(32));
/** RFC 7636 S256: the challenge is the base64url SHA-256 of the verifier. */
export const codeChallengeOf = (verifier: string) =>
  base64url(createHash('sha256').update(verifier).digest());

const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** A username the contract accepts, made from what the provider calls the person (or null). */
function usernameFrom(name: string | null): string | null {
  if (!name) return null;
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20);
  return cleaned.length >= 3 ? cleaned : null;
}

interface Endpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

async function exchangeCode(
  request: ProviderRequest,
  endpoints: Endpoints,
  client: { clientId: string; clientSecret: string },
  opts: { code: string; codeVerifier: string; redirectUri: string },
): Promise<string | null> {
  const token = await request(endpoints.token, {
    method: 'POST',
    headers: { authorization: basicAuth(client.clientId, client.clientSecret) },
    form: {
      grant_type: 'authorization_code',
      code: opts.code,
      redirect_uri: opts.redirectUri,
      code_verifier: opts.codeVerifier,
    },
  });
  const body = token.body as { access_token?: unknown; token_type?: unknown } | null;
  if (token.status !== 200 || !str(body?.access_token)) return null;
  if (typeof body?.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') return null;
  return body!.access_token as string;
}

async function fetchUser(request: ProviderRequest, url: string, accessToken: string) {
  const answer = await request(url, { headers: { authorization: `Bearer ${accessToken}` } });
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null) return null;
  return answer.body as Record<string, unknown>;
}

/**
 * The person a sign-in's code stands for: the code exchanged for an access token, the userinfo read with it,
 * and the person's id in it (`idField`); null when either step refuses or the answer names no one.
 */
async function personOf(
  request: ProviderRequest,
  endpoints: Endpoints,
  client: { clientId: string; clientSecret: string },
  opts: { code: string; codeVerifier: string; redirectUri: string },
  idField: 'id' | 'sub',
) {
  const accessToken = await exchangeCode(request, endpoints, client, opts);
  if (!accessToken) return null;
  const user = await fetchUser(request, endpoints.userinfo, accessToken);
  const id = str(user?.[idField]);
  return user && id ? { id, user } : null;
}

function authorizeUrl(
  endpoint: string,
  params: Record<string, string>,
  opts: { state: string; codeChallenge: string; redirectUri: string },
) {
  const url = new URL(endpoint);
  for (const [k, v] of Object.entries({
    ...params,
    response_type: 'code',
    redirect_uri: opts.redirectUri,
    state: opts.state,
    code_challenge: opts.codeChallenge,
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Discord (https://discord.com/developers/docs/topics/oauth2): the browser goes to `/oauth2/authorize`, the
 * code is exchanged at `/api/oauth2/token` (client_secret_basic, PKCE S256), the person read from
 * `/api/users/@me` (scope `identify email`: `id`, `username`, `email`, `verified`).
 */
function discordProvider(
  config: NonNullable<SsoConfig['discord']>,
  request: ProviderRequest,
): SignInProvider {
  const endpoints: Endpoints = {
    authorize: `${config.apiUrl}/oauth2/authorize`,
    token: `${config.apiUrl}/api/oauth2/token`,
    userinfo: `${config.apiUrl}/api/users/@me`,
  };
  return {
    id: 'discord',
    label: 'Discord',
    async authorizationUrl(opts) {
      return authorizeUrl(endpoints.authorize, { client_id: config.clientId, scope: 'identify email' }, opts);
    },
    async identify(opts) {
      const person = await personOf(request, endpoints, config, opts, 'id');
      if (!person) return null;
      const { id, user } = person;
      return {
        accountId: id,
        email: str(user.email),
        emailVerified: user.verified === true,
        suggestedUsername: usernameFrom(str(user.username)),
      };
    },
  };
}

/** The stored id of an OpenID Connect account: its issuer and subject. */
export const oidcAccountId = (issuer: string, sub: string) => `${issuer.replace(/\/$/, '')}#${sub}`;

/**
 * Any OpenID Connect provider: its endpoints come from discovery (`/.well-known/openid-configuration`, whose
 * `issuer` must be the configured one), the person from the userinfo endpoint (`sub`, `email`,
 * `email_verified`, `preferred_username`). The discovery document is read once and kept.
 */
function oidcProvider(config: NonNullable<SsoConfig['oidc']>, request: ProviderRequest): SignInProvider {
  let discovered: Promise<Endpoints> | undefined;
  const issuer = config.issuer.replace(/\/$/, '');
  const endpoints = () => {
    discovered ??= (async () => {
      const answer = await request(`${issuer}/.well-known/openid-configuration`, {});
      const doc = answer.body as Record<string, unknown> | null;
      const found = {
        authorize: str(doc?.authorization_endpoint),
        token: str(doc?.token_endpoint),
        userinfo: str(doc?.userinfo_endpoint),
      };
      if (answer.status !== 200 || str(doc?.issuer)?.replace(/\/$/, '') !== issuer)
        throw new Error('OpenID Connect discovery failed: no document for the configured issuer');
      if (!found.authorize || !found.token || !found.userinfo)
        throw new Error('OpenID Connect discovery failed: an endpoint is missing');
      return found as Endpoints;
    })().catch((err) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  };
  return {
    id: 'oidc',
    label: config.name,
    async authorizationUrl(opts) {
      const e = await endpoints();
      return authorizeUrl(e.authorize, { client_id: config.clientId, scope: 'openid email profile' }, opts);
    },
    async identify(opts) {
      const person = await personOf(request, await endpoints(), config, opts, 'sub');
      if (!person) return null;
      const { id: sub, user } = person;
      return {
        // `sub` is unique only within its issuer (OpenID Connect Core 5.7): the pair is the person, so a new
        // OIDC_ISSUER can never sign someone into an account linked at the old one.
        accountId: oidcAccountId(issuer, sub),
        email: str(user.email),
        emailVerified: user.email_verified === true,
        suggestedUsername: usernameFrom(str(user.preferred_username) ?? str(user.nickname) ?? str(user.name)),
      };
    },
  };
}

/** The configured providers, by id. */
export function signInProviders(
  config: SsoConfig,
  request: ProviderRequest,
): Map<SsoProvider, SignInProvider> {
  const providers = new Map<SsoProvider, SignInProvider>();
  if (config.discord) providers.set('discord', discordProvider(config.discord, request));
  if (config.oidc) providers.set('oidc', oidcProvider(config.oidc, request));
  return providers;
}
