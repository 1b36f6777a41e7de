import { defineMessages } from '../i18n/define.ts';

export const walletMessages = /* @__PURE__ */ defineMessages('walletMessages', {
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be positive',
  amountTooHigh: 'Amount must be at most 1,000,000',
  insufficientBalance: 'You do not have enough main balance',
  converted: 'Moved to marketplace credits',
  convertFailed: 'Failed to move balance',
  loadFailed: 'Failed to load wallet',
  emptyHistory: 'No wallet activity yet',
  accountLimit:
    "This would take the member's account past its limit of 1,000,000,000,000. Nothing was changed.",
} as const);
