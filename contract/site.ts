import { z } from 'zod';
import { siteSettingsMessages as m } from './messages/site-settings.ts';
import { wholeField } from './number-field.ts';

export const animationTypes = ['snow', 'rain', 'sparkles', 'fire'] as const;
export type AnimationType = (typeof animationTypes)[number];

const hex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, m.colorInvalid);
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/i, m.urlInvalid)
  .nullable()
  .or(z.literal('').transform(() => null));

/**
 * Currencies whose minor unit is not a hundredth (ISO 4217: none, or a thousandth). Prices are kept in
 * hundredths, so these would be charged 100 times too much or 10 times too little at the processor.
 */
const notInCents = new Set(
  'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF BHD IQD JOD KWD LYD OMR TND'.split(
    ' ',
  ),
);

const topUpCredits = wholeField({ min: 1, max: 100_000_000 }, m.topUpRange);

const trustLimit = wholeField({ min: 0, max: 100_000_000 }, m.trustLimitRange);

/** What one trust level may do (issue 36); a limit of 0 means not at all. */
const levelLimits = z
  .object({
    linksPerPost: trustLimit,
    imagesPerPost: trustLimit,
    newContactsPerDay: trustLimit,
    activeListings: trustLimit,
    listingPriceCap: trustLimit,
    withdrawals: z.boolean(),
  })
  .strict();
export type LevelLimits = z.output<typeof levelLimits>;

/** The value schema of each site_settings key (spec §3; buyer_protection and external_links added). */
export const siteSettingSchemas = {
  animations: z.object({ enabled: z.boolean(), type: z.enum(animationTypes) }).strict(),
  marketplace_fee: z
    .object({
      percentage: wholeField({ min: 0, max: 50 }, m.feeRange),
    })
    .strict(),
  site_theme: z.object({ primaryColor: hex, secondaryColor: hex }).strict(),
  buyer_protection: z
    .object({
      hours: wholeField({ min: 1, max: 720 }, m.hoursRange),
    })
    .strict(),
  external_links: z.object({ supportStreamUrl: link, communityChatUrl: link }).strict(),
  /** Top-ups (decision 032): what a credit costs and how many one top-up may buy. */
  payments: z
    .object({
      currency: z
        .string({ error: m.currencyInvalid })
        .regex(/^[A-Z]{3}$/, m.currencyInvalid)
        .refine((c) => !notInCents.has(c), m.currencyNotInCents),
      creditsPerUnit: wholeField({ min: 1, max: 10_000 }, m.creditsPerUnitRange),
      minCredits: topUpCredits,
      maxCredits: topUpCredits,
    })
    .strict()
    .refine((v) => v.minCredits <= v.maxCredits, { message: m.topUpRange, path: ['maxCredits'] }),
  /** Withdrawals: days earnings wait after release, the smallest request, the platform's fee. */
  withdrawals: z
    .object({
      reserveDays: wholeField({ min: 0, max: 90 }, m.reserveRange),
      minCredits: wholeField({ min: 1, max: 100_000_000 }, m.withdrawalMinRange),
      feePercent: wholeField({ min: 0, max: 50 }, m.withdrawalFeeRange),
      /** How long a new payout address waits before a withdrawal may use it (default 24). */
      addressHoldHours: wholeField({ min: 0, max: 168 }, m.addressHoldRange)
        // Stored before the hold became a setting: the hold it always had.
        .default(24),
    })
    .strict(),
  /**
   * Trust levels (issue 36, contract/trust.ts): what unlocks `member` and `trusted`, and each level's limits.
   * An address not yet verified is held below `new` whatever the level: no links, no selling, no
   * withdrawals, and `unverifiedContactsPerDay` new DM contacts.
   */
  trust: z
    .object({
      memberAfterDays: wholeField({ min: 0, max: 365 }, m.trustDaysRange),
      memberAfterPosts: wholeField({ min: 0, max: 1000 }, m.trustCountRange),
      trustedAfterDays: wholeField({ min: 0, max: 365 }, m.trustDaysRange),
      trustedAfterSales: wholeField({ min: 0, max: 1000 }, m.trustCountRange),
      unverifiedContactsPerDay: trustLimit,
      limits: z.object({ new: levelLimits, member: levelLimits, trusted: levelLimits }).strict(),
    })
    .strict(),
  /** The review queue (issue 36): how many first posts wait for staff, and what sends any post there. */
  review: z
    .object({
      firstPosts: wholeField({ min: 0, max: 50 }, m.reviewCountRange),
      maxLinks: wholeField({ min: 0, max: 100 }, m.trustLimitRange),
      spamDomains: z
        .array(
          z
            .string()
            .trim()
            .toLowerCase()
            .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, m.spamDomainInvalid),
        )
        .max(1000, m.spamDomainInvalid),
    })
    .strict(),
  /** Bot defences (issue 36): the ALTCHA challenge's cost (its largest number) on sign-up, reset and first post. */
  anti_bot: z
    .object({
      powCost: wholeField({ min: 1000, max: 10_000_000 }, m.powCostRange),
    })
    .strict(),
} as const;
export type SiteSettingKey = keyof typeof siteSettingSchemas;
export const siteSettingKeys = Object.keys(siteSettingSchemas) as SiteSettingKey[];
export type SiteSettingValue<K extends SiteSettingKey> = z.output<(typeof siteSettingSchemas)[K]>;

