import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stockMessages as st } from '../../../contract/messages.ts';
import { auditLog } from '../../db/schema/index.ts';
import {
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildSignedInUser,
} from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * Issue 36, finding "Staff actions without audit records": 10 of 16 staff actions tried left no record, among
 * them a moderator changing another seller's price from 10 to 99,999 and setting its stock to 9,999.
 */

let t: TestApp;
let admin: Member;
let moderator: Member;
moneySuite((s) => {
  ({ t, admin, moderator } = s);
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: { cookie } });
const records = (targetId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

const keyListingBody = {
  title: 'Valorant external',
  game: 'Valorant',
  type: 'cheat',
  features: 'ESP',
  requirements: 'Windows 11',
  description: 'An external ESP that reads nothing it should not.',
  contentLink: 'https://files.example.com/loader.zip',
  price: 40,
  deliveryKind: 'keys',
  keys: 'K-1\nK-2',
};

describe('staff actions on what others own are audited', () => {
  it('a moderator editing and deleting a seller’s listing; the seller’s own edit is not recorded', async () => {
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id, price: 10 });
    const edit = { title: listing.title, description: listing.description, price: 99_999, imageUrl: null };
    expect((await call('PATCH', `/api/v1/listings/${listing.id}`, moderator.cookie, edit)).statusCode).toBe(
      200,
    );
    const [record] = await records(listing.id, 'listing.edit');
    expect(record).toMatchObject({ actorId: moderator.id, before: { price: 10 }, after: { price: 99_999 } });

    expect(
      (await call('PATCH', `/api/v1/listings/${listing.id}`, seller.cookie, { ...edit, price: 12 }))
        .statusCode,
    ).toBe(200);
    expect(await records(listing.id, 'listing.edit')).toHaveLength(1);

    expect((await call('DELETE', `/api/v1/listings/${listing.id}`, moderator.cookie)).statusCode).toBe(204);
    expect(await records(listing.id, 'listing.delete')).toMatchObject([
      { actorId: moderator.id, before: { price: 12, sellerId: seller.id } },
    ]);
  });

  it('an admin pinning and deleting a listing', async () => {
    const seller = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id });
    expect(
      (await call('PUT', `/api/v1/admin/listings/${listing.id}/pin`, admin.cookie, { isPinned: true }))
        .statusCode,
    ).toBe(200);
    expect(await records(listing.id, 'listing.pin')).toHaveLength(1);
    expect((await call('DELETE', `/api/v1/admin/listings/${listing.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await records(listing.id, 'listing.admin_delete')).toMatchObject([
      { before: { sellerId: seller.id } },
    ]);
  });

  it('staff may not add keys to a seller’s listing; withdrawing them and setting stock are recorded', async () => {
    const seller = await buildSignedInUser(t);
    const made = await call('POST', '/api/v1/listings', seller.cookie, keyListingBody);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const upload = await call('POST', `/api/v1/listings/${id}/keys`, moderator.cookie, { keys: 'K-3' });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().error.message).toBe(st.onlySellerKeys);
    expect(
      (await call('POST', `/api/v1/listings/${id}/keys`, seller.cookie, { keys: 'K-3' })).statusCode,
    ).toBe(200);

    const threshold = await call('PUT', `/api/v1/listings/${id}/stock`, moderator.cookie, {
      lowStockThreshold: 2,
    });
    expect(threshold.statusCode, threshold.body).toBe(200);
    expect(await records(id, 'listing.stock')).toMatchObject([
      { actorId: moderator.id, after: { lowStockThreshold: 2 } },
    ]);
    expect((await call('DELETE', `/api/v1/listings/${id}/keys`, moderator.cookie)).statusCode).toBe(200);
    expect(await records(id, 'listing.keys_withdraw')).toMatchObject([
      { actorId: moderator.id, after: { withdrawn: 3 } },
    ]);
  });

  it('a moderator deleting a member’s thread; an admin creating and deleting a category', async () => {
    const author = await buildSignedInUser(t);
    const category = await buildForumCategory(t);
    const thread = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    expect(
      (await call('DELETE', `/api/v1/forum/threads/${thread.id}`, moderator.cookie)).statusCode,
    ).toBeLessThan(300);
    expect(await records(thread.id, 'forum.thread.delete')).toMatchObject([
      { before: { userId: author.id } },
    ]);

    const own = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    expect((await call('DELETE', `/api/v1/forum/threads/${own.id}`, author.cookie)).statusCode).toBeLessThan(
      300,
    );
    expect(await records(own.id, 'forum.thread.delete')).toEqual([]);

    const created = await call('POST', '/api/v1/admin/forum/categories', admin.cookie, {
      name: `Audited ${Date.now()}`,
      description: 'A category made to be deleted.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const categoryId = created.json().id as string;
    expect(await records(categoryId, 'forum.category.create')).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/v1/admin/forum/categories/${categoryId}`, admin.cookie)).statusCode,
    ).toBeLessThan(300);
    expect(await records(categoryId, 'forum.category.delete')).toHaveLength(1);
  });
});
