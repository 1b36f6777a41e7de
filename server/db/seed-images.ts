import sharp from 'sharp';
import { reencodeImage } from '../modules/uploads/image.ts';
import { insertUpload } from '../modules/uploads/queries.ts';
import { markReferenced, mediaUrlFor } from '../modules/uploads/service.ts';
import type { Db } from './client.ts';

/**
 * A cover image for a demo listing or product, so a fresh site's cards are not rows of one placeholder:
 * a gradient and a crosshair in the item's own hue, drawn here (no file shipped, nothing fetched) and stored
 * through the same re-encoding and table as a member's upload. Returns its /media address.
 */
export async function seedCover(db: Db, ownerId: string, index: number): Promise<string> {
  const hue = (index * 47 + 200) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,22%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},80%,45%)"/>
  </linearGradient></defs>
  <rect width="800" height="450" fill="url(#g)"/>
  <circle cx="${560 - (index % 3) * 90}" cy="${150 + (index % 2) * 120}" r="150" fill="hsl(${hue},90%,70%)" fill-opacity="0.12"/>
  <g stroke="hsl(${(hue + 30) % 360},95%,80%)" stroke-width="6" fill="none" stroke-opacity="0.85">
    <circle cx="400" cy="225" r="90"/><circle cx="400" cy="225" r="8" fill="hsl(${hue},95%,80%)"/>
    <path d="M400 95v70M400 285v70M270 225h70M460 225h70"/>
  </g>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const result = await reencodeImage(png);
  if (!result.ok) throw new Error(`demo cover ${index}: ${result.reason}`);
  const row = await insertUpload(db, ownerId, result.image);
  const url = mediaUrlFor(row.id, row.mime);
  // Shown by the demo item it is made for: never swept as unused.
  await markReferenced(db, url);
  return url;
}
