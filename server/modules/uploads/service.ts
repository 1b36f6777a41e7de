import { type MediaExtension, mediaMimeTypes } from '../../../contract/media.ts';
import { uploadMessages } from '../../../contract/messages.ts';
import type { UploadedImage } from '../../../contract/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { reencodeImage } from './image.ts';
import { findUploadData, insertUpload } from './queries.ts';

export const mediaUrlFor = (id: string, mime: string) =>
  `/media/${id}.${mime === mediaMimeTypes.png ? 'png' : 'webp'}`;

const notAnImage = () =>
  new AppError('VALIDATION', uploadMessages.notAnImage, { file: uploadMessages.notAnImage });

export async function uploadImage(db: Db, viewer: Viewer, file: Buffer): Promise<UploadedImage> {
  const result = await reencodeImage(file);
  if (!result.ok) {
    if (result.reason === 'tooManyPixels')
      throw new AppError('VALIDATION', uploadMessages.tooManyPixels, { file: uploadMessages.tooManyPixels });
    throw notAnImage();
  }
  const row = await insertUpload(db, viewer.id, result.image);
  return { ...row, url: mediaUrlFor(row.id, row.mime) };
}

const MEDIA_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webp|png)$/;

/** Uploaded images are public, like the threads, posts and listings that show them. */
export async function getMedia(db: Db, file: string): Promise<{ data: Buffer; mime: string }> {
  const match = MEDIA_FILE.exec(file);
  const mime = match ? mediaMimeTypes[match[2] as MediaExtension] : undefined;
  const data = match && mime ? await findUploadData(db, match[1]!, mime) : undefined;
  if (!data || !mime) throw new AppError('NOT_FOUND', uploadMessages.notFound);
  return { data, mime };
}
