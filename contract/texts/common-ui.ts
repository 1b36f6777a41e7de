/**
 * The words many screens share (issue 41): one key per word, so a language says it the same everywhere (each
 * merged only where all five translations agreed). The shell's own (shellUi: Cancel, Loading…, Load more, Login)
 * are on every first screen already and are shared from there. A word stays under its screen's key where a language needs another word: "Remove" (zh 删除 / 移除), "Sign
 * up" (ru button Зарегистрироваться, link Регистрация), "Description" (zh 说明 / 描述), "Report" (verb or noun),
 * "Title" and "Edit" (ru).
 */
import { defineMessages } from '../i18n/define.ts';

export const commonUi = /* @__PURE__ */ defineMessages('commonUi', {
  save: 'Save',
  saveChanges: 'Save Changes',
  delete: 'Delete',
  tryAgain: 'Try again',
  status: 'Status',
  price: 'Price',
  type: 'Type',
  reason: 'Reason',
  actions: 'Actions',
  currency: 'Currency',
  balance: 'Balance',
  credits: 'Credits',
  all: 'All',
} as const);
