/** Search limits and texts, kept free of zod so the app shell's search box stays out of the zod bundle. */
import { defineMessages } from './i18n/define.ts';
export const searchLimits = {
  /** Spec §9: 3 results per type. */
  perType: 3,
  /** Shorter queries cannot use the trigram indexes; they return nothing. */
  minLength: 2,
  maxLength: 100,
  debounceMs: 300,
} as const;

export const searchTexts = /* @__PURE__ */ defineMessages('searchTexts', {
  placeholder: 'Search cheats, users, listings...',
  startTyping: 'Start typing to search',
  noResults: 'No results found',
} as const);
