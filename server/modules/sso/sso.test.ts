import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ssoMessages } from '../../../contract/messages.ts';
import type { SsoProvider } from '../../../contract/sso.ts';
import { accounts, loginEvents, profiles, verifications } from '../../db/schema/index.ts';
import { type DiscordTestServer, type DiscordUser, startDiscordServer } from '../../test/discord-server.ts';
import { buildSignedInUser, buildTwoFactorUser, buildUser } from '../../test/factories.ts';
import { type OidcPerson, type OidcTestServer, startOidcServer } from '../../test/oidc-server.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { totpNow } from '../../test/totp.ts';
import { renderMail } from '../mail/templates.ts';
import { oidcAccountId } from './providers.ts';

let t: TestApp;
let discord: DiscordTestServer;
let oidc: OidcTestServer;
const PUBLIC_URL = 'http://localhost:3000';

beforeAll(async () => {
  discord = await startDiscordServer();
  oidc = await startOidcServer({ redirectUris: [`${PUBLIC_URL}/api/auth/sso/oidc/callback`] });
  t = await buildTestApp({
    env: {
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_API_URL: discord.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Example ID',
      OUTBOUND_ALLOW_PRIVATE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await discord.close();
  await oidc.close();
});

type Person = { provider: 'discord'; user: DiscordUser } | { provider: 'oidc'; user: OidcPerson };
const newPerson = (provider: SsoProvider, email?: string | null): Person =>
  provider === 'discord'
    ? { provider, user: discord.addUser(email === undefined ? {} : { email }) }
    : { provider, user: oidc.addPerson(email === undefined ? {} : { email }) };
const accountIdOf = (p: Person) =>
  p.provider === 'discord' ? p.user.id : oidcAccountId(oidc.issuer, p.user.sub);
const emailOf = (p: Person) => p.user.email!;

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']]
    .flat()
    .filter((c): c is string => Boolean(c))
    .map((c) => c.split(';')[0]!);
const jar = (...lists: (string | string[] | undefined)[]) =>
  lists
    .flat()
    .filter((c): c is string => Boolean(c))
    .filter((c) => !c.endsWith('='))
    .join('; ');
const expectError = (
  res: { statusCode: number; body: string; json(): { error: { message: string } } },
  status: number,
  message: string,
) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
};

/** Starts a flow (sign-in, or link with a member's cookie): the provider's URL and the flow cookie. */
async function start(provider: SsoProvider, memberCookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: memberCookie ? `/api/v1/me/linked-accounts/${provider}` : `/api/auth/sso/${provider}`,
    headers: memberCookie ? { cookie: memberCookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return { url: res.json().url as string, flowCookie: cookiesOf(res) };
}

/** The person at the provider: consent (Discord) or login (OpenID); answers where the browser goes back to. */
const atProvider = (person: Person, url: string) =>
  person.provider === 'discord' ? discord.authorize(url, person.user) : oidc.signIn(url, person.user);

/** The browser arrives back at our callback with its cookies. */
async function callback(location: string, cookie: string) {
  const at = new URL(location);
  expect(at.origin).toBe(PUBLIC_URL);
  return t.app.inject({ method: 'GET', url: at.pathname + at.search, headers: { cookie } });
}

/** A whole sign-in with a provider, up to our callback's answer. */
async function signInWith(person: Person, memberCookie?: string) {
  const { url, flowCookie } = await start(person.provider, memberCookie);
  const back = await atProvider(person, url);
  return callback(back, jar(flowCookie, memberCookie));
}

async function signUp(person: Person, username: string) {
  const res = await signInWith(person);
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe('/sso/username');
  const pending = jar(cookiesOf(res));
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/complete',
    headers: { cookie: pending },
    payload: { username },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { userId: done.json().user.id as string, cookie: jar(cookiesOf(done)) };
}

const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json().user;

const unique = () => crypto.randomUUID().slice(0, 8);

describe('GET /api/auth/sso/providers', () => {
  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso/providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'discord', label: 'Discord' },
        { id: 'oidc', label: 'Example ID' },
      ],
    });
  });

  it('answers 502 when the OpenID provider cannot be reached, and starts nothing', async () => {
    const down = await buildTestApp({
      database: t.database,
      env: {
        OIDC_ISSUER: 'https://127.0.0.1:9',
        OIDC_CLIENT_ID: 'unreached',
        OIDC_CLIENT_SECRET: 'unreached',
        OUTBOUND_ALLOW_PRIVATE: 'true',
      },
    });
    try {
      const before = await t.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, 'sso-state:%'));
      expectError(
        await down.app.inject({ method: 'POST', url: '/api/auth/sso/oidc' }),
        502,
        ssoMessages.failed('OpenID Connect'),
      );
      const after = await t.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, 'sso-state:%'));
      expect(after).toHaveLength(before.length);
    } finally {
      await down.app.close();
    }
  });

  it('counts flows started per IP: the 31st in ten minutes is 429', async () => {
    const limited = await buildTestApp({
      database: t.database,
      env: {
        DISCORD_CLIENT_ID: discord.clientId,
        DISCORD_CLIENT_SECRET: discord.clientSecret,
        DISCORD_API_URL: discord.url,
        RATE_LIMIT_SCALE: '1',
      },
    });
    try {
      const startFrom = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/sso/discord', remoteAddress: '198.51.100.31' });
      for (let i = 0; i < 30; i++) expect((await startFrom()).statusCode).toBe(200);
      const refused = await startFrom();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.app.close();
    }
  });

  it('lists none when none is configured, and their routes are 404', async () => {
    const bare = await buildTestApp({ database: t.database });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/sso/providers' })).json()).toEqual({
        providers: [],
      });
      expectError(
        await bare.app.inject({ method: 'POST', url: '/api/auth/sso/discord' }),
        404,
        ssoMessages.providerNotConfigured,
      );
    } finally {
      await bare.app.close();
    }
  });
});

