import { productMessages as m } from '../../../contract/messages.ts';
import {
  type AdminProduct,
  type Product,
  type ProductBody,
  type ProductStatus,
  productPageSize,
} from '../../../contract/products.ts';
import type { Db } from '../../db/client.ts';
import { unlessAll } from '../../db/cursor.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canAdminister, canModerate, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { markReferenced } from '../uploads/service.ts';
import * as q from './queries.ts';

function toAdminProduct(row: q.ProductRow): AdminProduct {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    salesUrl: row.salesUrl,
    status: row.status,
    isPinned: row.isPinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public shape: an inactive product does not sell, so its sales link is withheld. */
function toProduct(row: q.ProductRow): Product {
  const p = toAdminProduct(row);
  return { ...p, salesUrl: row.status === 'active' ? row.salesUrl : null };
}

async function page(
  db: Db,
  filter: { status?: ProductStatus; q?: string; cursor?: string },
): Promise<{ rows: q.ProductRow[]; nextCursor: string | null }> {
  const after = q.productKeyset.decode(filter.cursor);
  const found = await q.listProducts(db, {
    status: filter.status,
    q: filter.q,
    after,
    limit: productPageSize,
  });
  const { items, nextCursor } = q.productKeyset.page(
    found,
    productPageSize,
    (r) => [r.row.isPinned, r.createdAtKey, r.row.id],
    (r) => r.row,
  );
  return { rows: items, nextCursor };
}

/** The public catalogue (spec §2 Products): default active only; search on title and description. */
export async function listProducts(db: Db, query: { status: 'active' | 'all'; q?: string; cursor?: string }) {
  const { rows, nextCursor } = await page(db, {
    status: query.status === 'all' ? undefined : 'active',
    q: query.q,
    cursor: query.cursor,
  });
  return { items: rows.map(toProduct), nextCursor };
}

export async function getProduct(db: Db, id: string) {
  const row = orNotFound(await q.findProduct(db, id), m.notFound);
  return toProduct(row);
}

export async function listProductsForStaff(
  db: Db,
  viewer: Viewer,
  query: { status: 'all' | ProductStatus; q?: string; cursor?: string },
) {
  ensure(canModerate(viewer));
  const { rows, nextCursor } = await page(db, {
    status: unlessAll(query.status),
    q: query.q,
    cursor: query.cursor,
  });
  return { items: rows.map(toAdminProduct), nextCursor };
}

export async function createProduct(db: Db, viewer: Viewer, body: ProductBody) {
  // Product writes are admin only (spec §6); the message names the refused action.
  ensure(canAdminister(viewer), m.onlyAdminsCreate);
  return db.transaction(async (tx) => {
    const row = await q.insertProduct(tx, body);
    await markReferenced(tx, row.imageUrl);
    await audit(tx, viewer, {
      action: 'product.create',
      targetType: 'product',
      targetId: row.id,
      after: { title: row.title, status: row.status },
    });
    return toAdminProduct(row);
  });
}

/** One audited product change: the row before and after, in the same transaction. */
function changeProduct(
  db: Db,
  viewer: Viewer,
  id: string,
  action: string,
  patch: Partial<q.ProductRow>,
  touch = true,
  pick: (r: q.ProductRow) => object,
) {
  return db.transaction(async (tx) => {
    const before = orNotFound(await q.findProduct(tx, id), m.notFound);
    const row = await q.updateProduct(tx, id, patch, touch);
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    await markReferenced(tx, row.imageUrl);
    await audit(tx, viewer, {
      action,
      targetType: 'product',
      targetId: id,
      before: pick(before),
      after: pick(row),
    });
    return toAdminProduct(row);
  });
}

export async function editProduct(db: Db, viewer: Viewer, id: string, body: ProductBody) {
  ensure(canAdminister(viewer), m.onlyAdminsEdit);
  return changeProduct(db, viewer, id, 'product.update', body, true, (r) => ({
    title: r.title,
    description: r.description,
    imageUrl: r.imageUrl,
    salesUrl: r.salesUrl,
    status: r.status,
  }));
}

export async function setProductPinned(db: Db, viewer: Viewer, id: string, isPinned: boolean) {
  ensure(canAdminister(viewer), m.onlyAdminsPin);
  return changeProduct(
    db,
    viewer,
    id,
    isPinned ? 'product.pin' : 'product.unpin',
    { isPinned },
    false,
    (r) => ({
      isPinned: r.isPinned,
    }),
  );
}

export async function setProductStatus(db: Db, viewer: Viewer, id: string, status: ProductStatus) {
  ensure(canAdminister(viewer), m.onlyAdminsStatus);
  return changeProduct(db, viewer, id, 'product.status', { status }, true, (r) => ({ status: r.status }));
}

export async function removeProduct(db: Db, viewer: Viewer, id: string) {
  ensure(canAdminister(viewer), m.onlyAdminsDelete);
  await db.transaction(async (tx) => {
    const before = await q.findProduct(tx, id);
    if (!before || !(await q.deleteProduct(tx, id))) throw new AppError('NOT_FOUND', m.notFound);
    await audit(tx, viewer, {
      action: 'product.delete',
      targetType: 'product',
      targetId: id,
      before: { title: before.title, status: before.status },
    });
  });
}
