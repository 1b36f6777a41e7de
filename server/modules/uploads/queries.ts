import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import type { ReencodedImage } from './image.ts';

const described = { id: uploads.id, mime: uploads.mime, width: uploads.width, height: uploads.height };

/**
 * Stores the image, or answers the member's existing row for the same bytes (a paste twice, a retry): the
 * unique (user_id, sha256) index decides, so two racing requests still leave one row.
 */
export async function insertUpload(db: Db, userId: string, image: ReencodedImage) {
  const [inserted] = await db
    .insert(uploads)
    .values({
      userId,
      sha256: image.sha256,
      mime: image.mime as 'image/webp' | 'image/png',
      width: image.width,
      height: image.height,
      data: image.data,
    })
    .onConflictDoNothing({ target: [uploads.userId, uploads.sha256] })
    .returning(described);
  if (inserted) return inserted;
  const [existing] = await db
    .select(described)
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.sha256, image.sha256)));
  return existing!;
}

export async function findUploadData(db: Db, id: string, mime: string) {
  const [row] = await db
    .select({ data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.mime, mime as 'image/webp' | 'image/png')));
  return row?.data;
}
