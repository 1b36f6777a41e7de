import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { startTlsServer } from './tls-server.ts';

/*
 * A loopback OpenID Connect provider: the real `oidc-provider` package (discovery, authorization code flow with
 * PKCE S256 required, client_secret_basic, userinfo), served over TLS with the test certificate. Its login
 * interaction is a form naming the account; a test signs in as a person with `signIn`, which does what a
 * browser does (follows the provider's redirects with its cookies) and answers the URL the provider sends the
 * browser back to.
 */

export interface OidcPerson {
  sub: string;
  email: string | null;
  email_verified: boolean;
  preferred_username: string;
}

export interface OidcTestServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addPerson(person?: Partial<OidcPerson>): OidcPerson;
  signIn(authorizationUrl: string, person: OidcPerson): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcServer(options: { redirectUris: string[] }): Promise<OidcTestServer> {
  const people = new Map<string, OidcPerson>();
  const clientId = `cm-${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');

  const { server, url: issuer, close } = await startTlsServer();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { ...person, email: person.email ?? undefined };
        },
      };
    },
    // The person consents to what the client asks (no consent screen): the grant is made on first use.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = false;
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const at = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(at.pathname);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><title>Sign in</title><form method="post" action="/interaction/${details.uid}/login"><input name="login"><button>Sign in</button></form>`,
          );
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const login = new URLSearchParams(Buffer.concat(chunks).toString()).get('login') ?? '';
      if (!people.has(login)) {
        res.writeHead(401).end('unknown account');
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    } catch (err) {
      res.writeHead(500).end((err as Error).message);
    }
  });

  /** A browser's cookie jar for the provider's origin. */
  async function signIn(authorizationUrl: string, person: OidcPerson) {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let next = authorizationUrl;
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 10; hop++) {
      if (!next.startsWith(issuer)) return next;
      const response = await fetch(next, {
        method: form ? 'POST' : 'GET',
        headers: {
          cookie: cookie(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form,
        redirect: 'manual',
      });
      remember(response);
      form = undefined;
      const location = response.headers.get('location');
      if (location) {
        next = new URL(location, next).toString();
        continue;
      }
      if (response.status === 200 && new URL(next).pathname.startsWith('/interaction/')) {
        await response.text();
        next = `${next}/login`;
        form = new URLSearchParams({ login: person.sub });
        continue;
      }
      throw new Error(`OpenID provider answered ${response.status}: ${await response.text()}`);
    }
    throw new Error('too many redirects at the OpenID provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addPerson(person = {}) {
      const sub = person.sub ?? randomBytes(8).toString('hex');
      const made: OidcPerson = {
        sub,
        email: person.email === undefined ? `${sub}@oidc.test` : person.email,
        email_verified: person.email_verified ?? true,
        preferred_username: person.preferred_username ?? `oidc_${sub.slice(0, 6)}`,
      };
      people.set(sub, made);
      return made;
    },
    signIn,
    close,
  };
}
