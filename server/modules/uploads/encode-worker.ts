import { setPriority } from 'node:os';
import sharp from 'sharp';

/*
 * A re-encoding process (encoder-pool.ts starts it). It decodes and encodes one image at a time at the lowest
 * CPU priority, so the kernel gives the server's own work (sign-in's password hashing, requests, the
 * database) every cycle it wants first, and a flood of uploads only takes what is left (issue 36).
 * Self-contained on purpose: it loads sharp and nothing of the server.
 */

export interface EncodeRequest {
  id: number;
  input: Uint8Array;
  maxInputPixels: number;
  maxDimension: number;
  ext: 'png' | 'webp';
}

export type EncodeReply =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number }
  | { id: number; ok: false; pixelLimit: boolean };

setPriority(19);
sharp.concurrency(1);

async function encode(req: EncodeRequest): Promise<EncodeReply> {
  try {
    const fitted = sharp(req.input, {
      limitInputPixels: req.maxInputPixels,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .resize({ width: req.maxDimension, height: req.maxDimension, fit: 'inside', withoutEnlargement: true });
    const encoded =
      req.ext === 'png' ? fitted.png({ compressionLevel: 9 }) : fitted.webp({ quality: 82, effort: 4 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { id: req.id, ok: true, data, width: info.width, height: info.height };
  } catch (err) {
    return { id: req.id, ok: false, pixelLimit: err instanceof Error && /pixel limit/i.test(err.message) };
  }
}

process.on('message', (req: EncodeRequest) => {
  void encode(req).then((reply) => process.send?.(reply));
});
// The server went away (exit or crash): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