describe.each(['discord', 'oidc'] as const)('sign-up and sign-in with %s', (provider) => {
  it('a new member picks a username, then signs in straight away next time', async () => {
    const person = newPerson(provider);
    const { url } = await start(provider);
    const authorize = new URL(url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/api/auth/sso/${provider}/callback`,
    );

    const res = await signInWith(person);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/sso/username');
    // No account exists before the username is chosen.
    expect(
      await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.email, emailOf(person))),
    ).toHaveLength(0);
    const pending = jar(cookiesOf(res));

    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sso/pending',
      headers: { cookie: pending },
    });
    expect(shown.json()).toMatchObject({ provider: { id: provider }, email: emailOf(person) });

    const complete = (username: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sso/complete',
        headers: { cookie: pending },
        payload: { username },
      });
    // The spec's username rules, each message.
    expectError(await complete(''), 400, messages.usernameRequired);
    expectError(await complete('ab'), 400, messages.usernameTooShort);
    expectError(await complete('a'.repeat(21)), 400, messages.usernameTooLong);
    expectError(await complete('no spaces'), 400, messages.usernameCharset);
    const other = await buildUser(t);
    expectError(await complete(other.username.toUpperCase()), 409, messages.usernameTaken);

    const username = `sso_${unique()}`;
    const done = await complete(username);
    expect(done.statusCode, done.body).toBe(200);
    const userId = done.json().user.id;
    expect(done.json().user).toEqual({ id: userId, username, role: 'user', avatarUrl: null });
    const cookie = jar(cookiesOf(done));
    expect((await sessionOf(cookie))?.id).toBe(userId);

    const [member] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(member).toMatchObject({ username, email: emailOf(person), emailVerified: true, banned: false });
    expect(
      await t.db
        .select({ providerId: accounts.providerId, accountId: accounts.accountId })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
    ).toEqual([{ providerId: provider, accountId: accountIdOf(person) }]);
    expect(await t.db.select().from(loginEvents).where(eq(loginEvents.userId, userId))).toHaveLength(1);
    // The pending sign-up is used up.
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/sso/pending', headers: { cookie: pending } }),
      404,
      ssoMessages.pendingExpired,
    );

    const again = await signInWith(person);
    expect(again.statusCode, again.body).toBe(302);
    expect(again.headers.location).toBe('/');
    expect((await sessionOf(jar(cookiesOf(again))))?.id).toBe(userId);
    expect(await t.db.select().from(loginEvents).where(eq(loginEvents.userId, userId))).toHaveLength(2);
    const alerts = await t.app.jobs.boss.findJobs('security-alert', {
      data: { userId, kind: 'new-sign-in' },
    });
    expect(alerts.map((a) => (a.data as { provider?: string }).provider)).toContain(
      provider === 'discord' ? 'Discord' : 'Example ID',
    );
  });

  it('a matching email never joins an existing account', async () => {
    const existing = await buildUser(t, { emailVerified: true });
    const person = newPerson(provider, existing.email);
    const res = await signInWith(person);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?sso=${provider}&ssoError=email-in-use`);
    expect(cookiesOf(res).some((c) => c.includes('session_token'))).toBe(false);
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, accountIdOf(person)))),
    ).toHaveLength(0);
  });

  it('a provider account without an email address cannot sign up', async () => {
    const res = await signInWith(newPerson(provider, null));
    expect(res.headers.location).toBe(`/login?sso=${provider}&ssoError=no-email`);
  });

  it('a banned member stays out', async () => {
    const person = newPerson(provider);
    const { userId } = await signUp(person, `ban_${unique()}`);
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, userId));
    const res = await signInWith(person);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?sso=${provider}&ssoError=banned`);
    expect(cookiesOf(res).some((c) => c.includes('session_token'))).toBe(false);
  });

  it('refuses a state that is missing, not this browser’s, or used already', async () => {
    const person = newPerson(provider);
    const { url, flowCookie } = await start(provider);
    const back = await atProvider(person, url);
    expect((await callback(back, '')).headers.location).toBe(`/login?sso=${provider}&ssoError=expired`);
    const other = await start(provider);
    expect((await callback(back, jar(other.flowCookie))).headers.location).toBe(
      `/login?sso=${provider}&ssoError=expired`,
    );
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect((await callback(noState.toString(), jar(flowCookie))).headers.location).toBe(
      `/login?sso=${provider}&ssoError=expired`,
    );
    // The right browser: it works once.
    expect((await callback(back, jar(flowCookie))).headers.location).toBe('/sso/username');
    expect((await callback(back, jar(flowCookie))).headers.location).toBe(
      `/login?sso=${provider}&ssoError=expired`,
    );
  });

  it('refuses a code whose PKCE verifier does not match its challenge', async () => {
    const person = newPerson(provider);
    const { url, flowCookie } = await start(provider);
    // Someone else's challenge carried into the request (a stolen or injected code): the provider refuses it.
    const forged = new URL(url);
    forged.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const back = await atProvider(person, forged.toString());
    const res = await callback(back, jar(flowCookie));
    expect(res.headers.location).toBe(`/login?sso=${provider}&ssoError=failed`);
    if (provider === 'discord') expect(discord.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy();
    expect(
      await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.email, emailOf(person))),
    ).toHaveLength(0);
  });
});

describe('the pick-a-username step', () => {
  it('404 without a pending sign-up', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/sso/pending' }),
      404,
      ssoMessages.pendingExpired,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/sso/complete', payload: { username: 'someone' } }),
      404,
      ssoMessages.pendingExpired,
    );
  });

  it('the provider cancelled: back to the sign-in page', async () => {
    const person = newPerson('discord');
    const { url, flowCookie } = await start('discord');
    const back = await discord.authorize(url, person.user as DiscordUser, 'cancel');
    expect((await callback(back, jar(flowCookie))).headers.location).toBe(
      '/login?sso=discord&ssoError=failed',
    );
  });

  it('pending rows hold hashes only', async () => {
    const res = await signInWith(newPerson('oidc'));
    const token = jar(cookiesOf(res)).split('=')[1]!;
    const rows = await t.db.select().from(verifications).where(like(verifications.identifier, 'sso-%'));
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
  });
});

describe('linked accounts', () => {
  it('401 signed out', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/me/linked-accounts' }),
      401,
      messages.unauthenticated,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/me/linked-accounts/discord' }),
      401,
      messages.unauthenticated,
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/v1/me/linked-accounts/discord' }),
      401,
      messages.unauthenticated,
    );
  });

  it('400 for a provider that does not exist', async () => {
    const member = await buildSignedInUser(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/linked-accounts/github',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a member links Discord from settings, signs in with it, and unlinks it', async () => {
    const member = await buildSignedInUser(t);
    const person = newPerson('discord', `other_${unique()}@discord.test`);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/me/linked-accounts', headers: { cookie: member.cookie } });
    expect((await list()).json()).toEqual({
      hasPassword: true,
      accounts: [
        { provider: 'discord', label: 'Discord', linkedAt: null },
        { provider: 'oidc', label: 'Example ID', linkedAt: null },
      ],
    });

    const res = await signInWith(person, member.cookie);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/profile/settings?linked=discord');
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, member.id), eq(accounts.providerId, 'discord')));
    expect(row?.accountId).toBe(accountIdOf(person));
    expect((await list()).json().accounts[0].linkedAt).toBe(row!.createdAt.toISOString());
    const linkedAlerts = await t.app.jobs.boss.findJobs('security-alert', {
      data: { userId: member.id, kind: 'account-linked' },
    });
    expect(linkedAlerts.map((a) => (a.data as { provider?: string }).provider)).toEqual(['Discord']);

    // Linking again while linked: 409.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/linked-accounts/discord',
        headers: { cookie: member.cookie },
      }),
      409,
      ssoMessages.alreadyLinked('Discord'),
    );

    const signedIn = await signInWith(person);
    expect(signedIn.headers.location).toBe('/');
    expect((await sessionOf(jar(cookiesOf(signedIn))))?.id).toBe(member.id);

    const unlink = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/linked-accounts/discord',
      headers: { cookie: member.cookie },
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, member.id), eq(accounts.providerId, 'discord'))),
    ).toHaveLength(0);
    const unlinkedAlerts = await t.app.jobs.boss.findJobs('security-alert', {
      data: { userId: member.id, kind: 'account-unlinked' },
    });
    expect(unlinkedAlerts).toHaveLength(1);
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/me/linked-accounts/discord',
        headers: { cookie: member.cookie },
      }),
      404,
      ssoMessages.notLinked('Discord'),
    );
    // Unlinked, the Discord account is a stranger again: a new sign-up (its address is its own).
    expect((await signInWith(person)).headers.location).toBe('/sso/username');
  });

  it('refuses a provider account another member holds', async () => {
    const person = newPerson('oidc');
    await signUp(person, `hold_${unique()}`);
    const member = await buildSignedInUser(t);
    const res = await signInWith(person, member.cookie);
    expect(res.headers.location).toBe('/profile/settings?sso=oidc&ssoError=linked-elsewhere');
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, member.id))).toHaveLength(1);
  });

  it('refuses to unlink the last way in, and allows it once another exists', async () => {
    const person = newPerson('discord');
    const { userId, cookie } = await signUp(person, `only_${unique()}`);
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/me/linked-accounts/discord',
        headers: { cookie },
      }),
      409,
      ssoMessages.lastWayIn,
    );
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, userId))).toHaveLength(1);

    const second = newPerson('oidc', `second_${unique()}@oidc.test`);
    expect((await signInWith(second, cookie)).headers.location).toBe('/profile/settings?linked=oidc');
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/linked-accounts/discord',
      headers: { cookie },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/v1/me/linked-accounts/oidc', headers: { cookie } }),
      409,
      ssoMessages.lastWayIn,
    );
  });

  it('a member with two-factor sign-in on is asked for the code after the provider, as after a password', async () => {
    const member = await buildTwoFactorUser(t);
    const person = newPerson('discord', `tf_${unique()}@discord.test`);
    expect((await signInWith(person, member.cookie)).headers.location).toBe(
      '/profile/settings?linked=discord',
    );
    const before = await t.db.select().from(loginEvents).where(eq(loginEvents.userId, member.id));

    const res = await signInWith(person);
    expect(res.headers.location).toBe('/login?twoFactor=1');
    const cookies = cookiesOf(res);
    expect(cookies.some((c) => c.includes('session_token') && !c.endsWith('='))).toBe(false);
    const challenge = jar(cookies);
    expect(challenge).toContain('two_factor');
    expect(await sessionOf(challenge)).toBeNull();

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: challenge },
      payload: { code: await totpNow(member.totpURI) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await sessionOf(jar(cookiesOf(verify))))?.id).toBe(member.id);
    expect(await t.db.select().from(loginEvents).where(eq(loginEvents.userId, member.id))).toHaveLength(
      before.length + 1,
    );
  });

  it('a link started by one member cannot be finished in another member’s session', async () => {
    const a = await buildSignedInUser(t);
    const b = await buildSignedInUser(t);
    const person = newPerson('discord');
    const { url, flowCookie } = await start('discord', a.cookie);
    const back = await discord.authorize(url, person.user as DiscordUser);
    const res = await callback(back, jar(flowCookie, b.cookie));
    expect(res.headers.location).toBe('/profile/settings?sso=discord&ssoError=expired');
    expect(await t.db.select().from(accounts).where(eq(accounts.providerId, 'discord'))).not.toContainEqual(
      expect.objectContaining({ accountId: accountIdOf(person) }),
    );
  });
});

describe('the security alert mails', () => {
  it('name the linked or unlinked provider, escaped, as the queued job carries it', () => {
    const ctx = { siteName: 'CheatMarket', color: '#7c3aed', publicUrl: PUBLIC_URL };
    const job = {
      username: 'member_1',
      notMeLink: `${PUBLIC_URL}/security/not-me#token=x`,
      ipAddress: '203.0.113.5',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      at: new Date().toISOString(),
    };
    const linked = renderMail('security-alert', ctx, { ...job, kind: 'account-linked', provider: 'Discord' });
    expect(linked.subject).toBe('A Discord account was linked to your CheatMarket account');
    expect(linked.text).toContain(
      'A Discord account was linked to your account: it can now be used to sign in.',
    );
    const unlinked = renderMail('security-alert', ctx, {
      ...job,
      kind: 'account-unlinked',
      provider: 'Corp <ID>',
    });
    expect(unlinked.subject).toBe('A Corp <ID> account was unlinked from your CheatMarket account');
    expect(unlinked.html).toContain('A Corp &lt;ID&gt; account was unlinked');
    expect(unlinked.html).not.toContain('<ID>');
    const signIn = renderMail('security-alert', ctx, { ...job, kind: 'new-sign-in', provider: 'Discord' });
    expect(signIn.text).toContain('Your account was signed in to with Discord from a device or network');
  });
});
