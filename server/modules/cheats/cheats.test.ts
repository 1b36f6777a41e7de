import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheatPageSize } from '../../../contract/cheats.ts';
import { cheatMessages as m, messages } from '../../../contract/messages.ts';
import { cheatDownloads, cheatStatusChanges, cheats } from '../../db/schema/index.ts';
import { buildCheat, buildSignedInUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { cheatStats } from './queries.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSignedInUser>>;
let moderator: Awaited<ReturnType<typeof buildSignedInUser>>;
let member: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator, member] = await Promise.all([
    buildSignedInUser(t, { role: 'admin' }),
    buildSignedInUser(t, { role: 'moderator' }),
    buildSignedInUser(t),
  ]);
});
afterAll(() => t.close());

const statementsOf = async (fn: () => Promise<unknown>) =>
  (await countStatements(t.database, fn)).statements.length;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const readCheat = async (id: string) => (await t.db.select().from(cheats).where(eq(cheats.id, id)))[0];
const valid = {
  title: 'Valorant Vision',
  game: 'Valorant',
  description: 'Colour trigger.',
  status: 'undetected',
  downloadUrl: 'https://files.example.com/vv.zip',
};

describe('GET /api/v1/cheats', () => {
  it('lists cheats newest first to visitors, with their publisher and never the download link', async () => {
    const tag = randomUUID().slice(0, 8);
    const older = await buildCheat(t, { title: `${tag} a`, createdAt: new Date(Date.now() - 60_000) });
    const newer = await buildCheat(t, { title: `${tag} b`, status: 'detected', publishedBy: moderator.id });
    const res = await call('GET', `/api/v1/cheats?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(items[0]).toMatchObject({
      status: 'detected',
      downloads: 0,
      publishedBy: { id: moderator.id, username: moderator.username },
    });
    expect(items[1].publishedBy).toBeNull();
    expect(res.body).not.toContain('files.example.com');
    const detected = (await call('GET', `/api/v1/cheats?q=${tag}&status=detected`)).json();
    expect(detected.items.map((c: { id: string }) => c.id)).toEqual([newer.id]);
    expect((await call('GET', '/api/v1/cheats?status=broken')).statusCode).toBe(400);
  });

  it('searches title and game case-insensitively', async () => {
    const game = `Game${randomUUID().slice(0, 6)}`;
    const c = await buildCheat(t, { game });
    const res = (await call('GET', `/api/v1/cheats?q=${game.toUpperCase()}`)).json();
    expect(res.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
  });

  it('pages by keyset in one statement per page whatever its size', async () => {
    const game = `Paged${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < cheatPageSize + 3; i++) await buildCheat(t, { game, publishedBy: admin.id });
    const first = (await call('GET', `/api/v1/cheats?q=${game}`)).json();
    expect(first.items).toHaveLength(cheatPageSize);
    const second = (
      await call('GET', `/api/v1/cheats?q=${game}&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((c: { id: string }) => c.id)).size).toBe(
      cheatPageSize + 3,
    );
    const full = await statementsOf(() => call('GET', `/api/v1/cheats?q=${game}`));
    const empty = await statementsOf(() => call('GET', `/api/v1/cheats?q=${game}-none`));
    expect(full).toBe(1);
    expect(empty).toBe(1);
    expect((await call('GET', '/api/v1/cheats?cursor=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/cheats/:id', () => {
  it('returns the cheat and its timeline in two statements; 404 and 400 otherwise', async () => {
    const c = await buildCheat(t, { publishedBy: admin.id });
    await call('PUT', `/api/v1/admin/cheats/${c.id}`, moderator.cookie, { ...valid, status: 'detected' });
    await call('PUT', `/api/v1/admin/cheats/${c.id}`, admin.cookie, { ...valid, status: 'undetected' });
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const n = await statementsOf(async () => {
      res = await call('GET', `/api/v1/cheats/${c.id}`);
    });
    expect(n).toBe(2);
    expect(res!.statusCode).toBe(200);
    const body = res!.json();
    expect(body.timeline.map((s: { from: string | null; to: string }) => [s.from, s.to])).toEqual([
      [null, 'undetected'],
      ['undetected', 'detected'],
      ['detected', 'undetected'],
    ]);
    expect(body.timeline[1].by).toEqual({ id: moderator.id, username: moderator.username });
    expect(body.timeline[2].by).toEqual({ id: admin.id, username: admin.username });
    expect(res!.body).not.toContain('files.example.com');
    const missing = await call('GET', `/api/v1/cheats/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
    expect((await call('GET', '/api/v1/cheats/x')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/cheats/:id/download', () => {
  it('requires a session, with the spec-like message', async () => {
    const c = await buildCheat(t);
    const res = await call('POST', `/api/v1/cheats/${c.id}/download`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToDownload);
    expect((await readCheat(c.id))?.downloads).toBe(0);
  });

  it('answers 404 for an unknown cheat and 400 for a malformed id', async () => {
    const res = await call('POST', `/api/v1/cheats/${randomUUID()}/download`, member.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.notFound);
    expect((await call('POST', '/api/v1/cheats/nope/download', member.cookie)).statusCode).toBe(400);
  });

  it('returns the link and counts one download per member per day', async () => {
    const c = await buildCheat(t);
    const first = await call('POST', `/api/v1/cheats/${c.id}/download`, member.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ url: c.downloadUrl, downloads: 1, counted: true });
    const again = await call('POST', `/api/v1/cheats/${c.id}/download`, member.cookie);
    expect(again.json()).toEqual({ url: c.downloadUrl, downloads: 1, counted: false });
    expect((await readCheat(c.id))?.downloads).toBe(1);
    const rows = await t.db
      .select()
      .from(cheatDownloads)
      .where(and(eq(cheatDownloads.cheatId, c.id), eq(cheatDownloads.userId, member.id)));
    expect(rows).toHaveLength(1);
  });

  it('keeps the count exact under concurrent downloads', async () => {
    const c = await buildCheat(t);
    const others = await Promise.all(Array.from({ length: 5 }, () => buildSignedInUser(t)));
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => call('POST', `/api/v1/cheats/${c.id}/download`, member.cookie)),
      ...others.map((o) => call('POST', `/api/v1/cheats/${c.id}/download`, o.cookie)),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results.filter((r) => r.json().counted)).toHaveLength(6);
    expect((await readCheat(c.id))?.downloads).toBe(6);
    expect(await t.db.select().from(cheatDownloads).where(eq(cheatDownloads.cheatId, c.id))).toHaveLength(6);
  });
});

describe('staff cheats', () => {
  it('publish: members refused, each field message, moderators publish with a first timeline entry', async () => {
    expect((await call('POST', '/api/v1/admin/cheats', undefined, valid)).statusCode).toBe(401);
    const byMember = await call('POST', '/api/v1/admin/cheats', member.cookie, valid);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(m.onlyStaff);

    const res = await call('POST', '/api/v1/admin/cheats', moderator.cookie, { ...valid, status: 'other' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ downloadUrl: valid.downloadUrl, status: 'other' });
    const row = (await readCheat(res.json().id))!;
    expect(row).toMatchObject({
      title: valid.title,
      game: valid.game,
      publishedBy: moderator.id,
      status: 'other',
    });
    const steps = await t.db.select().from(cheatStatusChanges).where(eq(cheatStatusChanges.cheatId, row.id));
    expect(steps).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'other', changedBy: moderator.id }),
    ]);
  });

  it.each([
    [{ title: ' ' }, 'title', m.titleRequired],
    [{ title: 'x'.repeat(101) }, 'title', m.titleTooLong],
    [{ game: '' }, 'game', m.gameRequired],
    [{ description: '' }, 'description', m.descriptionRequired],
    [{ downloadUrl: '' }, 'downloadUrl', m.downloadUrlRequired],
    [{ downloadUrl: 'javascript:alert(1)' }, 'downloadUrl', m.downloadUrlInvalid],
  ])('refuses %o with its message', async (patch, field, message) => {
    const before = (await t.db.select().from(cheats)).length;
    const res = await call('POST', '/api/v1/admin/cheats', admin.cookie, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await t.db.select().from(cheats)).length).toBe(before);
  });

  it('edit: a status change joins the timeline, other edits do not', async () => {
    const c = await buildCheat(t);
    const url = `/api/v1/admin/cheats/${c.id}`;
    expect((await call('PUT', url, undefined, valid)).statusCode).toBe(401);
    const byMember = await call('PUT', url, member.cookie, valid);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(m.onlyStaff);
    expect((await call('PUT', url, admin.cookie, { ...valid, status: 'gone' })).statusCode).toBe(400);
    const missing = await call('PUT', `/api/v1/admin/cheats/${randomUUID()}`, admin.cookie, valid);
    expect(missing.statusCode).toBe(404);

    expect((await call('PUT', url, admin.cookie, { ...valid, title: 'Renamed' })).statusCode).toBe(200);
    const res = await call('PUT', url, moderator.cookie, { ...valid, title: 'Renamed', status: 'detected' });
    expect(res.statusCode).toBe(200);
    expect(await readCheat(c.id)).toMatchObject({ title: 'Renamed', status: 'detected' });
    const steps = await t.db.select().from(cheatStatusChanges).where(eq(cheatStatusChanges.cheatId, c.id));
    expect(steps.map((s) => [s.fromStatus, s.toStatus])).toEqual([
      [null, 'undetected'],
      ['undetected', 'detected'],
    ]);
  });

  it('GET /admin/cheats/:id shows the link to staff only', async () => {
    const c = await buildCheat(t);
    const url = `/api/v1/admin/cheats/${c.id}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, member.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/admin/cheats/${randomUUID()}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, moderator.cookie)).json().downloadUrl).toBe(c.downloadUrl);
  });

  it('delete: staff only, then gone', async () => {
    const c = await buildCheat(t);
    const url = `/api/v1/admin/cheats/${c.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const byMember = await call('DELETE', url, member.cookie);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).not.toBe(messages.forbidden);
    expect(await readCheat(c.id)).toBeDefined();
    expect((await call('DELETE', url, moderator.cookie)).statusCode).toBe(204);
    expect(await readCheat(c.id)).toBeUndefined();
    expect((await call('DELETE', url, admin.cookie)).statusCode).toBe(404);
  });
});

describe('cheatStats', () => {
  it('counts active cheats and downloads, in total and today', async () => {
    const before = await cheatStats(t.db);
    const c = await buildCheat(t, { status: 'undetected' });
    await buildCheat(t, { status: 'detected' });
    await call('POST', `/api/v1/cheats/${c.id}/download`, member.cookie);
    await call('POST', `/api/v1/cheats/${c.id}/download`, admin.cookie);
    const after = await cheatStats(t.db);
    expect(after.activeCheats - before.activeCheats).toBe(1);
    expect(after.activeCheatsToday - before.activeCheatsToday).toBe(1);
    expect(after.totalDownloads - before.totalDownloads).toBe(2);
    expect(after.downloadsToday - before.downloadsToday).toBe(2);
    expect(await statementsOf(() => cheatStats(t.db))).toBe(1);
  });
});
