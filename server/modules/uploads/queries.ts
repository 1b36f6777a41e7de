import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { marketplaceListings, products, socialPosts, uploads } from '../../db/schema/index.ts';
import { lockKey } from '../../db/sql.ts';
import type { ReencodedImage } from './image.ts';

const described = { id: uploads.id, mime: uploads.mime, width: uploads.width, height: uploads.height };

/** The member's row for these bytes (a paste twice, a retry), if they stored them before. */
export async function findOwnUpload(db: Db | Tx, userId: string, sha256: string) {
  const [existing] = await db
    .select(described)
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.sha256, sha256)));
  return existing;
}

/**
 * Stores the image, or answers the member's existing row for the same bytes: the unique (user_id, sha256)
 * index decides, so two racing requests still leave one row. `bytes` is what the daily quota counts.
 */
/** A new upload; `inBucket`: its bytes were put in the S3 bucket under this `id` (the row keeps none). */
export async function insertUpload(
  db: Db | Tx,
  userId: string,
  image: ReencodedImage,
  stored: { id?: string; inBucket?: boolean } = {},
) {
  const [inserted] = await db
    .insert(uploads)
    .values({
      ...(stored.id ? { id: stored.id } : {}),
      userId,
      sha256: image.sha256,
      mime: image.mime as 'image/webp' | 'image/png',
      width: image.width,
      height: image.height,
      data: stored.inBucket ? null : image.data,
      bytes: image.data.length,
    })
    .onConflictDoNothing({ target: [uploads.userId, uploads.sha256] })
    .returning(described);
  return inserted ?? (await findOwnUpload(db, userId, image.sha256))!;
}

/**
 * What the member stored in the last 24 hours, and when the oldest of it leaves that window
 * (uploads_user_created_idx).
 */
export async function uploadedSince(db: Db | Tx, userId: string, since: Date) {
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`.mapWith(Number),
      oldest: sql<Date | null>`min(${uploads.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since)));
  return { bytes: row?.bytes ?? 0, oldest: row?.oldest ?? null };
}

/** Serializes one member's uploads for the rest of the transaction (the quota's check and insert). */
export async function lockMemberUploads(tx: Tx, userId: string) {
  await lockKey(tx, `uploads:${userId}`);
}

export async function findUploadData(db: Db, id: string, mime: string) {
  const [row] = await db
    .select({ data: uploads.data, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.mime, mime as 'image/webp' | 'image/png')));
  return row;
}

/** Deletes one upload; its owner, size and kind for the audit record, or undefined when there was none. */
export async function deleteUpload(tx: Tx, id: string) {
  const [row] = await tx
    .delete(uploads)
    .where(eq(uploads.id, id))
    .returning({
      id: uploads.id,
      inBucket: sql<boolean>`${uploads.data} is null`,
      userId: uploads.userId,
      mime: uploads.mime,
      bytes: uploads.bytes,
      sha256: uploads.sha256,
      createdAt: uploads.createdAt,
    });
  return row;
}

/** Empties the image fields that show `url` (posts, listings, products); how many of each. */
export async function clearImageFields(tx: Tx, url: string) {
  const cleared = async (table: typeof socialPosts | typeof marketplaceListings | typeof products) =>
    (
      await tx
        .update(table)
        .set({ imageUrl: null })
        .where(eq(table.imageUrl, url))
        .returning({ id: table.id })
    ).length;
  return {
    posts: await cleared(socialPosts),
    listings: await cleared(marketplaceListings),
    products: await cleared(products),
  };
}

/**
 * Marks uploads as used by saved content: one UPDATE, only rows not yet marked (a sweep never takes them).
 */
export async function setReferenced(tx: Db | Tx, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(uploads)
    .set({ referencedAt: sql`now()` })
    .where(and(inArray(uploads.id, ids), isNull(uploads.referencedAt)));
}

/**
 * Deletes up to `limit` uploads nothing used and made before `before` (uploads_unreferenced_idx); their ids.
 */
export async function deleteUnreferenced(db: Db, before: Date, limit: number) {
  const batch = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.referencedAt), lt(uploads.createdAt, before)))
    .orderBy(uploads.createdAt)
    .limit(limit);
  return db
    .delete(uploads)
    .where(inArray(uploads.id, batch))
    .returning({ id: uploads.id, mime: uploads.mime, inBucket: sql<boolean>`${uploads.data} is null` });
}

/** Images still held in the database, by id after `afterId`: the migration to the bucket's next batch. */
export async function uploadsInDatabase(db: Db, afterId: string, limit: number) {
  return db
    .select({ id: uploads.id, mime: uploads.mime, sha256: uploads.sha256, data: uploads.data })
    .from(uploads)
    .where(and(gt(uploads.id, afterId), isNotNull(uploads.data)))
    .orderBy(uploads.id)
    .limit(limit);
}

/** The image's bytes now live in the bucket: the row lets go of its copy (unless it changed meanwhile). */
export async function releaseUploadData(db: Db, id: string, sha256: string) {
  const done = await db
    .update(uploads)
    .set({ data: null })
    .where(and(eq(uploads.id, id), eq(uploads.sha256, sha256)))
    .returning({ id: uploads.id });
  return done.length === 1;
}
