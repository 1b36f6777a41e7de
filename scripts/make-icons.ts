/**
 * Draws the installable app's icons (web/public/icons) from the favicon's design: `any` icons with the rounded
 * tile, and a maskable one whose mark sits inside the 80 % safe zone on a full-bleed background. Run once
 * when the design changes (`node scripts/make-icons.ts`); the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const mark =
  '<path d="M10 16a6 6 0 0 1 10.2-4.3M22 16a6 6 0 0 1-10.2 4.3" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><circle cx="16" cy="16" r="2" fill="#fff"/>';
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366F1"/><stop offset="1" stop-color="#4F46E5"/></linearGradient></defs>';
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${gradient}<rect width="32" height="32" rx="8" fill="url(#g)"/>${mark}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${gradient}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${mark}</g></svg>`;

const out = 'web/public/icons';
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(tile), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}/icon-${size}.png`);
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 32 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(`${out}/maskable-512.png`);
await sharp(Buffer.from(tile), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .flatten({ background: '#4F46E5' })
  .png({ compressionLevel: 9 })
  .toFile(`${out}/apple-touch-icon.png`);
