import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages } from '../../../contract/messages.ts';
import { profiles, sessions } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUser, signIn } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
let moderator: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildSignedInUser(t, { role: 'admin' });
  moderator = await buildSignedInUser(t, { role: 'moderator' });
});
afterAll(() => t.close());

const patch = (id: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/users/${id}`,
    payload,
    headers: cookie ? { cookie } : {},
  });
const readProfile = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('PATCH /api/v1/admin/users/:id', () => {
  it('requires a session', async () => {
    const user = await buildUser(t);
    expect((await patch(user.id, { banned: true })).statusCode).toBe(401);
    expect((await readProfile(user.id)).banned).toBe(false);
  });

  it('is staff only', async () => {
    const member = await buildSignedInUser(t);
    const target = await buildUser(t);
    const res = await patch(target.id, { banned: true }, member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect((await readProfile(target.id)).banned).toBe(false);
  });

  it('answers 404 for an unknown member and 400 for a malformed id or body', async () => {
    const unknown = await patch(randomUUID(), { banned: true }, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(adminMessages.userNotFound);
    expect((await patch('not-a-uuid', { banned: true }, admin.cookie)).statusCode).toBe(400);
    const target = await buildUser(t);
    expect((await patch(target.id, { banned: 'yes' }, admin.cookie)).statusCode).toBe(400);
    expect((await patch(target.id, {}, admin.cookie)).statusCode).toBe(400);
    expect((await patch(target.id, { credits: 5 }, admin.cookie)).statusCode).toBe(400);
    expect((await patch(target.id, { role: 'owner' }, admin.cookie)).statusCode).toBe(400);
  });

  it('a ban ends every live session of the member at once and refuses new sign-ins', async () => {
    const target = await buildSignedInUser(t);
    const second = await signIn(t, target);
    const res = await patch(target.id, { banned: true }, moderator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: target.id,
      username: target.username,
      role: 'user',
      banned: true,
      trustLevel: 'trusted',
      trustLevelLocked: true,
    });
    expect((await readProfile(target.id)).banned).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    for (const cookie of [target.cookie, second]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(
        401,
      );
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: target.email, password: target.password },
    });
    expect(again.json().error.message).toBe(messages.banned);

    const unban = await patch(target.id, { banned: false }, moderator.cookie);
    expect(unban.statusCode).toBe(200);
    expect((await readProfile(target.id)).banned).toBe(false);
    await signIn(t, target);
  });

  it('moderators cannot ban admins or themselves; admins can ban moderators but not themselves', async () => {
    const otherAdmin = await buildUser(t, { role: 'admin' });
    const r1 = await patch(otherAdmin.id, { banned: true }, moderator.cookie);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().error.message).toBe(adminMessages.moderatorBanAdmin);
    const r2 = await patch(moderator.id, { banned: true }, moderator.cookie);
    expect(r2.json().error.message).toBe(adminMessages.ownBan);
    const r3 = await patch(admin.id, { banned: true }, admin.cookie);
    expect(r3.json().error.message).toBe(adminMessages.ownBan);
    const otherMod = await buildUser(t, { role: 'moderator' });
    expect((await patch(otherMod.id, { banned: true }, admin.cookie)).statusCode).toBe(200);
    expect((await readProfile(otherAdmin.id)).banned).toBe(false);
  });

  it('only admins change roles, and never their own', async () => {
    const target = await buildUser(t);
    const byMod = await patch(target.id, { role: 'moderator' }, moderator.cookie);
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(adminMessages.onlyAdminsChangeRoles);
    const own = await patch(admin.id, { role: 'user' }, admin.cookie);
    expect(own.json().error.message).toBe(adminMessages.ownRole);
    const ok = await patch(target.id, { role: 'moderator' }, admin.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await readProfile(target.id)).role).toBe('moderator');
    expect((await readProfile(admin.id)).role).toBe('admin');
  });
});
