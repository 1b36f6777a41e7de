import { randomUUID } from 'node:crypto';
import { type MediaExtension, mediaMimeTypes } from '../../../contract/media.ts';
import { messages, uploadMessages } from '../../../contract/messages.ts';
import type { UploadedImage } from '../../../contract/uploads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
import { type MediaBucket, uploadKey } from './bucket.ts';
import type { ReencodeGate } from './gate.ts';
import { reencodeImage } from './image.ts';
import * as q from './queries.ts';

export const mediaUrlFor = (id: string, mime: string) =>
  `/media/${id}.${mime === mediaMimeTypes.png ? 'png' : 'webp'}`;

/** What an upload needs besides the database: this instance's re-encode slots and the member's quota. */
export interface UploadDeps {
  db: Db;
  gate: ReencodeGate;
  /** Seconds a member refused by a full gate is told to wait. */
  retryAfterSeconds: number;
  /** Bytes a member may store in any 24 hours; 0: no quota. */
  dailyBytes: number;
  /** Where new images go when S3 is configured; undefined: into the database. */
  bucket?: MediaBucket;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const notAnImage = () =>
  new AppError('VALIDATION', uploadMessages.notAnImage, { file: uploadMessages.notAnImage });

/** "48.2 MB": the quota's figures as a member reads them. */
function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * Refuses with 429 when `adding` more bytes would take the member past the daily quota; Retry-After is when
 * the oldest upload of the window leaves it.
 */
async function ensureUnderQuota(db: Db | Tx, deps: UploadDeps, userId: string, adding: number) {
  if (deps.dailyBytes === 0) return;
  const now = Date.now();
  const used = await q.uploadedSince(db, userId, new Date(now - DAY_MS));
  if (used.bytes + adding <= deps.dailyBytes && used.bytes < deps.dailyBytes) return;
  const freedAt = used.oldest ? used.oldest.getTime() + DAY_MS : now + DAY_MS;
  const message = uploadMessages.dailyQuota(formatBytes(used.bytes), formatBytes(deps.dailyBytes));
  throw new AppError(
    'RATE_LIMITED',
    message,
    { file: message },
    { 'retry-after': String(Math.max(1, Math.ceil((freedAt - now) / 1000))) },
  );
}

/**
 * Re-encodes and stores a member's image (decision 023). A member already at their quota is refused before
 * any decoding; a full gate answers 503 at once (once the header is read: a file refused from it is not kept
 * waiting); the quota is checked again, exactly, against the encoded size
 * under a per-member lock, so parallel uploads cannot pass it together. The same bytes again are the same row
 * and cost nothing.
 */
export async function uploadImage(deps: UploadDeps, viewer: Viewer, file: Buffer): Promise<UploadedImage> {
  await ensureUnderQuota(deps.db, deps, viewer.id, 0);
  const result = await reencodeImage(file, () => deps.gate.tryAcquire());
  if (!result.ok) {
    if (result.reason === 'busy')
      throw new AppError('UNAVAILABLE', uploadMessages.busy, undefined, {
        'retry-after': String(deps.retryAfterSeconds),
      });
    if (result.reason === 'notAnImage') throw notAnImage();
    const message = uploadMessages[result.reason];
    throw new AppError('VALIDATION', message, { file: message });
  }
  const image = result.image;
  const row = await deps.db.transaction(async (tx) => {
    await q.lockMemberUploads(tx, viewer.id);
    const existing = await q.findOwnUpload(tx, viewer.id, image.sha256);
    if (existing) return existing;
    await ensureUnderQuota(tx, deps, viewer.id, image.data.length);
    if (!deps.bucket) return q.insertUpload(tx, viewer.id, image);
    // Put before the row exists, under the member's lock: a row always has its object. A put whose row then
    // fails to commit leaves an object nothing names (the bucket's lifecycle rules can expire those).
    const id = randomUUID();
    await deps.bucket.put(uploadKey(id, image.mime), image.data, image.mime);
    return q.insertUpload(tx, viewer.id, image, { id, inBucket: true });
  });
  return { ...row, url: mediaUrlFor(row.id, row.mime) };
}

const MEDIA_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webp|png)$/;

