import { defineMessages } from '../i18n/define.ts';

/** Passkeys (WebAuthn, decision 038). */
export const passkeyMessages = /* @__PURE__ */ defineMessages('passkeyMessages', {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 50 characters',
  notFound: 'Passkey not found',
  registrationFailed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered',
  tooMany: 'You can have at most 20 passkeys',
  signInFailed: 'This passkey could not sign you in. Please try again.',
  invalidResponse: 'The passkey response is invalid',
  noPasskeys: 'No passkeys yet',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  addFailed: 'Failed to add the passkey',
  renameFailed: 'Failed to rename the passkey',
  removeFailed: 'Failed to remove the passkey',
  loadFailed: 'Failed to load passkeys',
  cancelled: 'The passkey prompt was closed before it finished',
  unsupported: 'This browser does not support passkeys',
} as const);
