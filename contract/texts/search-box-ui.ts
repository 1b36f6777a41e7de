/** The top bar's search box (issue 41): in the first screen, so only its name (its dropdown's words are apart). */
import { defineMessages } from '../i18n/define.ts';

export const searchBoxUi = /* @__PURE__ */ defineMessages('searchBoxUi', {
  label: 'Search',
} as const);
