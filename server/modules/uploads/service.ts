import { type MediaExtension, mediaMimeTypes } from '../../../contract/media.ts';
import { messages, uploadMessages } from '../../../contract/messages.ts';
import type { UploadedImage } from '../../../contract/uploads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { can, ensure } from '../../policy.ts';
import { audit } from '../audit/service.ts';
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
    return q.insertUpload(tx, viewer.id, image);
  });
  return { ...row, url: mediaUrlFor(row.id, row.mime) };
}

const MEDIA_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webp|png)$/;

/** Uploaded images are public, like the threads, posts and listings that show them. */
export async function getMedia(
  db: Db,
  file: string,
): Promise<{ data: Buffer; mime: string; sha256: string }> {
  const match = MEDIA_FILE.exec(file);
  const mime = match ? mediaMimeTypes[match[2] as MediaExtension] : undefined;
  const row = match && mime ? await q.findUploadData(db, match[1]!, mime) : undefined;
  if (!row || !mime) throw new AppError('NOT_FOUND', uploadMessages.notFound);
  return { data: row.data, mime, sha256: row.sha256 };
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
export async function deleteUploadAsStaff(db: Db, viewer: Viewer, id: string): Promise<{ id: string }> {
  ensure(can.moderate(viewer), messages.forbidden);
  return db.transaction(async (tx) => {
    const row = await q.deleteUpload(tx, id);
    if (!row) throw new AppError('NOT_FOUND', uploadMessages.notFound);
    const cleared = await q.clearImageFields(tx, mediaUrlFor(row.id, row.mime));
    await audit(tx, {
      actorId: viewer.id,
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
    return { id: row.id };
  });
}

/** Uploads nothing used within a day are deleted, in batches; how many. */
export async function sweepUnreferenced(db: Db, now = new Date(), batch = 500): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await q.deleteUnreferenced(db, before, batch);
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}
