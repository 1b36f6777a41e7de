import { readFileSync } from 'node:fs';
import { sourceCatalogue } from '../contract/i18n/all-texts.ts';
import { groupName } from '../contract/i18n/define.ts';
import { formatMessage } from '../contract/i18n/format.ts';
import { type Locale, locales, negotiateLocale, sourceLocale } from '../contract/i18n/locales.ts';

/**
 * The server's side of the translations (issue 41): the contract's texts stay English in the code; what goes out
 * (an API error's message, a notification, a mail) is put into the reader's language here, at the last moment.
 */
const catalogues = new Map<Locale, Record<string, string>>(
  locales
    .filter((l) => l !== sourceLocale)
    .map((l) => [
      l,
      JSON.parse(readFileSync(new URL(`../contract/i18n/catalogues/${l}.json`, import.meta.url), 'utf8')),
    ]),
);

/** English text → its key (the first group that says it; the same words translate the same way). */
const keyOfText = new Map<string, string>();
const source = sourceCatalogue();
for (const [key, text] of Object.entries(source)) if (!keyOfText.has(text)) keyOfText.set(text, key);

/** One catalogue text by key in a locale, its ICU arguments filled; English (the source) when it has none. */
export function t(
  locale: Locale,
  key: string,
  values: Record<string, unknown> = {},
  english?: string,
): string {
  const message = locale === sourceLocale ? undefined : catalogues.get(locale)?.[key];
  if (message !== undefined) return formatMessage(locale, message, values);
  return english ?? source[key] ?? key;
}

/** An English text of the contract in another locale (looked up by its words); any other text unchanged. */
export function translateText(locale: Locale, text: string): string {
  if (locale === sourceLocale) return text;
  const key = keyOfText.get(text);
  return key ? t(locale, key, {}, text) : text;
}

/**
 * A contract group in a locale, read like the group itself (`inLocale('ru', stockMessages).lowStock(t, 5)`): each
 * text from the locale's catalogue (a text with arguments formats its ICU message, {0} {1}… by position), English
 * where the catalogue has none.
 */
export function inLocale<T extends object>(locale: Locale, group: T): T {
  const name = groupName(group);
  const catalogue = locale === sourceLocale ? undefined : catalogues.get(locale);
  if (!name || !catalogue) return group;
  // Built once per group and language: a sale's notification asked for every language's group at each
  // purchase, and formatting the group's every text was 4 % of the app's time in the purchase benchmark.
  const kept = translatedGroups.get(group)?.get(locale) as T | undefined;
  if (kept) return kept;
  const out = translateGroup(locale, name, catalogue, group);
  const byLocale = translatedGroups.get(group) ?? new Map<Locale, object>();
  translatedGroups.set(group, byLocale.set(locale, out));
  return out;
}

/** Each group's texts per language, as inLocale hands them out (the catalogues do not change while running). */
const translatedGroups = new WeakMap<object, Map<Locale, object>>();

function translateGroup<T extends object>(
  locale: Locale,
  name: string,
  catalogue: Record<string, string>,
  group: T,
): T {
  const out: Record<string, unknown> = {};
  for (const [key, source] of Object.entries(group)) {
    const message = catalogue[`${name}.${key}`];
    if (message === undefined) out[key] = source;
    else if (typeof source === 'function')
      out[key] = (...args: unknown[]) =>
        formatMessage(locale, message, Object.fromEntries(args.map((v, i) => [String(i), v])));
    else out[key] = formatMessage(locale, message);
  }
  return out as T;
}

export type { Locale };
export { negotiateLocale };
