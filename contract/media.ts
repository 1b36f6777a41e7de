/**
 * Images members upload (issue 17 item 3, decision 023): re-encoded by the server and served from our own
 * origin under /media, the only image addresses pages show in an <img>. No zod in this module: image cards
 * on a visitor's first screen check addresses with `isMediaPath`, and taking it from a schema module pulled
 * the whole zod chunk into that screen (the upload's response schema is in uploads.ts).
 */
export const uploadLimits = {
  /** Largest file accepted, before decoding. */
  maxBytes: 8 * 1024 * 1024,
  /** Largest image accepted (width x height as the file declares it), a guard against decompression bombs. */
  maxInputPixels: 40_000_000,
  /**
   * Largest PNG, GIF or TIFF (issue 36). JPEG and WebP decode straight to a fraction of their size when they
   * are scaled down (shrink-on-load), so a 40-megapixel photo costs little; these formats are inflated whole,
   * on one thread, before anything is scaled: a 36-megapixel PNG held a thread for seconds and 144 MB of
   * memory. 16 megapixels still takes a 5K screenshot (14.7) or a 1440 × 11,000 full-page capture.
   */
  maxLosslessInputPixels: 16_000_000,
  /** Longest side kept; larger images are scaled down to fit. */
  maxDimension: 2000,
} as const;

export const mediaExtensions = ['webp', 'png'] as const;
export type MediaExtension = (typeof mediaExtensions)[number];
export const mediaMimeTypes: Record<MediaExtension, string> = { webp: 'image/webp', png: 'image/png' };

/** `/media/<uuid>.webp` or `.png`: an image this site stored. Nothing else is ever put in an <img>. */
export const MEDIA_PATH =
  /^\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:webp|png)$/;
export const isMediaPath = (value: string | null | undefined): value is string =>
  typeof value === 'string' && MEDIA_PATH.test(value);
