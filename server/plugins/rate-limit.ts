import { sql } from 'drizzle-orm';
import { messages } from '../../contract/messages.ts';
import type { Db } from '../db/client.ts';
import { preparedStatements } from '../db/prepared.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/**
 * What a rule counts per: the signed-in member, the client IP, its network (/24 IPv4, /48 IPv6), the account named by the body's `email`, or
 * that account from one IP (so a stranger's wrong passwords lock only the stranger out).
 */
export type RateKey = 'viewer' | 'ip' | 'network' | 'email' | 'emailIp';

export interface RateRule {
  /** Requests allowed per window, before RATE_LIMIT_SCALE. */
  limit: number;
  windowSeconds: number;
  by: RateKey;
}

/** Every limit in one table, so they can be read and tuned together. Routes name them in `access()`. */
export const rateRules = {
  signInPerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  signInPerAccountIp: { limit: 10, windowSeconds: 600, by: 'emailIp' },
  // The slower ceiling that still holds when many IPs try one account.
  signInPerAccount: { limit: 100, windowSeconds: 3600, by: 'email' },
  signUpPerIp: { limit: 10, windowSeconds: 3600, by: 'ip' },
  // Sign-in with a provider: starting a flow and the provider's return, per IP (issue 37).
  ssoStartPerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  ssoCallbackPerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  ssoLinkPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  // Bots rotate addresses within one provider's block (issue 36): the network's ceiling holds them.
  signUpPerNetwork: { limit: 30, windowSeconds: 3600, by: 'network' },
  // Proof-of-work challenges: a form asks for one per submit, a solver farm for thousands.
  powChallengePerIp: { limit: 60, windowSeconds: 600, by: 'ip' },
  // Verification mails on demand (the banner's Resend).
  verifyResendPerUser: { limit: 3, windowSeconds: 900, by: 'viewer' },
  verifyEmailPerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  resetPerIp: { limit: 10, windowSeconds: 3600, by: 'ip' },
  resetPerAccount: { limit: 3, windowSeconds: 3600, by: 'email' },
  notMePerIp: { limit: 10, windowSeconds: 3600, by: 'ip' },
  sessionRevokePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  cheatDownloadPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  forumThreadPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  forumReplyPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  forumVotePerUser: { limit: 120, windowSeconds: 60, by: 'viewer' },
  /** Read positions: the thread page sends one per page of replies shown. */
  forumReadPerUser: { limit: 240, windowSeconds: 60, by: 'viewer' },
  forumEditPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  forumPreviewPerUser: { limit: 60, windowSeconds: 60, by: 'viewer' },
  postPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  commentPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  likePerUser: { limit: 120, windowSeconds: 60, by: 'viewer' },
  followPerUser: { limit: 60, windowSeconds: 600, by: 'viewer' },
  profileUpdatePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  avatarUploadPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  uploadPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  settingsPerUser: { limit: 60, windowSeconds: 600, by: 'viewer' },
  changePasswordPerUser: { limit: 5, windowSeconds: 600, by: 'viewer' },
  twoFactorSetupPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  twoFactorCodePerIp: { limit: 10, windowSeconds: 600, by: 'ip' },
  twoFactorCodePerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  // Passkeys (decision 038): each options call stores a challenge, so asking for them counts too.
  passkeyPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  passkeyOptionsPerIp: { limit: 60, windowSeconds: 600, by: 'ip' },
  passkeySignInPerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  directMessagePerUser: { limit: 30, windowSeconds: 60, by: 'viewer' },
  blockPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  searchPerIp: { limit: 120, windowSeconds: 60, by: 'ip' },
  // The editor asks once per pause in typing after `@` (debounced), so a fast typist stays well below.
  userAutocompletePerUser: { limit: 60, windowSeconds: 60, by: 'viewer' },
  listingCreatePerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  purchasePerUser: { limit: 30, windowSeconds: 60, by: 'viewer' },
  keyUploadPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  salesExportPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  orderActionPerUser: { limit: 30, windowSeconds: 60, by: 'viewer' },
  walletConvertPerUser: { limit: 20, windowSeconds: 600, by: 'viewer' },
  // Every write a member can reach counts somewhere (server/security/write-limits.test.ts).
  listingEditPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  listingDeletePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  contentDeletePerUser: { limit: 60, windowSeconds: 600, by: 'viewer' },
  conversationDeletePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  notificationReadPerUser: { limit: 300, windowSeconds: 60, by: 'viewer' },
  signOutPerIp: { limit: 60, windowSeconds: 60, by: 'ip' },
  unsubscribePerIp: { limit: 30, windowSeconds: 600, by: 'ip' },
  // Each top-up asks a processor for an invoice: a member making many is spam against our account there.
  depositPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  // Stripe's webhooks come from a few addresses, in bursts (a batch of refunds): generous, still a ceiling.
  stripeWebhookPerIp: { limit: 600, windowSeconds: 60, by: 'ip' },
  // BTCPay's webhook deliveries, per sending server: generous, since a busy store sends bursts and redeliveries.
  btcpayWebhookPerIp: { limit: 600, windowSeconds: 60, by: 'ip' },
  walletExportPerUser: { limit: 20, windowSeconds: 600, by: 'viewer' },
  // Money out (decision 032): each needs a fresh authenticator code, so these also bound code guessing.
  withdrawalPerUser: { limit: 10, windowSeconds: 3600, by: 'viewer' },
  payoutAddressPerUser: { limit: 10, windowSeconds: 3600, by: 'viewer' },
  pushSubscribePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  /** Adding and removing Discord/Telegram webhooks; a test message sends a request to someone else's server. */
  hookChangePerUser: { limit: 20, windowSeconds: 600, by: 'viewer' },
  hookTestPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  feedbackPerUser: { limit: 20, windowSeconds: 600, by: 'viewer' },
  reportPerUser: { limit: 10, windowSeconds: 600, by: 'viewer' },
  ticketCreatePerUser: { limit: 5, windowSeconds: 600, by: 'viewer' },
  ticketReplyPerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
  watchPerUser: { limit: 60, windowSeconds: 600, by: 'viewer' },
  detectionChangePerUser: { limit: 30, windowSeconds: 600, by: 'viewer' },
} as const satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof rateRules;

/** Where a counter stands after a hit: what the `RateLimit-*` headers report. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws RATE_LIMITED (with Retry-After) when the rule's window is full. */
  hit(rule: RateRuleName, key: string): Promise<RateState | null>;
  prune(): Promise<void>;
}

