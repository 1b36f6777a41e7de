import { defineMessages } from '../i18n/define.ts';

/** Spec §8 site settings. */
export const siteSettingsMessages = /* @__PURE__ */ defineMessages('siteSettingsMessages', {
  onlyAdmins: 'You do not have permission to update site settings',
  loadFailed: 'Failed to load site settings',
  saveFailed: 'Failed to save site settings',
  saved: 'Site settings saved',
  feeRange: 'Marketplace fee must be between 0 and 50',
  colorInvalid: 'Colour must be a hex colour like #6366F1',
  hoursRange: 'Buyer protection must be between 1 and 720 hours',
  urlInvalid: 'Link must start with http:// or https://',
  currencyInvalid: 'Currency must be a three-letter code like USD',
  currencyNotInCents: 'Currency must be one counted in cents (two decimals), like USD or EUR',
  creditsPerUnitRange: 'Credits per currency unit must be between 1 and 10,000',
  topUpRange: 'Top-up limits must be whole numbers from 1 to 100,000,000, the minimum not above the maximum',
  reserveRange: 'The reserve must be between 0 and 90 days',
  withdrawalMinRange: 'The smallest withdrawal must be between 1 and 100,000,000 credits',
  withdrawalFeeRange: 'The withdrawal fee must be between 0 and 50 percent',
  addressHoldRange: 'The payout address hold must be between 0 and 168 hours',
  trustDaysRange: 'Days before a member is trusted more must be between 0 and 365',
  trustCountRange: 'Counts that unlock a level must be whole numbers from 0 to 1,000',
  trustLimitRange: 'Each limit must be a whole number from 0 to 100,000,000',
  reviewCountRange: 'The number of first posts reviewed must be between 0 and 50',
  spamDomainInvalid: 'Each spam domain must be a domain name like example.com',
  powCostRange: 'The proof-of-work cost must be between 1,000 and 10,000,000',
} as const);
