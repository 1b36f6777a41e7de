import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTlsServer } from './tls-server.ts';

/*
 * A loopback Discord (ARCHITECTURE rule 8): the OAuth2 endpoints as https://discord.com/developers/docs/topics/oauth2
 * documents them and https://discord.com/.well-known/oauth-authorization-server advertises them.
 *
 * - `GET /oauth2/authorize` (response_type=code, client_id, scope, state, redirect_uri, code_challenge +
 *   code_challenge_method=S256) shows the consent page; Authorize returns to redirect_uri with `code`, `state`
 *   and `iss`, Cancel with `error=access_denied`.
 * - `POST /api/oauth2/token` (application/x-www-form-urlencoded; client_secret_basic or client_secret_post;
 *   grant_type=authorization_code, code, redirect_uri, code_verifier) answers
 *   `{token_type:'Bearer', access_token, expires_in, refresh_token, scope}`, or RFC 6749 errors:
 *   `invalid_client` (401), `invalid_grant` (a used, unknown or expired code, another redirect_uri, or a
 *   code_verifier whose S256 is not the challenge), `unsupported_grant_type`, `invalid_request`.
 * - `GET /api/users/@me` with `Authorization: Bearer` answers the user object (`email` and `verified` only with
 *   the `email` scope), or `401 {"message":"401: Unauthorized","code":0}`.
 *
 * The "signed-in Discord user" is whoever the consent form names: a test registers users and signs in as one.
 */

export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  email: string | null;
  verified: boolean;
}

interface Grant {
  userId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  expiresAt: number;
}

