import sharp from 'sharp';
import { RASTER_FORMATS } from '../uploads/image.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Decodes the upload as a raster image and re-encodes it as a 256x256 WebP (centre crop, no metadata),
 * so what we serve is always an image we made, never the member's bytes. Null when it is not an image.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  try {
    // limitInputPixels guards against decompression bombs; failOn 'error' rejects broken files.
    const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format)) return null;
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
