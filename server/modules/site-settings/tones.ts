import type { ThemeTones } from '../../../contract/site.ts';

/**
 * WCAG AA (4.5:1) tones of an admin's primary colour. The colour itself is a free choice (#0EA5E9 is a fine
 * brand colour), but white text on it, or it as text on the app's surfaces, may not be readable. So the app
 * paints with tones derived here: the least darkening (behind white text, and as text on light surfaces) or
 * lightening (as text on dark surfaces) that reaches the ratio. The surfaces are the least contrasting ones
 * of web/styles.css (--cm-surface-2 of each theme).
 */
const MIN_RATIO = 4.5;
const WHITE = [255, 255, 255] as const;
const LIGHT_SURFACE = [0xee, 0xf0, 0xf7] as const;
const DARK_SURFACE = [0x1a, 0x1e, 0x34] as const;

type Rgb = readonly [number, number, number];

export const rgbOf = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Rgb, b: Rgb) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (from: Rgb, to: Rgb, t: number): Rgb =>
  from.map((c, i) => Math.round(c + ((to[i] as number) - c) * t)) as unknown as Rgb;

/** `from` moved toward `to` by at least `least`, in 2 % steps, until it reads against `against`. */
function readableTone(from: Rgb, to: Rgb, against: Rgb, least: number) {
  for (let t = least; t < 1; t += 0.02) {
    const tone = mix(from, to, t);
    if (contrastRatio(tone, against) >= MIN_RATIO) return hexOf(tone);
  }
  return hexOf(to);
}

/** The start amounts keep the default #6366F1 looking as designed (a slightly deeper fill, a darker text). */
export function themeTones(primaryColor: string): ThemeTones {
  const primary = rgbOf(primaryColor);
  const black = [0, 0, 0] as const;
  return {
    primaryFill: readableTone(primary, black, WHITE, 0.1),
    primaryText: readableTone(primary, black, LIGHT_SURFACE, 0.18),
    primaryTextDark: readableTone(primary, WHITE, DARK_SURFACE, 0.32),
  };
}