export const siteSettingDefaults = {
  animations: { enabled: false, type: 'snow' },
  marketplace_fee: { percentage: 5 },
  site_theme: { primaryColor: '#6366F1', secondaryColor: '#4F46E5' },
  buyer_protection: { hours: 72 },
  payments: { currency: 'USD', creditsPerUnit: 100, minCredits: 500, maxCredits: 1_000_000 },
  withdrawals: { reserveDays: 7, minCredits: 1000, feePercent: 2, addressHoldHours: 24 },
  trust: {
    memberAfterDays: 3,
    memberAfterPosts: 3,
    trustedAfterDays: 30,
    trustedAfterSales: 5,
    unverifiedContactsPerDay: 3,
    limits: {
      new: {
        linksPerPost: 0,
        imagesPerPost: 1,
        newContactsPerDay: 10,
        activeListings: 3,
        listingPriceCap: 5_000,
        withdrawals: false,
      },
      member: {
        linksPerPost: 5,
        imagesPerPost: 10,
        newContactsPerDay: 30,
        activeListings: 25,
        listingPriceCap: 100_000,
        withdrawals: true,
      },
      trusted: {
        linksPerPost: 20,
        imagesPerPost: 20,
        newContactsPerDay: 200,
        activeListings: 500,
        listingPriceCap: 10_000_000,
        withdrawals: true,
      },
    },
  },
  review: { firstPosts: 2, maxLinks: 3, spamDomains: [] },
  anti_bot: { powCost: 50_000 },
} as const satisfies { [K in Exclude<SiteSettingKey, 'external_links'>]: SiteSettingValue<K> };

export const siteSettingKeyParams = z.object({
  key: z.enum(siteSettingKeys as [SiteSettingKey, ...SiteSettingKey[]]),
});

const toneHex = z.string().regex(/^#[0-9A-F]{6}$/);
/** Readable tones of the primary colour (4.5:1): behind white text, as text on light and on dark surfaces. */
export const themeTones = z.object({ primaryFill: toneHex, primaryText: toneHex, primaryTextDark: toneHex });
export type ThemeTones = z.infer<typeof themeTones>;

/** Public configuration the web app needs before anything else: links, theme, animations, fee, protection. */
export const publicConfig = z.object({
  supportStreamUrl: z.string().nullable(),
  communityChatUrl: z.string().nullable(),
  animations: siteSettingSchemas.animations,
  marketplaceFee: siteSettingSchemas.marketplace_fee,
  siteTheme: siteSettingSchemas.site_theme,
  themeTones,
  buyerProtection: siteSettingSchemas.buyer_protection,
});
export type PublicConfig = z.infer<typeof publicConfig>;
export type ExternalLinks = Pick<PublicConfig, 'supportStreamUrl' | 'communityChatUrl'>;

/** A site setting's value as an admin writes it (checked against its key's schema by the server). */
export const siteSettingBody = z.record(z.string(), z.unknown());
/** One site setting as stored, or its default (null: external links never set). */
export const storedSiteSetting = z.object({ key: z.string(), value: siteSettingBody.nullable() });
/** One site setting once saved. */
export const savedSiteSetting = z.object({ key: z.string(), value: siteSettingBody });
