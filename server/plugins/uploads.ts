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

/** Image bytes whose address never changes: browsers and proxies may keep them for a year. */
export function sendImmutableImage(reply: FastifyReply, mime: string, data: Buffer) {
  return reply
    .header('content-type', mime)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(data);
}
