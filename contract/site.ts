import { z } from 'zod';
import { siteSettingsMessages as m } from './messages/site-settings.ts';

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

const topUpCredits = z
  .number({ error: m.topUpRange })
  .int(m.topUpRange)
  .min(1, m.topUpRange)
  .max(100_000_000, m.topUpRange);

const whole = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);
const trustLimit = whole(100_000_000, m.trustLimitRange);

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
      percentage: z.number({ error: m.feeRange }).int(m.feeRange).min(0, m.feeRange).max(50, m.feeRange),
    })
    .strict(),
  site_theme: z.object({ primaryColor: hex, secondaryColor: hex }).strict(),
  buyer_protection: z
    .object({
      hours: z.number({ error: m.hoursRange }).int(m.hoursRange).min(1, m.hoursRange).max(720, m.hoursRange),
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
      creditsPerUnit: z
        .number({ error: m.creditsPerUnitRange })
        .int(m.creditsPerUnitRange)
        .min(1, m.creditsPerUnitRange)
        .max(10_000, m.creditsPerUnitRange),
      minCredits: topUpCredits,
      maxCredits: topUpCredits,
    })
    .strict()
    .refine((v) => v.minCredits <= v.maxCredits, { message: m.topUpRange, path: ['maxCredits'] }),
  /** Withdrawals: days earnings wait after release, the smallest request, the platform's fee. */
  withdrawals: z
    .object({
      reserveDays: z
        .number({ error: m.reserveRange })
        .int(m.reserveRange)
        .min(0, m.reserveRange)
        .max(90, m.reserveRange),
      minCredits: z
        .number({ error: m.withdrawalMinRange })
        .int(m.withdrawalMinRange)
        .min(1, m.withdrawalMinRange)
        .max(100_000_000, m.withdrawalMinRange),
      feePercent: z
        .number({ error: m.withdrawalFeeRange })
        .int(m.withdrawalFeeRange)
        .min(0, m.withdrawalFeeRange)
        .max(50, m.withdrawalFeeRange),
      /** How long a new payout address waits before a withdrawal may use it (default 24). */
      addressHoldHours: z
        .number({ error: m.addressHoldRange })
        .int(m.addressHoldRange)
        .min(0, m.addressHoldRange)
        .max(168, m.addressHoldRange)
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
      memberAfterDays: whole(365, m.trustDaysRange),
      memberAfterPosts: whole(1000, m.trustCountRange),
      trustedAfterDays: whole(365, m.trustDaysRange),
      trustedAfterSales: whole(1000, m.trustCountRange),
      unverifiedContactsPerDay: trustLimit,
      limits: z.object({ new: levelLimits, member: levelLimits, trusted: levelLimits }).strict(),
    })
    .strict(),
  /** The review queue (issue 36): how many first posts wait for staff, and what sends any post there. */
  review: z
    .object({
      firstPosts: whole(50, m.reviewCountRange),
      maxLinks: whole(100, m.trustLimitRange),
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
      powCost: z
        .number({ error: m.powCostRange })
        .int(m.powCostRange)
        .min(1000, m.powCostRange)
        .max(10_000_000, m.powCostRange),
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
