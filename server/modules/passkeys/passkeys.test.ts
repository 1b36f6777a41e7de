import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, passkeyMessages } from '../../../contract/messages.ts';
import { loginEvents, passkeyChallenges, passkeys, profiles, sessions } from '../../db/schema/index.ts';
import { CHROME_WINDOWS, cookiesOf, FIREFOX_LINUX } from '../../test/browser.ts';
import { buildSignedInUser, buildTwoFactorUser, signIn } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { SoftPasskey, strangerChallenge } from '../../test/webauthn.ts';
import { hashSessionToken } from '../auth/session-token.ts';

let t: TestApp;
beforeAll(async () => {
  // Security alerts are queue jobs: this file runs the workers to see their mails.
  t = await buildTestApp({ env: { JOB_WORKERS: 'true' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearOutbox();
});

const ORIGIN = 'http://localhost:3000';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...extra.headers },
    ...(extra.remoteAddress && { remoteAddress: extra.remoteAddress }),
  });
const errorOf = (res: Res) => (res.json() as { error: { code: string; message: string } }).error;

async function registrationOptions(member: { cookie: string }) {
  const res = await call('POST', '/api/v1/me/passkeys/options', member.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { options: { challenge: string; rp: { id: string }; user: { id: string } } }).options;
}

