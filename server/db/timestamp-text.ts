/**
 * A `timestamp with time zone` as the row mapper decodes it: a Date like Drizzle's, which also keeps the text
 * PostgreSQL sent. Its ISO form is that text rearranged (`2026-01-12 13:46:30.5+00` → `2026-01-12T13:46:30.500Z`)
 * instead of V8's `toISOString`, which formats through the C library's printf: 210 ns a timestamp where the
 * parse and the format took 580 (decision 082). A page of listings has three per listing, and every response
 * carries its timestamps as ISO text. A Date changed after it was read, or text in any other form (a session
 * not in UTC, infinity, a year past 9999, BC), is formatted by V8 as before.
 */
export class TimestampFromText extends Date {
  readonly #text: string;
  readonly #time: number;

  constructor(text: string) {
    super(text);
    this.#text = text;
    this.#time = this.getTime();
  }

  override toISOString(): string {
    return (this.getTime() === this.#time && isoFromUtcText(this.#text)) || super.toISOString();
  }
}

/** `YYYY-MM-DD HH:MM:SS[.f…]+00` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (fractions cut to milliseconds, as Date does); else undefined. */
export function isoFromUtcText(text: string): string | undefined {
  const n = text.length;
  // 45 is '-', 32 ' ', 58 ':', 43 '+', 48 '0'.
  if (
    n < 22 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(n - 3) !== 43 ||
    text.charCodeAt(n - 2) !== 48 ||
    text.charCodeAt(n - 1) !== 48
  )
    return undefined;
  const day = text.slice(0, 10);
  const time = text.slice(11, 19);
  if (n === 22) return `${day}T${time}.000Z`;
  if (text.charCodeAt(19) !== 46) return undefined;
  const fraction = text.slice(20, n - 3);
  return `${day}T${time}.${fraction.length >= 3 ? fraction.slice(0, 3) : `${fraction}00`.slice(0, 3)}Z`;
}

/**
 * A timestamp as the API writes it, from a Date or from the text of a raw row (`namedRows`, `db.execute`):
 * the one helper for both, the text rearranged when it is in PostgreSQL's UTC form.
 */
export const isoTimestamp = (value: Date | string): string =>
  typeof value === 'string' ? (isoFromUtcText(value) ?? new Date(value).toISOString()) : value.toISOString();
