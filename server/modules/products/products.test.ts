import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMessages as m, messages } from '../../../contract/messages.ts';
import { productPageSize } from '../../../contract/products.ts';
import { products } from '../../db/schema/index.ts';
import { buildProduct, buildSignedInUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

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
const readProduct = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const valid = {
  title: 'Aimbot Pro',
  salesUrl: 'https://shop.example.com/aimbot',
  description: 'The best aim assistance.',
  imageUrl: 'https://img.example.com/a.png',
};

describe('GET /api/v1/products', () => {
  it('lists active products to visitors, pinned first then newest, and hides sales links of inactive ones', async () => {
    const tag = randomUUID().slice(0, 8);
    const old = await buildProduct(t, { title: `${tag} old`, createdAt: new Date(Date.now() - 60_000) });
    const pinned = await buildProduct(t, {
      title: `${tag} pinned`,
      isPinned: true,
      createdAt: new Date(Date.now() - 120_000),
    });
    // Explicit times: two rows made in the same millisecond would tie, and the order is the point here.
    const fresh = await buildProduct(t, { title: `${tag} fresh`, createdAt: new Date(Date.now() - 30_000) });
    const off = await buildProduct(t, { title: `${tag} off`, status: 'inactive' });

    const res = await call('GET', `/api/v1/products?q=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { id: string }) => p.id)).toEqual([pinned.id, fresh.id, old.id]);

    const all = (await call('GET', `/api/v1/products?status=all&q=${tag}`)).json();
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([pinned.id, off.id, fresh.id, old.id]);
    const offItem = all.items.find((p: { id: string }) => p.id === off.id);
    expect(offItem).toMatchObject({ status: 'inactive', salesUrl: null });
    expect(all.items.find((p: { id: string }) => p.id === fresh.id).salesUrl).toBe(fresh.salesUrl);
  });

  it('searches title and description case-insensitively, with LIKE wildcards taken literally', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await buildProduct(t, { title: `WallHack ${tag}` });
    const b = await buildProduct(t, { description: `works with wallhack-${tag} mode` });
    await buildProduct(t, { title: `Other ${tag}` });
    const res = (await call('GET', `/api/v1/products?q=${encodeURIComponent(`WALLHACK`)}`)).json();
    const ids = res.items.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await call('GET', '/api/v1/products?q=%25%25%25')).json().items).toEqual([]);
  });

  it('pages by keyset without gaps or repeats, in one statement per page whatever its size', async () => {
    const tag = `page${randomUUID().slice(0, 6)}`;
    const made = [];
    for (let i = 0; i < productPageSize + 5; i++) made.push(await buildProduct(t, { title: `${tag} ${i}` }));
    const first = (await call('GET', `/api/v1/products?q=${tag}`)).json();
    expect(first.items).toHaveLength(productPageSize);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await call('GET', `/api/v1/products?q=${tag}&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((p: { id: string }) => p.id);
    expect(new Set(seen).size).toBe(made.length);

    const full = await statementsOf(() => call('GET', `/api/v1/products?q=${tag}`));
    const small = await statementsOf(() => call('GET', `/api/v1/products?q=${tag}-none`));
    expect(full).toBe(1);
    expect(small).toBe(full);
  });

  it('answers 400 for a forged cursor or a bad status', async () => {
    expect((await call('GET', '/api/v1/products?cursor=bm90LWpzb24')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify([true, "x'; drop table products", randomUUID()])).toString(
      'base64url',
    );
    expect((await call('GET', `/api/v1/products?cursor=${forged}`)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/products?status=deleted')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/products/:id', () => {
  it('returns one product, 404 Product not found for an unknown id, 400 for a malformed one', async () => {
    const p = await buildProduct(t);
    const res = await call('GET', `/api/v1/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, title: p.title, salesUrl: p.salesUrl, status: 'active' });
    const missing = await call('GET', `/api/v1/products/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.notFound);
    expect((await call('GET', '/api/v1/products/nope')).statusCode).toBe(400);
  });
});

describe('admin products', () => {
  it('lists for staff only, every status with sales links, default active', async () => {
    const tag = randomUUID().slice(0, 8);
    const off = await buildProduct(t, { title: `${tag} off`, status: 'inactive' });
    const on = await buildProduct(t, { title: `${tag} on` });
    expect((await call('GET', '/api/v1/admin/products')).statusCode).toBe(401);
    const byMember = await call('GET', '/api/v1/admin/products', member.cookie);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(messages.forbidden);
    const def = (await call('GET', `/api/v1/admin/products?q=${tag}`, moderator.cookie)).json();
    expect(def.items.map((p: { id: string }) => p.id)).toEqual([on.id]);
    const inactive = (
      await call('GET', `/api/v1/admin/products?status=inactive&q=${tag}`, admin.cookie)
    ).json();
    expect(inactive.items).toEqual([expect.objectContaining({ id: off.id, salesUrl: off.salesUrl })]);
    const all = (await call('GET', `/api/v1/admin/products?status=all&q=${tag}`, admin.cookie)).json();
    expect(all.items).toHaveLength(2);
  });

  it('creates a product (admin), re-read from the database', async () => {
    expect((await call('POST', '/api/v1/admin/products', undefined, valid)).statusCode).toBe(401);
    const byMod = await call('POST', '/api/v1/admin/products', moderator.cookie, valid);
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsCreate);
    const byMember = await call('POST', '/api/v1/admin/products', member.cookie, valid);
    expect(byMember.statusCode).toBe(403);

    const res = await call('POST', '/api/v1/admin/products', admin.cookie, { ...valid, title: '  Spaced  ' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await readProduct(res.json().id);
    expect(row).toMatchObject({
      title: 'Spaced',
      salesUrl: valid.salesUrl,
      imageUrl: valid.imageUrl,
      status: 'active',
      isPinned: false,
    });
    const noImage = await call('POST', '/api/v1/admin/products', admin.cookie, { ...valid, imageUrl: '' });
    expect((await readProduct(noImage.json().id))?.imageUrl).toBeNull();
  });

  it.each([
    [{ title: '' }, 'title', m.titleRequired],
    [{ title: '   ' }, 'title', m.titleRequired],
    [{ title: 'x'.repeat(201) }, 'title', m.titleTooLong],
    [{ salesUrl: '' }, 'salesUrl', m.salesUrlRequired],
    [{ salesUrl: 'javascript:alert(1)' }, 'salesUrl', m.salesUrlInvalid],
    [{ salesUrl: 'ftp://x.example.com' }, 'salesUrl', m.salesUrlInvalid],
    [{ description: '' }, 'description', m.descriptionRequired],
    [{ description: 'x'.repeat(5001) }, 'description', m.descriptionTooLong],
    [{ imageUrl: 'data:image/png;base64,AAA' }, 'imageUrl', m.imageUrlInvalid],
  ])('refuses %o with the field message', async (patch, field, message) => {
    const before = (await t.db.select().from(products)).length;
    const res = await call('POST', '/api/v1/admin/products', admin.cookie, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await t.db.select().from(products)).length).toBe(before);
  });

  it('refuses a missing required field with its message', async () => {
    const res = await call('POST', '/api/v1/admin/products', admin.cookie, { description: 'd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ title: m.titleRequired, salesUrl: m.salesUrlRequired });
  });

  it('edits a product (admin) and bumps its updated date', async () => {
    const p = await buildProduct(t, { updatedAt: new Date(Date.now() - 86_400_000) });
    const url = `/api/v1/admin/products/${p.id}`;
    const edit = { ...valid, title: 'Renamed' };
    expect((await call('PUT', url, undefined, edit)).statusCode).toBe(401);
    const byMod = await call('PUT', url, moderator.cookie, edit);
    expect(byMod.json().error.message).toBe(m.onlyAdminsEdit);
    expect((await call('PUT', url, admin.cookie, { ...edit, salesUrl: '' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/v1/admin/products/${randomUUID()}`, admin.cookie, edit)).statusCode).toBe(
      404,
    );
    const res = await call('PUT', url, admin.cookie, edit);
    expect(res.statusCode).toBe(200);
    const row = (await readProduct(p.id))!;
    expect(row.title).toBe('Renamed');
    expect(row.updatedAt.getTime()).toBeGreaterThan(p.updatedAt.getTime());
  });

  it('pins and unpins (admin only)', async () => {
    const p = await buildProduct(t);
    const url = `/api/v1/admin/products/${p.id}/pin`;
    expect((await call('PUT', url, undefined, { isPinned: true })).statusCode).toBe(401);
    const byMod = await call('PUT', url, moderator.cookie, { isPinned: true });
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsPin);
    expect((await readProduct(p.id))?.isPinned).toBe(false);
    expect((await call('PUT', url, admin.cookie, { isPinned: 'yes' })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/v1/admin/products/${randomUUID()}/pin`, admin.cookie, { isPinned: true }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', url, admin.cookie, { isPinned: true })).json().isPinned).toBe(true);
    expect((await readProduct(p.id))?.isPinned).toBe(true);
    await call('PUT', url, admin.cookie, { isPinned: false });
    expect((await readProduct(p.id))?.isPinned).toBe(false);
  });

  it('changes status (admin only)', async () => {
    const p = await buildProduct(t);
    const url = `/api/v1/admin/products/${p.id}/status`;
    expect((await call('PUT', url, undefined, { status: 'inactive' })).statusCode).toBe(401);
    const byMod = await call('PUT', url, moderator.cookie, { status: 'inactive' });
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsStatus);
    expect((await call('PUT', url, admin.cookie, { status: 'sold' })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/v1/admin/products/${randomUUID()}/status`, admin.cookie, { status: 'active' }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', url, admin.cookie, { status: 'inactive' })).statusCode).toBe(200);
    expect((await readProduct(p.id))?.status).toBe('inactive');
    expect((await call('GET', `/api/v1/products/${p.id}`)).json().salesUrl).toBeNull();
  });

  it('deletes (admin only)', async () => {
    const p = await buildProduct(t);
    const url = `/api/v1/admin/products/${p.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const byMod = await call('DELETE', url, moderator.cookie);
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json().error.message).toBe(m.onlyAdminsDelete);
    expect(await readProduct(p.id)).toBeDefined();
    expect((await call('DELETE', url, admin.cookie)).statusCode).toBe(204);
    expect(await readProduct(p.id)).toBeUndefined();
    const again = await call('DELETE', url, admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(m.notFound);
  });
});
