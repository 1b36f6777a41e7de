import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type MediaExtension, mediaMimeTypes, uploadLimits } from '../../../contract/media.ts';
import { EncoderExited, encodeInWorker } from './encoder-pool.ts';

/** Raster formats a browser sends as a photo or screenshot. SVG is refused on purpose: it can carry script. */
export const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Formats decoded whole before scaling (no shrink-on-load): a lower pixel cap (contract/media.ts). */
const LOSSLESS_FORMATS = new Set(['png', 'gif', 'tiff']);

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
    const ext: MediaExtension = meta.format === 'png' && pixels <= KEEP_PNG_MAX_PIXELS ? 'png' : 'webp';
    // The pixels are decoded and encoded in a low-priority process of their own (encoder-pool.ts).
    const out = await encodeInWorker({
      input,
      ext,
      maxInputPixels: uploadLimits.maxInputPixels,
      maxDimension: uploadLimits.maxDimension,
    });
    if (!out.ok) return { ok: false, reason: out.pixelLimit ? 'tooManyPixels' : 'notAnImage' };
    const data = Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength);
    return {
      ok: true,
      image: {
        data,
        ext,
        mime: mediaMimeTypes[ext],
        width: out.width,
        height: out.height,
        sha256: createHash('sha256').update(data).digest('hex'),
      },
    };
  } catch (err) {
    if (err instanceof EncoderExited) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      return { ok: false, reason: 'tooManyPixels' };
    return { ok: false, reason: 'notAnImage' };
  } finally {
    release?.();
  }
}
