import { applyCatalogue } from '../../contract/i18n/define.ts';
import { formatMessage } from '../../contract/i18n/format.ts';
import type { Locale } from '../../contract/i18n/locales.ts';

/*
 * Fetched only for a language other than English (web/lib/locale.ts imports it lazily): the ICU formatter and
 * the table of catalogue chunks. Its own module, so nothing outside a Vite build (Playwright reading the route
 * table) meets `import.meta.glob`.
 */

type Catalogue = Record<string, string>;

/**
 * One lazy chunk per catalogue (English is the source and has none): found by the build from the files, so a
 * language joins by adding its catalogue and its tag in `locales`.
 */
const catalogueChunks = import.meta.glob<Catalogue>(
  ['../../contract/i18n/catalogues/*.json', '!../../contract/i18n/catalogues/en.json'],
  { import: 'default' },
);

/**
 * The pseudo build's catalogue (PSEUDO_LOCALE=1, docs/translating.md), generated into dist/ as that build starts;
 * in every other build the condition is false and the chunk is not emitted.
 */
declare const __PSEUDO_LOCALE__: string;
const pseudoChunks: Record<string, () => Promise<Catalogue>> =
  typeof __PSEUDO_LOCALE__ === 'string' && __PSEUDO_LOCALE__
    ? import.meta.glob<Catalogue>('../../dist/pseudo-catalogue/*.json', { import: 'default' })
    : {};

/** Fetches the locale's words; the returned function puts them into every contract group. */
export async function loadCatalogue(locale: Locale): Promise<() => void> {
  const load =
    catalogueChunks[`../../contract/i18n/catalogues/${locale}.json`] ??
    pseudoChunks[`../../dist/pseudo-catalogue/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  const catalogue = await load();
  return () => applyCatalogue(catalogue, (message, values) => formatMessage(locale, message, values));
}
