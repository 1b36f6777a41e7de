import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages } from '../../../contract/messages.ts';
import { auditLog, profiles } from '../../db/schema/index.ts';
import { buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let admin: Signed;
let moderator: Signed;
let member: Signed;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildSignedInUser(t, { role: 'admin' });
  moderator = await buildSignedInUser(t, { role: 'moderator' });
  member = await buildSignedInUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const readProfile = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('GET /api/v1/admin/users', () => {
  it('is staff only', async () => {
    expect((await call('GET', '/api/v1/admin/users')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/admin/users', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect((await call('GET', '/api/v1/admin/users?role=owner', admin.cookie)).statusCode).toBe(400);
  });

  it('searches by username or id, filters role and banned, pages in one statement', async () => {
    const tag = randomUUID().slice(0, 6);
    const plain = await buildUser(t, { username: `adm_${tag}_a`, balance: 7, credits: 3 });
    const mod = await buildUser(t, { username: `adm_${tag}_m`, role: 'moderator' });
    const gone = await buildUser(t, { username: `adm_${tag}_b` });
    await call('PATCH', `/api/v1/admin/users/${gone.id}`, admin.cookie, { banned: true });
    const ids = async (qs: string) =>
      (await call('GET', `/api/v1/admin/users?${qs}`, moderator.cookie))
        .json()
        .items.map((i: { id: string }) => i.id);
    expect(await ids(`q=adm_${tag}`)).toEqual([mod.id, plain.id]);
    expect(await ids(`q=adm_${tag}&role=moderator`)).toEqual([mod.id]);
    expect(await ids(`q=adm_${tag}&banned=true`)).toEqual([gone.id]);
    expect(await ids(`q=${plain.id}`)).toEqual([plain.id]);
    const [row] = (await call('GET', `/api/v1/admin/users?q=${plain.id}`, admin.cookie)).json().items;
    expect(row).toMatchObject({
      username: plain.username,
      role: 'user',
      banned: false,
      balance: 7,
      credits: 3,
    });
    expect(row.email).toBeUndefined();

    for (let i = 0; i < 27; i++) await buildUser(t, { username: `pg_${tag}_${i}` });
    const seen: string[] = [];
    const counts = new Set<number>();
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/admin/users?q=pg_${tag}${cursor ? `&cursor=${cursor}` : ''}`;
      const counted = await countStatements(t.database, () => call('GET', url, admin.cookie));
      counts.add(counted.statements.length);
      seen.push(...counted.result.json().items.map((i: { id: string }) => i.id));
      cursor = counted.result.json().nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect(counts.size).toBe(1);
  });
});

describe('POST /api/v1/admin/users/:id/balance', () => {
  const url = (id: string) => `/api/v1/admin/users/${id}/balance`;
  const good = { amount: 25, currency: 'credits', description: 'Giveaway prize' };

  it('is admin only', async () => {
    const target = await buildUser(t);
    expect((await call('POST', url(target.id), undefined, good)).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      const res = await call('POST', url(target.id), who.cookie, good);
      expect(res.statusCode).toBe(403);
    }
    const res = await call('POST', url(target.id), moderator.cookie, good);
    expect(res.json().error.message).toBe(adminMessages.onlyAdminsAddBalance);
    expect((await readProfile(target.id)).credits).toBe(0);
  });

  it('answers 400 with each message and 404 for an unknown member', async () => {
    const target = await buildUser(t);
    const cases: [object, string, string][] = [
      [{ currency: 'credits', description: 'No amount' }, 'amount', adminMessages.amountRequired],
      [{ ...good, amount: 0 }, 'amount', adminMessages.amountPositive],
      [{ ...good, amount: -5 }, 'amount', adminMessages.amountPositive],
      [{ ...good, amount: 1.5 }, 'amount', adminMessages.amountPositive],
      [{ ...good, description: '  ' }, 'description', adminMessages.descriptionRequired],
      [{ amount: 5, currency: 'credits' }, 'description', adminMessages.descriptionRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', url(target.id), admin.cookie, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await call('POST', url(target.id), admin.cookie, { ...good, currency: 'gold' })).statusCode).toBe(
      400,
    );
    const missing = await call('POST', url(randomUUID()), admin.cookie, good);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(adminMessages.userNotFound);
  });

  it('adds credits or balance and audits it', async () => {
    const target = await buildUser(t, { balance: 10, credits: 2 });
    const res = await call('POST', url(target.id), admin.cookie, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: target.id, balance: 10, credits: 27 });
    await call('POST', url(target.id), admin.cookie, { ...good, currency: 'balance', amount: 5 });
    const after = await readProfile(target.id);
    expect([after.balance, after.credits]).toEqual([15, 27]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entries.map((e) => e.action)).toEqual(['user.grant', 'user.grant']);
    expect(entries[0]?.after).toMatchObject({ credits: 27, amount: 25, description: 'Giveaway prize' });
  });
});

describe('permission matrix (spec §6) for the users screen', () => {
  it('visitor, member, moderator, admin and a banned member', async () => {
    const banned = await buildSignedInUser(t);
    await call('PATCH', `/api/v1/admin/users/${banned.id}`, admin.cookie, { banned: true });
    const target = await buildUser(t);
    const otherAdmin = await buildUser(t, { role: 'admin' });
    const cookies: Record<string, string | undefined> = {
      visitor: undefined,
      member: member.cookie,
      moderator: moderator.cookie,
      admin: admin.cookie,
      banned: banned.cookie,
    };
    const matrix: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined, Record<string, number>][] = [
      [
        'list users',
        'GET',
        '/api/v1/admin/users',
        undefined,
        { visitor: 401, member: 403, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'ban a member',
        'PATCH',
        `/api/v1/admin/users/${target.id}`,
        { banned: false },
        { visitor: 401, member: 403, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'ban an admin',
        'PATCH',
        `/api/v1/admin/users/${otherAdmin.id}`,
        { banned: false },
        { visitor: 401, member: 403, moderator: 403, admin: 200, banned: 401 },
      ],
      [
        'change a role',
        'PATCH',
        `/api/v1/admin/users/${target.id}`,
        { role: 'user' },
        { visitor: 401, member: 403, moderator: 403, admin: 200, banned: 401 },
      ],
      ['own role', 'PATCH', `/api/v1/admin/users/${admin.id}`, { role: 'user' }, { admin: 403 }],
      [
        'own ban (moderator)',
        'PATCH',
        `/api/v1/admin/users/${moderator.id}`,
        { banned: true },
        { moderator: 403 },
      ],
      [
        'add balance',
        'POST',
        `/api/v1/admin/users/${target.id}/balance`,
        { amount: 1, currency: 'balance', description: 'x' },
        { visitor: 401, member: 403, moderator: 403, admin: 200, banned: 401 },
      ],
    ];
    for (const [name, method, u, payload, expected] of matrix) {
      for (const [who, status] of Object.entries(expected)) {
        const res = await call(method, u, cookies[who], payload);
        expect(res.statusCode, `${name} as ${who}: ${res.body}`).toBe(status);
      }
    }
  });
});
