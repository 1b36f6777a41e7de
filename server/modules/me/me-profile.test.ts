import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages } from '../../../contract/messages.ts';
import { profiles } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const patchMe = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const profileOf = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('PATCH /api/v1/me', () => {
  it('requires a session', async () => {
    const res = await patchMe({ bio: 'hello' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(accountMessages.loginToUpdateProfile);
  });

  it('changes my username and bio and nothing else', async () => {
    const user = await buildSignedInUser(t);
    const res = await patchMe({ username: 'Fresh_Name-1', bio: '  I write cheats.  ' }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: 'Fresh_Name-1', bio: 'I write cheats.' });
    const row = await profileOf(user.id);
    expect(row).toMatchObject({ username: 'Fresh_Name-1', bio: 'I write cheats.', role: 'user' });
    // The session follows the new name at once.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(session.json().user.username).toBe('Fresh_Name-1');
  });

  it('clears the bio with an empty string and keeps the username when it is not sent', async () => {
    const user = await buildSignedInUser(t);
    await patchMe({ bio: 'something' }, user.cookie);
    const res = await patchMe({ bio: '' }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileOf(user.id)).toMatchObject({ bio: null, username: user.username });
  });

  it('lets me keep my own username in another case', async () => {
    const user = await buildSignedInUser(t);
    const res = await patchMe({ username: user.username.toUpperCase() }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(user.id)).username).toBe(user.username.toUpperCase());
  });

  it("refuses another member's username, whatever its case", async () => {
    const other = await buildUser(t);
    const user = await buildSignedInUser(t);
    const res = await patchMe({ username: other.username.toUpperCase() }, user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: messages.usernameTaken,
      fields: { username: messages.usernameTaken },
    });
    expect((await profileOf(user.id)).username).toBe(user.username);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['blank username', { username: '  ' }, messages.usernameRequired],
    ['short username', { username: 'ab' }, messages.usernameTooShort],
    ['long username', { username: 'a'.repeat(21) }, messages.usernameTooLong],
    ['bad characters', { username: 'bad name!' }, messages.usernameCharset],
    ['username not a string', { username: 42 }, messages.usernameRequired],
    ['long bio', { bio: 'x'.repeat(501) }, accountMessages.bioTooLong],
  ];
  for (const [name, body, message] of invalid) {
    it(`answers 400 for ${name}`, async () => {
      const user = await buildSignedInUser(t);
      const res = await patchMe(body, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await profileOf(user.id)).toMatchObject({ username: user.username, bio: null });
    });
  }

  for (const field of [
    'role',
    'balance',
    'credits',
    'banned',
    'email',
    'id',
    'avatarUrl',
    'twoFactorEnabled',
    'emailVerified',
  ]) {
    it(`never lets a member write ${field}`, async () => {
      const user = await buildSignedInUser(t, { balance: 5, credits: 7, emailVerified: false });
      const sneaky: Record<string, unknown> = {
        emailVerified: true,
        role: 'admin',
        balance: 99_999,
        credits: 99_999,
        banned: false,
        email: 'taken@example.com',
        id: '00000000-0000-4000-8000-000000000000',
        avatarUrl: 'https://evil.example/x.svg',
        twoFactorEnabled: true,
      };
      const res = await patchMe({ bio: 'hi', [field]: sneaky[field] }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(accountMessages.onlyUsernameAndBio);
      expect(await profileOf(user.id)).toMatchObject({
        role: 'user',
        balance: 5,
        credits: 7,
        banned: false,
        email: user.email,
        avatarUrl: null,
        twoFactorEnabled: false,
        emailVerified: false,
        bio: null,
      });
    });
  }

  it('answers malformed and oversized bodies with a 4xx, never a 500', async () => {
    const user = await buildSignedInUser(t);
    for (const payload of ['not json', '[]', 'null', JSON.stringify({ bio: 'x'.repeat(2_000_000) })]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        payload,
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
