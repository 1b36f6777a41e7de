/** Builds `make()` on first use: an Intl formatter costs milliseconds to construct, so none is built while a
 * page that shows no date or figure loads. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** Dates in the visitor's own locale and time zone. */
const longFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }));
const shortFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const numberFormat = once(() => new Intl.NumberFormat());

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. "March 4, 2025 at 2:07 PM" (en-US) or "4 mars 2025 à 14:07" (fr-FR). */
export function formatDateLong(value: DateInput): string {
  const date = toDate(value);
  return date ? longFormat().format(date) : '';
}

/** e.g. "Mar 4, 2025" (en-US) or "4 mars 2025" (fr-FR). */
export function formatDateShort(value: DateInput): string {
  const date = toDate(value);
  return date ? shortFormat().format(date) : '';
}

/** Machine-readable form for `<time dateTime>`. */
export function toIsoString(value: DateInput): string {
  return toDate(value)?.toISOString() ?? '';
}

export function formatNumber(value: number): string {
  return numberFormat().format(value);
}
