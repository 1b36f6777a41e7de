/** Business limits shared by server validation and web forms (spec §9). */
export const limits = {
  username: { min: 3, max: 20 },
  password: { min: 8, max: 128 },
  email: { max: 254 },
  bio: { max: 500 },
} as const;

export const roles = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
/** How often a member who stays away gets a digest mail (issue 16, item 5). */
export const digestPeriods = ['off', 'daily', 'weekly'] as const;
export type DigestPeriod = (typeof digestPeriods)[number];
export const isStaff = (role: string | null | undefined): boolean => role === 'moderator' || role === 'admin';

/**
 * The most a member's account (credits or main balance) may hold: far below 2^53, so every amount is a safe
 * integer in JSON, and far below the bigint columns' range, so sums over many accounts never overflow.
 * A grant or payout that would pass it is refused (409); the profiles' CHECK constraints hold it too.
 */
export const maxAccountAmount = 1_000_000_000_000;
