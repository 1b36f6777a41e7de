import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyedRows, keyset } from '../../db/cursor.ts';
import { products } from '../../db/schema/index.ts';
import { containing } from '../../db/search.ts';
import { insertRow } from '../../db/sql.ts';

export type ProductRow = typeof products.$inferSelect;
/** Pinned first, then newest: products_order_idx / products_status_order_idx. */
export const productKeyset = keyset(
  { column: products.isPinned, kind: 'bool', dir: 'desc' },
  { column: products.createdAt, kind: 'time', dir: 'desc' },
  { column: products.id, kind: 'uuid', dir: 'desc' },
);
export type ProductCursor = [pinned: boolean, createdAt: string, id: string];

export interface ProductFilter {
  status?: 'active' | 'inactive';
  q?: string;
  after?: ProductCursor;
  limit: number;
}

/** One page of the catalogue, pinned first then newest: one statement whatever the page size. */
export async function listProducts(db: Db, { status, q, after, limit }: ProductFilter) {
  const where: SQL[] = [];
  if (status) where.push(eq(products.status, status));
  if (q) where.push(containing(q, products.title, products.description));
  return keyedRows(db, products, productKeyset, where, after, limit);
}

export async function findProduct(db: Db | Tx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export function insertProduct(db: Db | Tx, values: typeof products.$inferInsert) {
  return insertRow(db, products, values);
}

/** `touch` marks a content edit (title, links, status...), shown as the product's last update; a pin is not. */
export async function updateProduct(
  db: Db | Tx,
  id: string,
  patch: Partial<typeof products.$inferInsert>,
  touch = true,
) {
  const [row] = await db
    .update(products)
    .set(touch ? { ...patch, updatedAt: sql`now()` } : patch)
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(db: Db | Tx, id: string) {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}
