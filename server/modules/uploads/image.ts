import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type MediaExtension, mediaMimeTypes, uploadLimits } from '../../../contract/media.ts';

/** Raster formats a browser sends as a photo or screenshot. SVG is refused on purpose: it can carry script. */
export const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Formats decoded whole before scaling (no shrink-on-load): a lower pixel cap (contract/media.ts). */
const LOSSLESS_FORMATS = new Set(['png', 'gif', 'tiff']);

/**
 * One libvips thread per image (issue 36): each re-encode already holds one libuv pool thread, and the upload
 * gate (gate.ts) bounds how many run, so an image never spreads over every core beside sign-in's hashing.
 * The setting is process-wide (avatars too).
 */
sharp.concurrency(1);

/** A PNG this small stays PNG (lossless: screenshots of code stay sharp); anything larger becomes WebP. */
const KEEP_PNG_MAX_PIXELS = 512 * 512;

export type ReencodedImage = {
  data: Buffer;
  ext: MediaExtension;
  mime: string;
  width: number;
  height: number;
  sha256: string;
};

export type ReencodeResult =
  | { ok: true; image: ReencodedImage }
  | { ok: false; reason: 'notAnImage' | 'tooManyPixels' | 'tooManyPixelsLossless' | 'busy' };

/** A re-encode slot (gate.ts): its release, or undefined when none is free. Without one, always admitted. */
type Admit = () => (() => void) | undefined;

/**
 * Decodes the upload as a raster image and encodes a new file from its pixels: orientation applied, scaled
 * to fit `maxDimension`, no metadata (EXIF, GPS, ICC comments), first frame only. What we store and serve is
 * always an image we made, never the member's bytes, so a polyglot (an image with HTML or a script appended
 * or hidden in a chunk) loses everything but its pixels.
 */
export async function reencodeImage(input: Buffer, admit: Admit = () => () => {}): Promise<ReencodeResult> {
  let release: (() => void) | undefined;
  try {
    // limitInputPixels guards the decoder against decompression bombs; failOn 'error' refuses broken files.
    const image = sharp(input, {
      limitInputPixels: uploadLimits.maxInputPixels,
      failOn: 'error',
      animated: false,
    });
    const meta = await image.metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format)) return { ok: false, reason: 'notAnImage' };
    // The header's size, checked before any pixel is decoded.
    const pixels = meta.width * meta.height;
    if (pixels > uploadLimits.maxInputPixels) return { ok: false, reason: 'tooManyPixels' };
    if (LOSSLESS_FORMATS.has(meta.format) && pixels > uploadLimits.maxLosslessInputPixels)
      return { ok: false, reason: 'tooManyPixelsLossless' };
    // Only now, the header read and accepted, does the decoding take one of the instance's slots: a file
    // refused from its header (the review's 36-megapixel PNG) never waits for one or fills one.
    release = admit();
    if (!release) return { ok: false, reason: 'busy' };
    const fitted = image.rotate().resize({
      width: uploadLimits.maxDimension,
      height: uploadLimits.maxDimension,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const ext: MediaExtension = meta.format === 'png' && pixels <= KEEP_PNG_MAX_PIXELS ? 'png' : 'webp';
    const encoded =
      ext === 'png' ? fitted.png({ compressionLevel: 9 }) : fitted.webp({ quality: 82, effort: 4 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: {
        data,
        ext,
        mime: mediaMimeTypes[ext],
        width: info.width,
        height: info.height,
        sha256: createHash('sha256').update(data).digest('hex'),
      },
    };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      return { ok: false, reason: 'tooManyPixels' };
    return { ok: false, reason: 'notAnImage' };
  } finally {
    release?.();
  }
}