export interface DiscordTestServer {
  url: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, DiscordUser>;
  /** Registers a Discord user (a snowflake id and username are made up when not given). */
  addUser(user?: Partial<DiscordUser>): DiscordUser;
  /**
   * What a browser does at the authorization URL: opens the consent page, then Authorize (or Cancel) as `user`.
   * Answers the URL Discord sends the browser back to.
   */
  authorize(authorizationUrl: string, user: DiscordUser, choice?: 'authorize' | 'cancel'): Promise<string>;
  /** Token requests received, oldest first (their form fields). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const token = () => randomBytes(24).toString('base64url');
const snowflake = () =>
  String((BigInt(Date.now() - 1_420_070_400_000) << 22n) | BigInt(randomBytes(2).readUInt16BE()));
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startDiscordServer(
  options: {
    clientId?: string;
    clientSecret?: string;
    port?: number;
    /** `POST /_test/users` (JSON, a partial user) registers a Discord user: for a test in another process. */
    controlApi?: boolean;
  } = {},
): Promise<DiscordTestServer> {
  const clientId = options.clientId ?? snowflake();
  const clientSecret = options.clientSecret ?? token();
  const users = new Map<string, DiscordUser>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, { userId: string; scope: string; expiresAt: number }>();
  const tokenRequests: URLSearchParams[] = [];
  let url = '';

  function addUser(user: Partial<DiscordUser> = {}): DiscordUser {
    const id = user.id ?? snowflake();
    const username = user.username ?? `discord_${id.slice(-6)}`;
    const made: DiscordUser = {
      id,
      username,
      global_name: user.global_name ?? null,
      email: user.email === undefined ? `${username}@discord.test` : user.email,
      verified: user.verified ?? true,
    };
    users.set(id, made);
    return made;
  }

  /** The authorization request's checks, as Discord makes them before it shows the consent page. */
  function checkAuthorize(q: URLSearchParams): string | null {
    if (q.get('client_id') !== clientId) return 'Unknown application';
    if (q.get('response_type') !== 'code') return 'Invalid response_type';
    const redirect = q.get('redirect_uri');
    if (!redirect || !/^https?:\/\//.test(redirect)) return 'Invalid OAuth2 redirect_uri';
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !['identify', 'email'].includes(s))) return 'Invalid scope';
    const method = q.get('code_challenge_method');
    if (q.get('code_challenge') && method !== 'S256') return 'Invalid code_challenge_method';
    return null;
  }

  function decide(q: URLSearchParams, userId: string, choice: string): string {
    const back = new URL(q.get('redirect_uri')!);
    const state = q.get('state');
    if (choice !== 'authorize') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request',
      );
    } else {
      const code = token();
      codes.set(code, {
        userId,
        clientId,
        redirectUri: q.get('redirect_uri')!,
        scope: q.get('scope')!,
        challenge: q.get('code_challenge'),
        expiresAt: Date.now() + 10 * 60 * 1000,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    back.searchParams.set('iss', url);
    return back.toString();
  }

  function tokenEndpoint(req: IncomingMessage, res: ServerResponse, form: URLSearchParams) {
    tokenRequests.push(form);
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return json(res, 400, { error: 'invalid_request', error_description: 'Invalid content type' });
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code')
      return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    const invalid = (why: string) => json(res, 400, { error: 'invalid_grant', error_description: why });
    if (!grant || grant.expiresAt < Date.now()) return invalid('Invalid "code" in request.');
    if (grant.redirectUri !== form.get('redirect_uri')) return invalid('Invalid "redirect_uri" in request.');
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      const s256 = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || s256 !== grant.challenge) return invalid('Invalid "code_verifier" in request.');
    }
    const access = token();
    accessTokens.set(access, {
      userId: grant.userId,
      scope: grant.scope,
      expiresAt: Date.now() + 604_800_000,
    });
    return json(res, 200, {
      token_type: 'Bearer',
      access_token: access,
      expires_in: 604_800,
      refresh_token: token(),
      scope: grant.scope,
    });
  }

  function me(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    const user = grant && grant.expiresAt > Date.now() ? users.get(grant.userId) : undefined;
    if (!grant || !user) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    const withEmail = grant.scope.split(' ').includes('email');
    return json(res, 200, {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.global_name,
      avatar: null,
      mfa_enabled: false,
      locale: 'en-US',
      flags: 0,
      premium_type: 0,
      public_flags: 0,
      ...(withEmail ? { email: user.email, verified: user.verified } : {}),
    });
  }

  function consentPage(res: ServerResponse, q: URLSearchParams) {
    const hidden = [...q].map(
      ([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`,
    );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>Discord</title></head><body>
<main><h1>An external application wants to access your Discord account</h1>
<form method="post" action="/oauth2/authorize">${hidden.join('')}
<label>Discord username <input name="login" autocomplete="username"></label>
<p>This will allow the developer to: access your username and avatar${q.get('scope')?.includes('email') ? ', access your email address' : ''}.</p>
<button name="choice" value="cancel">Cancel</button>
<button name="choice" value="authorize">Authorize</button>
</form></main></body></html>`);
  }

  const tlsServer = await startTlsServer(options.port);
  url = tlsServer.url;
  tlsServer.server.on('request', async (req, res) => {
    const at = new URL(req.url ?? '/', url);
    try {
      if (req.method === 'GET' && at.pathname === '/oauth2/authorize') {
        const problem = checkAuthorize(at.searchParams);
        if (problem) return res.writeHead(400, { 'content-type': 'text/plain' }).end(problem);
        return consentPage(res, at.searchParams);
      }
      if (req.method === 'POST' && at.pathname === '/oauth2/authorize') {
        const form = new URLSearchParams(await readBody(req));
        const problem = checkAuthorize(form);
        if (problem) return res.writeHead(400, { 'content-type': 'text/plain' }).end(problem);
        const login = form.get('login') ?? '';
        const user = [...users.values()].find((u) => u.username === login || u.id === login);
        if (!user)
          return res.writeHead(401, { 'content-type': 'text/plain' }).end('Login or password is invalid.');
        return res.writeHead(302, { location: decide(form, user.id, form.get('choice') ?? '') }).end();
      }
      if (req.method === 'POST' && at.pathname === '/api/oauth2/token')
        return tokenEndpoint(req, res, new URLSearchParams(await readBody(req)));
      if (req.method === 'GET' && at.pathname === '/api/users/@me') return me(req, res);
      if (options.controlApi && req.method === 'POST' && at.pathname === '/_test/users')
        return json(res, 200, addUser(JSON.parse(await readBody(req)) as Partial<DiscordUser>));
      return json(res, 404, { message: '404: Not Found', code: 0 });
    } catch (err) {
      return json(res, 500, { message: (err as Error).message, code: 0 });
    }
  });

  return {
    url,
    clientId,
    clientSecret,
    users,
    tokenRequests,
    addUser,
    async authorize(authorizationUrl, user, choice = 'authorize') {
      const page = await fetch(authorizationUrl);
      if (page.status !== 200) throw new Error(`consent page: ${page.status} ${await page.text()}`);
      const q = new URL(authorizationUrl).searchParams;
      const form = new URLSearchParams([...q, ['login', user.username], ['choice', choice]]);
      const answer = await fetch(`${url}/oauth2/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) throw new Error(`authorize: ${answer.status}`);
      return location;
    },
    close: tlsServer.close,
  };
}