/**
 * Uploaded images are public, like the threads, posts and listings that show them. An image in the bucket is
 * read through (or, behind a CDN, its public address is given): the row decides, so a taken-down image is gone
 * either way. The bucket is read only when the caller's copy (its ETag) is not already this one.
 */
export async function getMedia(
  db: Db,
  bucket: MediaBucket | undefined,
  file: string,
  hasCopy: (sha256: string) => boolean = () => false,
): Promise<
  { mime: string; sha256: string } & ({ data: Buffer } | { redirect: string } | { notModified: true })
> {
  const match = MEDIA_FILE.exec(file);
  const mime = match ? mediaMimeTypes[match[2] as MediaExtension] : undefined;
  const row = match && mime ? await q.findUploadData(db, match[1]!, mime) : undefined;
  if (!row || !mime) throw new AppError('NOT_FOUND', uploadMessages.notFound);
  const found = { mime, sha256: row.sha256 };
  if (row.data) return { ...found, data: row.data };
  if (!bucket) throw new Error(`upload ${match![1]} is in the S3 bucket, and S3_* is not set`);
  const key = uploadKey(match![1]!, mime);
  if (bucket.publicUrl) return { ...found, redirect: `${bucket.publicUrl}/${key}` };
  if (hasCopy(row.sha256)) return { ...found, notModified: true };
  const data = await bucket.get(key);
  if (!data) throw new AppError('NOT_FOUND', uploadMessages.notFound);
  return { ...found, data };
}

const MEDIA_ADDRESS =
  /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:webp|png)/g;

/** Every `/media/<id>.<ext>` address in these texts (Markdown bodies, image fields), each id once, in order. */
function mediaAddressesIn(...texts: (string | null | undefined)[]): { id: string; url: string }[] {
  const found = new Map<string, string>();
  for (const text of texts)
    if (text) for (const m of text.matchAll(MEDIA_ADDRESS)) if (!found.has(m[1]!)) found.set(m[1]!, m[0]);
  return [...found].map(([id, url]) => ({ id, url }));
}

/**
 * Content that shows images was saved: the uploads it names are in use and the sweep keeps them. Call it in
 * the transaction (or right after the statement) that writes a body or an image field, with those texts.
 */
export async function markReferenced(tx: Db | Tx, ...texts: (string | null | undefined)[]) {
  await q.setReferenced(
    tx,
    mediaAddressesIn(...texts).map((a) => a.id),
  );
}

/**
 * Staff take an image down everywhere: the stored bytes are deleted (`/media/<id>` answers 404 from then on)
 * and the post, listing and product image fields showing it are emptied; audited with the uploader and size.
 */
export async function deleteUploadAsStaff(
  db: Db,
  bucket: MediaBucket | undefined,
  viewer: Viewer,
  id: string,
): Promise<{ id: string }> {
  ensure(canModerate(viewer), messages.forbidden);
  const deleted = await db.transaction(async (tx) => {
    const row = await q.deleteUpload(tx, id);
    if (!row) throw new AppError('NOT_FOUND', uploadMessages.notFound);
    const cleared = await q.clearImageFields(tx, mediaUrlFor(row.id, row.mime));
    await audit(tx, viewer, {
      action: 'upload.delete',
      targetType: 'upload',
      targetId: row.id,
      before: {
        userId: row.userId,
        mime: row.mime,
        bytes: row.bytes,
        sha256: row.sha256,
        createdAt: row.createdAt.toISOString(),
      },
      after: { deleted: true, cleared },
    });
    return row;
  });
  // After the commit: the row is gone, so /media already answers 404 whatever the bucket still holds.
  if (deleted.inBucket) await bucket?.delete([uploadKey(deleted.id, deleted.mime)]);
  return { id: deleted.id };
}

/** Uploads nothing used within a day are deleted, in batches; how many. */
export async function sweepUnreferenced(
  db: Db,
  bucket: MediaBucket | undefined,
  now = new Date(),
  batch = 500,
): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await q.deleteUnreferenced(db, before, batch);
    const objects = deleted.filter((d) => d.inBucket).map((d) => uploadKey(d.id, d.mime));
    if (objects.length) await bucket?.delete(objects);
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}
