import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { auditLog } from '../../db/schema/index.ts';
import { buildCheat, buildProduct, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
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

const call = (method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const entriesFor = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

describe('audit records', () => {
  it('records a ban, an unban and a role change with before and after, by whom', async () => {
    const target = await buildUser(t);
    expect(
      (await call('PATCH', `/api/v1/admin/users/${target.id}`, moderator.cookie, { banned: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/v1/admin/users/${target.id}`, moderator.cookie, { banned: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/v1/admin/users/${target.id}`, admin.cookie, { role: 'moderator' }))
        .statusCode,
    ).toBe(200);
    const rows = await entriesFor(target.id);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['user.ban', moderator.id, { banned: false }, { banned: true }],
      ['user.unban', moderator.id, { banned: true }, { banned: false }],
      ['user.role', admin.id, { role: 'user' }, { role: 'moderator' }],
    ]);
  });

  it('records nothing for a refused change', async () => {
    const otherAdmin = await buildUser(t, { role: 'admin' });
    expect(
      (await call('PATCH', `/api/v1/admin/users/${otherAdmin.id}`, moderator.cookie, { banned: true }))
        .statusCode,
    ).toBe(403);
    expect(await entriesFor(otherAdmin.id)).toHaveLength(0);
  });

  it('records product pin, status and delete, and cheat edit and delete', async () => {
    const product = await buildProduct(t);
    await call('PUT', `/api/v1/admin/products/${product.id}/pin`, admin.cookie, { isPinned: true });
    await call('PUT', `/api/v1/admin/products/${product.id}/status`, admin.cookie, { status: 'inactive' });
    expect((await call('DELETE', `/api/v1/admin/products/${product.id}`, admin.cookie)).statusCode).toBe(204);
    const productRows = await entriesFor(product.id);
    expect(productRows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['product.pin', { isPinned: false }, { isPinned: true }],
      ['product.status', { status: 'active' }, { status: 'inactive' }],
      ['product.delete', { title: product.title, status: 'inactive' }, null],
    ]);

    const cheat = await buildCheat(t);
    expect((await call('DELETE', `/api/v1/admin/cheats/${cheat.id}`, moderator.cookie)).statusCode).toBe(204);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cheat.id), eq(auditLog.action, 'cheat.delete')));
    expect(row?.actorId).toBe(moderator.id);
  });
});

describe('GET /api/v1/admin/audit-log', () => {
  it('requires a session and staff', async () => {
    expect((await call('GET', '/api/v1/admin/audit-log')).statusCode).toBe(401);
    const member = await buildSignedInUser(t);
    const res = await call('GET', '/api/v1/admin/audit-log', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
  });

  it('refuses a forged cursor', async () => {
    expect((await call('GET', '/api/v1/admin/audit-log?cursor=bm9wZQ', admin.cookie)).statusCode).toBe(400);
  });

  it('lists newest first with the actor, pages by keyset in a constant number of statements', async () => {
    const target = await buildUser(t);
    await call('PATCH', `/api/v1/admin/users/${target.id}`, admin.cookie, { banned: true });
    const first = await call('GET', '/api/v1/admin/audit-log', moderator.cookie);
    expect(first.statusCode).toBe(200);
    const top = first.json().items[0];
    expect(top).toMatchObject({
      action: 'user.ban',
      targetType: 'user',
      targetId: target.id,
      actor: { id: admin.id, username: admin.username },
      after: { banned: true },
    });

    // Fill beyond a page (50), then walk every page: no gaps, no repeats.
    const total = (await t.db.select().from(auditLog)).length;
    const rows = Array.from({ length: 55 }, (_, i) => ({
      actorId: admin.id,
      action: 'test.fill',
      targetType: 'test',
      targetId: `fill-${i}`,
    }));
    await t.db.insert(auditLog).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    let statements: number[] = [];
    do {
      const url: string = `/api/v1/admin/audit-log${cursor ? `?cursor=${cursor}` : ''}`;
      const counted = await countStatements(t.database, () => call('GET', url, admin.cookie));
      const body = counted.result.json();
      statements.push(counted.statements.length);
      seen.push(...body.items.map((i: { id: string }) => i.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total + 55);
    expect(new Set(seen).size).toBe(seen.length);
    statements = [...new Set(statements)];
    expect(statements).toHaveLength(1);
  });
});
