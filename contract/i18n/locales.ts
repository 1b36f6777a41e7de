/**
 * The languages the site speaks (issue 41): English is the source, the others are catalogues of the same keys
 * (contract/i18n/catalogues/<locale>.json). No locale in the path: the member's setting, else Accept-Language,
 * else English (decision 047).
 */
/**
 * The languages shipped: each has a complete catalogue (the guard in contract/i18n/catalogues.test.ts). A new one
 * joins here once its catalogue is complete (docs/translating.md). A tag of another region falls back on its
 * language: pt-PT reads pt-BR, zh-TW reads zh-CN.
 */
export const locales = ['en', 'ru', 'de', 'es', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

/**
 * Each language named in itself, for the language menus (the web side of issue 41, still to come).
 * @public
 */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  ru: 'Русский',
  de: 'Deutsch',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
};

/** The locale of ours that best matches one language tag: exact (case-insensitive), else its language alone. */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = locales.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return locales.find((l) => l.toLowerCase().split('-')[0] === language) ?? null;
}

/** The best of ours for an Accept-Language header (its q-values honoured), else English. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return sourceLocale;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0 && r.tag !== '*')
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    const found = matchLocale(r.tag);
    if (found) return found;
  }
  return sourceLocale;
}
