import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Accept multipart bodies in the calling plugin only (encapsulated): one file of at most `fileSize` bytes and
 * hardly anything else, so a form cannot make the server buffer more than one image.
 */
export async function acceptOneFile(app: FastifyInstance, fileSize: number) {
  await app.register(multipart, { limits: { fileSize, files: 1, fields: 2, parts: 3, headerPairs: 50 } });
}

/**
 * The uploaded file's bytes. Too large: 413 with `tooLarge`; anything else wrong with the form (not multipart,
 * truncated, too many parts) or no file at all: bad input with `notAnImage`. Both name `field`.
 */
export async function uploadedFile(
  request: FastifyRequest,
  field: string,
  texts: { tooLarge: string; notAnImage: string },
): Promise<Buffer> {
  const notAnImage = () => new AppError('VALIDATION', texts.notAnImage, { [field]: texts.notAnImage });
  let file: Buffer | undefined;
  try {
    const part = await request.file();
    file = await part?.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', texts.tooLarge, { [field]: texts.tooLarge });
    }
    request.log.info({ code, field }, 'unreadable upload');
    throw notAnImage();
  }
  if (!file?.length) throw notAnImage();
  return file;
}

/** How long browsers and shared caches keep a /media image before asking again (issue 36). */
export const MEDIA_MAX_AGE_SECONDS = 3600;

/**
 * An uploaded image (`/media`), which staff may delete: kept an hour by browsers and proxies, then revalidated
 * with its ETag (the stored bytes' SHA-256), answered 304 without the bytes while it still exists.
 */
export function sendMediaImage(
  request: FastifyRequest,
  reply: FastifyReply,
  mime: string,
  data: Buffer | undefined,
  sha256: string,
) {
  reply
    .header('cache-control', `public, max-age=${MEDIA_MAX_AGE_SECONDS}`)
    .header('etag', `"${sha256}"`)
    .header('x-content-type-options', 'nosniff');
  if (data === undefined || hasCopy(request, sha256)) return reply.status(304).send();
  return reply.header('content-type', mime).header('content-disposition', 'inline').send(data);
}

/** Whether the request's If-None-Match names these bytes (the ETag is their SHA-256): a 304 will do. */
export function hasCopy(request: FastifyRequest, sha256: string) {
  const match = request.headers['if-none-match'];
  return Boolean(match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${sha256}"`));
}

/** Image bytes whose address never changes (avatars: a new one gets a new id): kept for a year. */
export function sendImmutableImage(reply: FastifyReply, mime: string, data: Buffer) {
  return reply
    .header('content-type', mime)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(data);
}