/** Adds a passkey through the routes, as the settings page does. */
async function addPasskey(
  member: { cookie: string },
  name = 'Laptop',
  passkey = new SoftPasskey({ origin: ORIGIN }),
) {
  const options = await registrationOptions(member);
  const res = await call('POST', '/api/v1/me/passkeys', member.cookie, {
    name,
    credential: passkey.register(options),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { passkey, item: res.json() as { id: string; name: string } };
}

async function signInOptions() {
  const res = await call('POST', '/api/auth/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { options: { challenge: string; rpId: string; allowCredentials?: unknown[] } })
    .options;
}

const passkeySignIn = (credential: object, extra: Parameters<typeof call>[4] = {}) =>
  call('POST', '/api/auth/passkey/sign-in', undefined, { credential }, extra);

const rowsOf = (userId: string) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const loginCount = async (userId: string) =>
  (await t.db.select().from(loginEvents).where(eq(loginEvents.userId, userId))).length;
async function mailsTo(user: { email: string }) {
  await t.app.jobs.settle();
  return t.outbox.filter((m) => m.to === user.email);
}

describe('passkey routes refuse visitors', () => {
  it.each([
    ['GET', '/api/v1/me/passkeys'],
    ['POST', '/api/v1/me/passkeys/options'],
    ['POST', '/api/v1/me/passkeys'],
    ['PATCH', '/api/v1/me/passkeys/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/v1/me/passkeys/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s: 401', async (method, url) => {
    const res = await call(
      method,
      url,
      undefined,
      method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined,
    );
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(messages.unauthenticated);
  });
});

describe('adding a passkey', () => {
  it('asks for a discoverable credential with user verification, bound to this site', async () => {
    const member = await buildSignedInUser(t);
    const options = await registrationOptions(member);
    expect(options.rp.id).toBe('localhost');
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const [challenge] = await t.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expect(challenge).toMatchObject({ kind: 'register', userId: member.id });
  });

  it('verifies the attestation and keeps the credential; the answer and the list never carry the key', async () => {
    const member = await buildSignedInUser(t);
    const passkey = new SoftPasskey({ origin: ORIGIN, synced: true });
    const options = await registrationOptions(member);
    const res = await call('POST', '/api/v1/me/passkeys', member.cookie, {
      name: '  Work laptop  ',
      credential: passkey.register(options),
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as Record<string, unknown>;
    expect(item).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      deviceType: 'multiDevice',
      backedUp: true,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({
      id: item.id,
      name: 'Work laptop',
      credentialId: passkey.id,
      counter: 0,
      deviceType: 'multiDevice',
      transports: 'internal',
    });
    expect(row!.publicKey.length).toBeGreaterThan(60);
    // The challenge is used up.
    expect(
      await t.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, options.challenge)),
    ).toEqual([]);

    const list = await call('GET', '/api/v1/me/passkeys', member.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [item] });
    expect(list.body).not.toContain(passkey.id);
    expect(list.body).not.toContain(row!.publicKey.toString('base64url'));

    // The next options exclude it, so the same authenticator is not added twice.
    const next = (await registrationOptions(member)) as unknown as { excludeCredentials: { id: string }[] };
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([passkey.id]);
  });

  it('mails a security alert', async () => {
    const member = await buildSignedInUser(t);
    await addPasskey(member);
    const mails = await mailsTo(member);
    expect(mails.map((m) => m.subject)).toEqual(['A passkey was added to your CheatMarket account']);
  });

  it('refuses a challenge it never issued, one used already and one issued to another member', async () => {
    const member = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const options = await registrationOptions(member);
    const post = (credential: object) =>
      call('POST', '/api/v1/me/passkeys', member.cookie, { name: 'Key', credential });

    const stranger = await post(
      new SoftPasskey({ origin: ORIGIN }).register(options, { challenge: strangerChallenge() }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).message).toBe(passkeyMessages.registrationFailed);

    const othersOptions = await registrationOptions(other);
    const notMine = await post(new SoftPasskey({ origin: ORIGIN }).register(othersOptions));
    expect(notMine.statusCode).toBe(400);

    expect((await post(new SoftPasskey({ origin: ORIGIN }).register(options))).statusCode).toBe(201);
    const replay = await post(new SoftPasskey({ origin: ORIGIN }).register(options));
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).message).toBe(passkeyMessages.registrationFailed);
    expect(await rowsOf(member.id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(0);
  });

  it('refuses another origin, another relying party and an unverified user', async () => {
    const member = await buildSignedInUser(t);
    for (const override of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const options = await registrationOptions(member);
      const res = await call('POST', '/api/v1/me/passkeys', member.cookie, {
        name: 'Key',
        credential: new SoftPasskey({ origin: ORIGIN }).register(options, override),
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(errorOf(res).message).toBe(passkeyMessages.registrationFailed);
    }
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('refuses the same credential twice', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    const options = await registrationOptions(member);
    const res = await call('POST', '/api/v1/me/passkeys', member.cookie, {
      name: 'Again',
      credential: passkey.register(options),
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(passkeyMessages.alreadyRegistered);
  });

  it('answers each bad input with its message', async () => {
    const member = await buildSignedInUser(t);
    const options = await registrationOptions(member);
    const credential = new SoftPasskey({ origin: ORIGIN }).register(options);
    const cases: [object, string][] = [
      [{ credential }, passkeyMessages.nameRequired],
      [{ name: '   ', credential }, passkeyMessages.nameRequired],
      [{ name: 'x'.repeat(51), credential }, passkeyMessages.nameTooLong],
      [{ name: 'Key' }, passkeyMessages.invalidResponse],
      [{ name: 'Key', credential: { ...credential, type: 'password' } }, passkeyMessages.invalidResponse],
      [
        {
          name: 'Key',
          credential: { ...credential, response: { ...credential.response, clientDataJSON: 'not base64!' } },
        },
        passkeyMessages.invalidResponse,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/v1/me/passkeys', member.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
    expect(await rowsOf(member.id)).toHaveLength(0);
  });
});

describe('renaming and removing a passkey', () => {
  it('renames my own passkey', async () => {
    const member = await buildSignedInUser(t);
    const { item } = await addPasskey(member);
    const res = await call('PATCH', `/api/v1/me/passkeys/${item.id}`, member.cookie, { name: 'Phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, name: 'Phone' });
    expect((await rowsOf(member.id))[0]!.name).toBe('Phone');
  });

  it('answers 404 for another member’s passkey and an unknown one, 400 for a malformed id or name', async () => {
    const member = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const { item } = await addPasskey(other);
    for (const id of [item.id, '00000000-0000-4000-8000-000000000000']) {
      const rename = await call('PATCH', `/api/v1/me/passkeys/${id}`, member.cookie, { name: 'Mine now' });
      expect(rename.statusCode).toBe(404);
      expect(errorOf(rename).message).toBe(passkeyMessages.notFound);
      const remove = await call('DELETE', `/api/v1/me/passkeys/${id}`, member.cookie);
      expect(remove.statusCode).toBe(404);
      expect(errorOf(remove).message).toBe(passkeyMessages.notFound);
    }
    const malformed = await call('DELETE', '/api/v1/me/passkeys/not-an-id', member.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(passkeyMessages.notFound);
    const blank = await call('PATCH', `/api/v1/me/passkeys/${item.id}`, other.cookie, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).message).toBe(passkeyMessages.nameRequired);
    expect(await rowsOf(other.id)).toMatchObject([{ name: 'Laptop' }]);
  });

  it('removes my own passkey, mails an alert, and the passkey no longer signs in', async () => {
    const member = await buildSignedInUser(t);
    const { item, passkey } = await addPasskey(member);
    await t.app.jobs.settle();
    await t.clearOutbox();
    const res = await call('DELETE', `/api/v1/me/passkeys/${item.id}`, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(member.id)).toEqual([]);
    expect((await mailsTo(member)).map((m) => m.subject)).toEqual([
      'A passkey was removed from your CheatMarket account',
    ]);
    const signIn = await passkeySignIn(passkey.assert(await signInOptions()));
    expect(signIn.statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('asks for any passkey of this site, with user verification, and keeps the challenge', async () => {
    const options = await signInOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options).toMatchObject({ userVerification: 'required' });
    const [row] = await t.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.challenge, options.challenge));
    expect(row).toMatchObject({ kind: 'sign-in', userId: null });
  });

  it('signs in without an email: a session cookie, the login history, counter and last used', async () => {
    const member = await buildSignedInUser(t);
    const { passkey, item } = await addPasskey(member);
    const before = await loginCount(member.id);
    const res = await passkeySignIn(passkey.assert(await signInOptions()), {
      headers: { 'user-agent': FIREFOX_LINUX },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user: { id: member.id, username: member.username, role: 'user', avatarUrl: null },
    });
    const cookie = cookiesOf(res);
    const session = await call('GET', '/api/auth/get-session', cookie);
    expect(session.json()).toMatchObject({ user: { id: member.id } });

    // The token is stored hashed, like every session's; the row carries where it came from.
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, hashSessionToken(token)));
    expect(row).toMatchObject({ userId: member.id, ipAddress: '203.0.113.9', userAgent: FIREFOX_LINUX });

    expect(await loginCount(member.id)).toBe(before + 1);
    const [stored] = await rowsOf(member.id);
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
    const list = (await call('GET', '/api/v1/me/passkeys', member.cookie)).json() as {
      items: { id: string; lastUsedAt: string | null }[];
    };
    expect(list.items).toEqual([expect.objectContaining({ id: item.id, lastUsedAt: expect.any(String) })]);
  });

  it('is a second factor: a member with two-factor on gets no code step; a password sign-in still does', async () => {
    const member = await buildTwoFactorUser(t);
    const { passkey } = await addPasskey(member);
    const before = await loginCount(member.id);
    const res = await passkeySignIn(passkey.assert(await signInOptions()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: member.id } });
    expect(res.body).not.toContain('twoFactorRequired');
    const me = await call('GET', '/api/auth/get-session', cookiesOf(res));
    expect(me.json()).toMatchObject({ user: { id: member.id } });
    expect(await loginCount(member.id)).toBe(before + 1);

    const password = await call('POST', '/api/auth/sign-in/email', undefined, {
      email: member.email,
      password: member.password,
    });
    expect(password.json()).toEqual({ twoFactorRequired: true });
  });

  it('alerts a sign-in from a new device like a password sign-in', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    // A known device and network first (the first sign-in is remembered silently).
    await signIn(t, member, '198.51.100.7');
    await t.app.jobs.settle();
    await t.clearOutbox();
    const res = await passkeySignIn(passkey.assert(await signInOptions()), {
      headers: { 'user-agent': CHROME_WINDOWS },
      remoteAddress: '203.0.113.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(member);
    expect(mails.map((m) => m.subject)).toEqual(['New sign-in to your CheatMarket account']);
    expect(mails[0]!.text).toContain('Chrome');
  });

  it('refuses a challenge it never issued and a replayed assertion', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    const before = await loginCount(member.id);
    const stranger = await passkeySignIn(
      passkey.assert(await signInOptions(), { challenge: strangerChallenge() }),
    );
    expect(stranger.statusCode).toBe(401);
    expect(errorOf(stranger).message).toBe(passkeyMessages.signInFailed);
    expect(stranger.headers['set-cookie']).toBeUndefined();

    const assertion = passkey.assert(await signInOptions());
    expect((await passkeySignIn(assertion)).statusCode).toBe(200);
    const replay = await passkeySignIn(assertion);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(passkeyMessages.signInFailed);
    expect(await loginCount(member.id)).toBe(before + 1);
  });

  it('refuses a registration challenge, another origin and an unverified user', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    const registration = await registrationOptions(member);
    const forRegistration = await passkeySignIn(passkey.assert({ challenge: registration.challenge }));
    expect(forRegistration.statusCode).toBe(401);
    const elsewhere = await passkeySignIn(
      passkey.assert(await signInOptions(), { origin: 'https://evil.example' }),
    );
    expect(elsewhere.statusCode).toBe(401);
    const unverified = await passkeySignIn(passkey.assert(await signInOptions(), { userVerified: false }));
    expect(unverified.statusCode).toBe(401);
  });

  it('refuses an unknown credential, and its challenge is used up', async () => {
    const options = await signInOptions();
    const res = await passkeySignIn(new SoftPasskey({ origin: ORIGIN }).assert(options));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(passkeyMessages.signInFailed);
    expect(
      await t.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, options.challenge)),
    ).toEqual([]);
  });

  it('refuses an assertion whose user handle names another member', async () => {
    const member = await buildSignedInUser(t);
    const other = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    passkey.userHandle = Buffer.from(other.id).toString('base64url');
    const res = await passkeySignIn(passkey.assert(await signInOptions()));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(passkeyMessages.signInFailed);
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    expect((await passkeySignIn(passkey.assert(await signInOptions(), { counter: 5 }))).statusCode).toBe(200);
    const back = await passkeySignIn(passkey.assert(await signInOptions(), { counter: 3 }));
    expect(back.statusCode).toBe(401);
    const same = await passkeySignIn(passkey.assert(await signInOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(401);
    expect((await rowsOf(member.id))[0]!.counter).toBe(5);
  });

  it('refuses a banned member, with no session made', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, member.id));
    const sessionsBefore = (await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).length;
    const before = await loginCount(member.id);
    const res = await passkeySignIn(passkey.assert(await signInOptions()));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'BANNED', message: messages.banned });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).length).toBe(
      sessionsBefore,
    );
    expect(await loginCount(member.id)).toBe(before);
  });

  it('answers a malformed assertion with its message', async () => {
    const member = await buildSignedInUser(t);
    const { passkey } = await addPasskey(member);
    const assertion = passkey.assert(await signInOptions());
    for (const payload of [
      {},
      { credential: { ...assertion, response: { ...assertion.response, signature: '' } } },
    ]) {
      const res = await call('POST', '/api/auth/passkey/sign-in', undefined, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(passkeyMessages.invalidResponse);
    }
  });
});

describe('passkey rate limits', () => {
  it('answers 429 with Retry-After past the sign-in and per-member limits', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      // Limits count valid requests (after validation): an assertion of a passkey the site does not know.
      const stranger = new SoftPasskey({ origin: ORIGIN });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const credential = stranger.assert({ challenge: strangerChallenge() });
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/passkey/sign-in',
          payload: { credential },
        });
        statuses.push(res.statusCode);
        if (i === 30) expect(res.headers['retry-after'], res.body).toBeDefined();
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);

      const member = await buildSignedInUser(limited);
      const last = { statusCode: 0 };
      for (let i = 0; i < 31; i++) {
        Object.assign(
          last,
          await limited.app.inject({
            method: 'DELETE',
            url: '/api/v1/me/passkeys/00000000-0000-4000-8000-000000000000',
            headers: { cookie: member.cookie },
          }),
        );
      }
      expect(last.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
