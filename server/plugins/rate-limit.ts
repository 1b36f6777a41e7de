import { sql } from 'drizzle-orm';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

export interface RateRule {
  /** Requests allowed per window, before RATE_LIMIT_SCALE. */
  limit: number;
  windowSeconds: number;
}

/** Every limit in one table, so they can be read and tuned together. */
export const rateRules = {
  signInPerIp: { limit: 30, windowSeconds: 600 },
  signInPerAccount: { limit: 10, windowSeconds: 600 },
  signUpPerIp: { limit: 10, windowSeconds: 3600 },
  resetPerIp: { limit: 10, windowSeconds: 3600 },
  resetPerAccount: { limit: 3, windowSeconds: 3600 },
  cheatDownloadPerUser: { limit: 30, windowSeconds: 600 },
  forumThreadPerUser: { limit: 10, windowSeconds: 600 },
  forumReplyPerUser: { limit: 30, windowSeconds: 600 },
  forumVotePerUser: { limit: 120, windowSeconds: 60 },
  postPerUser: { limit: 10, windowSeconds: 600 },
  commentPerUser: { limit: 30, windowSeconds: 600 },
  likePerUser: { limit: 120, windowSeconds: 60 },
  followPerUser: { limit: 60, windowSeconds: 600 },
  profileUpdatePerUser: { limit: 30, windowSeconds: 600 },
  avatarUploadPerUser: { limit: 10, windowSeconds: 600 },
  settingsPerUser: { limit: 60, windowSeconds: 600 },
  changePasswordPerUser: { limit: 5, windowSeconds: 600 },
  twoFactorSetupPerUser: { limit: 10, windowSeconds: 600 },
  twoFactorCodePerIp: { limit: 10, windowSeconds: 600 },
  twoFactorCodePerUser: { limit: 10, windowSeconds: 600 },
  directMessagePerUser: { limit: 30, windowSeconds: 60 },
  blockPerUser: { limit: 30, windowSeconds: 600 },
  searchPerIp: { limit: 120, windowSeconds: 60 },
  listingCreatePerUser: { limit: 10, windowSeconds: 600 },
  purchasePerUser: { limit: 30, windowSeconds: 60 },
  orderActionPerUser: { limit: 30, windowSeconds: 60 },
  walletConvertPerUser: { limit: 20, windowSeconds: 600 },
  feedbackPerUser: { limit: 20, windowSeconds: 600 },
  reportPerUser: { limit: 10, windowSeconds: 600 },
  ticketCreatePerUser: { limit: 5, windowSeconds: 600 },
  ticketReplyPerUser: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof rateRules;

export interface RateLimiter {
  /** Counts one hit on `key`; throws RATE_LIMITED when the rule's window is full. */
  hit(rule: RateRuleName, key: string): Promise<void>;
  prune(): Promise<void>;
}

/**
 * Fixed-window counters in the database: one statement per hit, and correct across
 * several server instances because the counter lives in the shared database.
 */
export function createRateLimiter(db: Db, scale: number): RateLimiter {
  return {
    async hit(ruleName, key) {
      if (scale === 0) return;
      const rule = rateRules[ruleName];
      const limit = Math.max(1, Math.round(rule.limit * scale));
      const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${rule.windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: `${ruleName}:${key}`, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      if ((row?.count ?? 0) > limit) throw new AppError('RATE_LIMITED', messages.rateLimited);
    },
    async prune() {
      await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
    },
  };
}
