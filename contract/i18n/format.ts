import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from './locales.ts';

/** ICU MessageFormat (decision 047): one parsed formatter per locale and message, kept. */
const cache = new Map<string, IntlMessageFormat>();

export function formatMessage(locale: Locale, message: string, values: Record<string, unknown> = {}): string {
  const id = `${locale}\u0000${message}`;
  let formatter = cache.get(id);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, locale);
    cache.set(id, formatter);
  }
  return String(formatter.format(values as Record<string, string>));
}
