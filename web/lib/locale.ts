import { useSyncExternalStore } from 'react';
import { applyCatalogue } from '../../contract/i18n/define.ts';
import { type Locale, localeNames, locales, matchLocale, sourceLocale } from '../../contract/i18n/locales.ts';

/*
 * The browser's language (issue 41, decision 047). The active locale is the signed-in member's saved language,
 * else the one this device chose (localStorage), else the browser's own languages, else English. Only the
 * active locale's catalogue is fetched, with the ICU formatter, as lazy chunks; English fetches nothing. Applying
 * it swaps the contract groups' values in place (`applyCatalogue`), then every subscriber re-renders.
 */

/**
 * The languages this build offers in its menus: `locales`, and in the pseudo build (PSEUDO_LOCALE=1,
 * docs/translating.md) the pseudo locale after them. Only that build has it; a member's account never stores it
 * (the server knows `locales` only), so it lives on the device.
 */
declare const __PSEUDO_LOCALE__: string;
/** Set by vite.config.ts ('' but in the pseudo build); undeclared where no build ran (Playwright reading the router). */
const pseudoTag = typeof __PSEUDO_LOCALE__ === 'string' ? __PSEUDO_LOCALE__ : '';
export const siteLocales: readonly Locale[] = pseudoTag ? [...locales, pseudoTag as Locale] : locales;

/** A language named in itself, for the menus (the pseudo locale in its own accents). */
export function siteLocaleName(locale: Locale): string {
  return localeNames[locale] ?? '⟦Þšééúúðóó⟧';
}

/** Whether the account can store this language (the pseudo locale stays on the device). */
export const savableLocale = (locale: Locale) => (locales as readonly string[]).includes(locale);

/** localStorage key of this device's choice; public/boot.js reads it too, to set <html lang> before paint. */
export const LOCALE_STORAGE_KEY = 'locale';

/** The locale's words and their formatter (lazy chunks); null for English (the groups' own values). */
async function loadCatalogue(locale: Locale): Promise<(() => void) | null> {
  if (locale === sourceLocale) return null;
  const loader = await import('./catalogue-loader.ts');
  return loader.loadCatalogue(locale);
}

/** The first of the browser's languages we speak (`navigator.languages`, most wanted first), else English. */
export function browserLocale(languages: readonly string[] = navigator.languages ?? []): Locale {
  for (const tag of languages) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return sourceLocale;
}

/** This device's stored choice, when it is one of ours. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return value && (siteLocales as readonly string[]).includes(value) ? (value as Locale) : null;
  } catch {
    return null; // Storage blocked (privacy modes).
  }
}

/** Saved on the account > chosen on this device > the browser's languages > English. */
export function chooseLocale({
  saved,
  stored = storedLocale(),
  languages,
}: {
  saved?: Locale | null;
  stored?: Locale | null;
  languages?: readonly string[];
} = {}): Locale {
  return saved ?? stored ?? browserLocale(languages);
}

/** Remembers the choice on this device (the next visit paints in it at once). */
export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'yi']);

/** Right-to-left for the languages written so; the page's direction follows the locale. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

let active: Locale = sourceLocale;
/** The latest request wins: a slow catalogue never overrides a later choice. */
let pending: { locale: Locale; run: Promise<void> } | null = null;
let generation = 0;
const listeners = new Set<() => void>();

/** The locale whose words the contract groups hold now (the API client sends it as Accept-Language). */
export function activeLocale(): Locale {
  return active;
}

/**
 * Makes `locale` active: fetches its catalogue and the formatter (nothing for English), swaps the texts, sets
 * <html lang dir>, then tells the subscribers (the app re-renders). Resolves once applied.
 */
export function setActiveLocale(locale: Locale): Promise<void> {
  // Asked again for the language on its way (the menu, then the member's settings arriving): the same switch.
  if (pending?.locale === locale) return pending.run;
  if (locale === active && !pending) return Promise.resolve();
  const mine = ++generation;
  const run = (async () => {
    const apply = await loadCatalogue(locale);
    if (mine !== generation) return; // a later choice superseded this one
    if (apply) apply();
    else applyCatalogue(null);
    active = locale;
    const root = document.documentElement;
    root.lang = locale;
    root.dir = textDirection(locale);
    for (const listener of listeners) listener();
  })();
  const settled = run.finally(() => {
    if (pending?.run === settled) pending = null;
  });
  pending = { locale, run: settled };
  return settled;
}

export function subscribeLocale(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The active locale, re-rendering the component when it changes. */
export function useActiveLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, activeLocale);
}
