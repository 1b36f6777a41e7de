import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages as m } from '../../../contract/messages.ts';
import { auditLog, profiles, userRanks } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let member: Signed;
let moderator: Signed;
let admin: Signed;
let ranks: { id: string; name: string; color: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  [member, moderator, admin] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t, { role: 'admin' }),
  ]);
  ranks = await t.db.select().from(userRanks);
});
afterAll(() => t.close());

const headers = (cookie?: string) => (cookie ? { cookie } : {});
const put = (id: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${id}/rank`,
    payload: payload as object,
    headers: headers(cookie),
  });
const rankOf = async (id: string) =>
  (await t.db.select({ rankId: profiles.rankId }).from(profiles).where(eq(profiles.id, id)))[0]!.rankId;

describe('GET /api/v1/admin/ranks', () => {
  it('lists the seeded ranks for staff only', async () => {
    const get = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/ranks', headers: headers(cookie) });
    expect((await get()).statusCode).toBe(401);
    expect((await get(member.cookie)).statusCode).toBe(403);
    const res = await get(moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(ranks.length).toBeGreaterThan(0);
    expect(res.json()).toEqual(
      [...ranks]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ id, name, color }) => ({ id, name, color })),
    );
  });
});

describe('PUT /api/v1/admin/users/:id/rank', () => {
  it('is for admins only: 401 signed out or banned, 403 for members and moderators', async () => {
    const target = await buildUser(t);
    expect((await put(target.id, { rankId: ranks[0]!.id })).statusCode).toBe(401);
    const banned = await buildSignedInUser(t, { role: 'admin' });
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, banned.id));
    expect((await put(target.id, { rankId: ranks[0]!.id }, banned.cookie)).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      const res = await put(target.id, { rankId: ranks[0]!.id }, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.onlyAdminsRank);
    }
    expect(await rankOf(target.id)).toBeNull();
  });

  it('answers 400 for a malformed body or id, 404 for an unknown member or rank', async () => {
    const target = await buildUser(t);
    const badRank = await put(target.id, { rankId: 'gold' }, admin.cookie);
    expect(badRank.statusCode).toBe(400);
    expect(badRank.json().error.fields.rankId).toBe(m.rankNotFound);
    expect((await put(target.id, {}, admin.cookie)).statusCode).toBe(400);
    expect((await put(target.id, { rankId: null, extra: 1 }, admin.cookie)).statusCode).toBe(400);
    const badId = await put('nope', { rankId: null }, admin.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.id).toBe(m.userNotFound);
    const noUser = await put(randomUUID(), { rankId: ranks[0]!.id }, admin.cookie);
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().error.message).toBe(m.userNotFound);
    const noRank = await put(target.id, { rankId: randomUUID() }, admin.cookie);
    expect(noRank.statusCode).toBe(404);
    expect(noRank.json().error.message).toBe(m.rankNotFound);
    expect(await rankOf(target.id)).toBeNull();
  });

  it('sets, changes and clears a rank, each change audited, shown in the users list', async () => {
    const target = await buildUser(t);
    const [first, second] = ranks;
    const set = await put(target.id, { rankId: first!.id }, admin.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      id: target.id,
      rank: { id: first!.id, name: first!.name, color: first!.color },
    });
    expect(await rankOf(target.id)).toBe(first!.id);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?q=${target.id}`,
      headers: { cookie: moderator.cookie },
    });
    expect(listed.json().items[0].rank).toEqual({ id: first!.id, name: first!.name, color: first!.color });

    expect((await put(target.id, { rankId: second!.id }, admin.cookie)).statusCode).toBe(200);
    // Setting the same rank again changes nothing and writes no audit row.
    expect((await put(target.id, { rankId: second!.id }, admin.cookie)).statusCode).toBe(200);
    const cleared = await put(target.id, { rankId: null }, admin.cookie);
    expect(cleared.json()).toEqual({ id: target.id, rank: null });
    expect(await rankOf(target.id)).toBeNull();

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, target.id), eq(auditLog.action, 'user.rank')))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.actorId, e.before, e.after])).toEqual([
      [admin.id, { rank: null }, { rank: { id: first!.id, name: first!.name } }],
      [
        admin.id,
        { rank: { id: first!.id, name: first!.name } },
        { rank: { id: second!.id, name: second!.name } },
      ],
      [admin.id, { rank: { id: second!.id, name: second!.name } }, { rank: null }],
    ]);
  });

  it('an admin may rank themselves (a rank is not a permission)', async () => {
    const res = await put(admin.id, { rankId: ranks[0]!.id }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await rankOf(admin.id)).toBe(ranks[0]!.id);
  });
});