/** The standard headers of a limited response (IETF RateLimit fields, and Retry-After on a 429). */
export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.resetSeconds),
  };
}

/**
 * One hit: the counter's row made, counted, or started again when its window has passed. A prepared
 * statement per database (decision 025): a limited request pays one Bind/Execute. Building and parsing the
 * upsert for each hit held global search to 0.60-0.72 of its raw-SQL ceiling (0.95 with limits off, 0.84
 * prepared).
 */
const hitStatement = preparedStatements('rate_limit_hit', (db: Db) => {
  const seconds = sql.placeholder('seconds');
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${seconds})`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      reset: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${seconds}) - now())))::int`,
    });
});

/**
 * Fixed-window counters in the database: one statement per hit, and correct across several server instances
 * because the counter lives in the shared database. The table is UNLOGGED (decision 004): a hit writes no WAL,
 * so its commit never waits for a disk flush; a crash of the database server forgets the open windows.
 */
export function createRateLimiter(db: Db, scale: number): RateLimiter {
  return {
    async hit(ruleName, key) {
      if (scale === 0) return null;
      const rule: RateRule = rateRules[ruleName];
      const limit = Math.max(1, Math.round(rule.limit * scale));
      const [row] = await hitStatement(db, '').execute({
        key: `${ruleName}:${key}`,
        seconds: rule.windowSeconds,
      });
      const count = row?.count ?? 0;
      const state = { limit, remaining: Math.max(0, limit - count), resetSeconds: Number(row?.reset ?? 1) };
      if (count > limit) {
        throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, {
          'retry-after': String(state.resetSeconds),
          ...rateLimitHeaders(state),
        });
      }
      return state;
    },
    async prune() {
      await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
    },
  };
}
