import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { escapeHtml } from './head.ts';

/** What a generated card image shows: a kicker (category or game), a title, and two facts under it. */
export interface CardImageText {
  kicker: string;
  title: string;
  facts: string[];
}

/**
 * Words into lines of at most `width` characters (DejaVu Sans averages about 0.58 em a character), at most
 * `lines` of them, the last ending in an ellipsis when the text goes on.
 */
export function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
    else {
      out.push(line);
      line = piece;
      if (out.length === lines) break;
    }
  }
  if (out.length < lines && line) out.push(line);
  const consumed = out.join(' ').length;
  if (consumed < text.trim().replace(/\s+/g, ' ').length && out.length === lines) {
    const last = out[lines - 1]!;
    out[lines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  }
  return out;
}

/** The card as SVG: text only through escapeHtml (XML-safe), fonts the system's DejaVu Sans. */
export function cardSvg(text: CardImageText): string {
  const title = wrap(text.title, 25, 3);
  const titleTop = 230;
  const tspans = title
    .map((line, i) => `<tspan x="80" y="${titleTop + i * 84}">${escapeHtml(line)}</tspan>`)
    .join('');
  const facts = text.facts
    .slice(0, 2)
    .map((fact) => escapeHtml(fact.length > 40 ? `${fact.slice(0, 39)}…` : fact))
    .join('   ·   ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#111827"/><stop offset="1" stop-color="#312E81"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <rect x="0" y="0" width="16" height="630" fill="#6366F1"/>
  <text x="80" y="120" font-family="DejaVu Sans" font-size="34" fill="#A5B4FC">${escapeHtml(wrap(text.kicker, 50, 1)[0] ?? '')}</text>
  <text font-family="DejaVu Sans" font-weight="bold" font-size="68" fill="#F9FAFB">${tspans}</text>
  <text x="80" y="520" font-family="DejaVu Sans" font-size="38" fill="#E5E7EB">${facts}</text>
  <text x="1120" y="580" text-anchor="end" font-family="DejaVu Sans" font-weight="bold" font-size="32" fill="#818CF8">CheatMarket</text>
</svg>`;
}

/** Rendered images by the hash of their SVG: the same text is drawn once, an edit draws anew. */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 256;
/** Images being drawn at once per instance: a crawler asking for thousands queues instead of taking every core. */
const MAX_RENDERS = 2;
let rendering = 0;

export class CardImageBusy extends Error {}

export interface RenderedCard {
  png: Buffer;
  etag: string;
}

export async function renderCardImage(text: CardImageText): Promise<RenderedCard> {
  const svg = cardSvg(text);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const hit = cache.get(etag);
  if (hit) {
    cache.delete(etag);
    cache.set(etag, hit);
    return { png: hit, etag };
  }
  if (rendering >= MAX_RENDERS) throw new CardImageBusy();
  rendering++;
  try {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    cache.set(etag, png);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return { png, etag };
  } finally {
    rendering--;
  }
}
