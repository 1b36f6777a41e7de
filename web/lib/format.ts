import { activeLocale } from './locale.ts';

/**
 * The locale Intl formats in: the site's active language (issue 41). In English, the browser's own English
 * (en-GB dates for a British visitor, as before) when it is one, else plain `en`.
 */
export function intlLocale(): string | undefined {
  const locale = activeLocale();
  if (locale !== 'en') return locale;
  return typeof navigator !== 'undefined' && /^en\b/i.test(navigator.language) ? undefined : 'en';
}

/** Builds `make(locale)` on first use per locale: an Intl formatter costs milliseconds to construct, so none is
 * built while a page that shows no date or figure loads. */
function perLocale<T>(make: (locale: string | undefined) => T): () => T {
  const made = new Map<string | undefined, T>();
  return () => {
    const locale = intlLocale();
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

/** Dates in the site's language and the visitor's own time zone. */
const longFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeStyle: 'short' }));
const shortFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const numberFormat = perLocale((l) => new Intl.NumberFormat(l));

export type DateInput = string | number | Date;

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

const customFormats = new Map<string, Intl.DateTimeFormat>();

/** A date with other fields than the two styles above (a chart's "Mar 4", a profile's "March 2025"). */
export function formatDateParts(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = intlLocale();
  const id = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = customFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    customFormats.set(id, format);
  }
  return format.format(date);
}
