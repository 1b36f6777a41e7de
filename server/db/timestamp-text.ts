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
    // Read digit by digit when the text is in PostgreSQL's UTC form: a timestamp read through V8's date parser
    // took 180 ns, this way 110 (issue 38; a page of messages or listings has 50-75). Other text goes to V8.
    super(utcMillisFromText(text) ?? text);
    this.#text = text;
    this.#time = this.getTime();
  }

  override toISOString(): string {
    return (this.getTime() === this.#time && isoFromUtcText(this.#text)) || super.toISOString();
  }
}

/**
 * Whether `text` has the places of `YYYY-MM-DD HH:MM:SS[.f…]+00`, PostgreSQL's text of a time in a UTC session
 * (its digits are checked where they are read).
 */
function inUtcForm(text: string): boolean {
  const n = text.length;
  // 45 is '-', 32 ' ', 58 ':', 46 '.', 43 '+', 48 '0'.
  return (
    n >= 22 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    (n === 22 || text.charCodeAt(19) === 46) &&
    text.charCodeAt(n - 3) === 43 &&
    text.charCodeAt(n - 2) === 48 &&
    text.charCodeAt(n - 1) === 48
  );
}

/** `YYYY-MM-DD HH:MM:SS[.f…]+00` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (fractions cut to milliseconds, as Date does); else undefined. */
export function isoFromUtcText(text: string): string | undefined {
  if (!inUtcForm(text)) return undefined;
  const n = text.length;
  const day = text.slice(0, 10);
  const time = text.slice(11, 19);
  if (n === 22) return `${day}T${time}.000Z`;
  const fraction = text.slice(20, n - 3);
  return `${day}T${time}.${fraction.length >= 3 ? fraction.slice(0, 3) : `${fraction}00`.slice(0, 3)}Z`;
}

/**
 * The time of `YYYY-MM-DD HH:MM:SS[.f…]+00` in ms since the epoch, as `new Date(text)` reads it (fractions cut
 * to milliseconds); undefined for any other text, for a year before 100 and for a field out of range.
 */
export function utcMillisFromText(text: string): number | undefined {
  if (!inUtcForm(text)) return undefined;
  const n = text.length;
  // A character that is not a digit reads as NaN, which fails every range check below.
  const year = pair(text, 0) * 100 + pair(text, 2);
  const month = pair(text, 5);
  const day = pair(text, 8);
  const hours = pair(text, 11);
  const minutes = pair(text, 14);
  const seconds = pair(text, 17);
  // Out of range (which PostgreSQL never writes) goes to Date, which rolls some over and refuses others.
  if (
    !(year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 31) ||
    !(hours <= 23 && minutes <= 59 && seconds <= 59)
  )
    return undefined;
  // The fraction's digits run from index 20 to the zone: the first three are the milliseconds.
  if (n === 23) return undefined;
  let ms = 0;
  for (let i = 20; i < n - 3; i++) {
    const d = digit(text, i);
    if (Number.isNaN(d)) return undefined;
    if (i < 23) ms = ms * 10 + d;
  }
  // Fewer than three digits (or none) are tenths or hundredths.
  if (n < 26) ms *= 10 ** (26 - n);
  return ((daysSinceEpoch(year, month, day) * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000 + ms;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar, as Date counts them (Howard Hinnant's
 * days_from_civil): Date.UTC took a third of the time of the whole read.
 */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The digit at `i`, or NaN. */
function digit(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}
/** The two digits at `i`, or NaN. */
const pair = (text: string, i: number) => digit(text, i) * 10 + digit(text, i + 1);

/**
 * A timestamp as the API writes it, from a Date or from the text of a raw row (`namedRows`, `db.execute`):
 * the one helper for both, the text rearranged when it is in PostgreSQL's UTC form.
 */
export const isoTimestamp = (value: Date | string): string =>
  typeof value === 'string' ? (isoFromUtcText(value) ?? new Date(value).toISOString()) : value.toISOString();
