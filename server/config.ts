import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_UPLOAD_CONCURRENCY, RESERVED_POOL_THREADS } from './boot/thread-pool-size.ts';
import { PRODUCTION_COST } from './modules/auth/password-hash.ts';
import { parseContentKey } from './security/content-cipher.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.url();

/** Every environment variable the server reads, parsed once. The README lists the same set. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: url.optional(),
    DATABASE_URL: z.string().optional(),
    DATABASE_DIRECT_URL: z.string().optional(),
    DATABASE_STATEMENTS: z.enum(['named', 'unnamed']).default('named'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_READ_URLS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((u) => u.trim())
              .filter(Boolean)
          : [],
      ),
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    DATA_DIR: z.string().default('./data'),
    SEED_DEMO: bool.optional(),
    AUTH_SECRET: z.string().min(32).optional(),
    CONTENT_KEY: z
      .string()
      .refine((v) => parseContentKey(v) !== undefined, '32 bytes, as 64 hex digits or base64')
      .transform((v) => parseContentKey(v)!)
      .optional(),
    TRUST_PROXY: z.string().default('false'),
    TRUSTED_ORIGINS: z.string().default(''),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('CheatMarket <no-reply@localhost>'),
    SUPPORT_STREAM_URL: url.optional(),
    COMMUNITY_CHAT_URL: url.optional(),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    ESCROW_RELEASE_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
    WEB_ROOT: z.string().optional(),
    METRICS_TOKEN: z.string().min(16).optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    PRESSURE_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
    PRESSURE_MAX_POOL_WAIT_MS: z.coerce.number().int().min(0).default(500),
    // Replaced by PRESSURE_MAX_POOL_WAIT_MS: a count of waiting queries tripped at 50 connections of purchases
    // while each waited a few ms. Named, so a deployment that still sets it is told instead of ignored.
    PRESSURE_MAX_POOL_WAITING: z
      .undefined({
        error: 'replaced by PRESSURE_MAX_POOL_WAIT_MS: how long a query may wait for a connection, in ms',
      })
      .optional(),
    PRESSURE_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
    PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(10),
    CLEAN_UP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    TRUST_LEVELS_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    JOB_WORKERS: bool.default(true),
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    MAIL_RATE_PER_MEMBER_PER_HOUR: z.coerce.number().int().min(1).default(30),
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(25_000),
    MAIL_AWAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1_048_576)
      .refine((n) => (n & (n - 1)) === 0, 'a power of two')
      .default(PRODUCTION_COST),
    BTCPAY_URL: url.optional(),
    BTCPAY_STORE_ID: z.string().min(1).optional(),
    BTCPAY_API_KEY: z.string().min(1).optional(),
    BTCPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: url.optional(),
    PAYMENTS_SANDBOX: bool.optional(),
    DEPOSIT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, base64url (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: address')
      .optional(),
    OUTBOUND_ALLOW_PRIVATE: bool.optional(),
    DISCORD_WEBHOOK_API_URL: url.optional(),
    TELEGRAM_API_URL: url.optional(),
    DISCORD_CLIENT_ID: z.string().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    DISCORD_API_URL: url.optional(),
    OIDC_ISSUER: url.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).max(40).optional(),
    UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_UPLOAD_CONCURRENCY),
    UPLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    UPLOAD_DAILY_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(50 * 1024 * 1024),
    UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
    S3_ENDPOINT: url.optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    MEDIA_PUBLIC_URL: url.optional(),
    /** Read by libuv when its pool starts (server/boot/thread-pool.ts sets the default); listed to be checked. */
    UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).optional(),
  })
  .superRefine((e, ctx) => {
    // Re-encodes hold a pool thread each for their whole run: a pool they could fill starves sign-in again.
    if (
      e.UV_THREADPOOL_SIZE !== undefined &&
      e.UPLOAD_CONCURRENCY > e.UV_THREADPOOL_SIZE - RESERVED_POOL_THREADS
    )
      ctx.addIssue({
        code: 'custom',
        path: ['UPLOAD_CONCURRENCY'],
        message: `at most UV_THREADPOOL_SIZE - ${RESERVED_POOL_THREADS} (${e.UV_THREADPOOL_SIZE - RESERVED_POOL_THREADS}): password hashing, file reads and compression need the rest of the pool`,
      });
    const btcpay = [e.BTCPAY_URL, e.BTCPAY_STORE_ID, e.BTCPAY_API_KEY, e.BTCPAY_WEBHOOK_SECRET];
    if (btcpay.some(Boolean) && !btcpay.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['BTCPAY_URL'],
        message: 'BTCPay needs all four: BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY, BTCPAY_WEBHOOK_SECRET',
      });
    if (e.NODE_ENV === 'production' && e.BTCPAY_URL && !e.BTCPAY_URL.startsWith('https://'))
      ctx.addIssue({
        code: 'custom',
        path: ['BTCPAY_URL'],
        message: 'an https:// address in NODE_ENV=production: every request to BTCPay carries the API key',
      });
    if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      });
    // A secret made on first start lives in the database, so every backup and replica carries the key that
    // signs sessions: production keeps it in its environment instead.
    if (e.NODE_ENV === 'production' && !e.AUTH_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'required when NODE_ENV=production (at least 32 characters, e.g. `openssl rand -hex 32`)',
      });
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message:
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: a pair is made on first start)',
      });
    const s3 = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message:
          'object storage needs all five: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      });
    if (e.DATABASE_READ_URLS.length && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URLS'],
        message: 'replicas of a PostgreSQL primary: set DATABASE_URL too',
      });
    if (e.MEDIA_PUBLIC_URL && !e.S3_BUCKET)
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_PUBLIC_URL'],
        message: 'serves images from the S3 bucket: set the S3_* variables too',
      });
    if (Boolean(e.DISCORD_CLIENT_ID) !== Boolean(e.DISCORD_CLIENT_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_CLIENT_ID'],
        message: 'Discord sign-in needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET',
      });
    const oidc = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OpenID Connect sign-in needs all three: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
      });
    if (e.NODE_ENV === 'production' && e.OUTBOUND_ALLOW_PRIVATE)
      ctx.addIssue({
        code: 'custom',
        path: ['OUTBOUND_ALLOW_PRIVATE'],
        message: 'lets the server send requests into private networks; refused in NODE_ENV=production',
      });
    for (const name of ['DISCORD_API_URL', 'DISCORD_WEBHOOK_API_URL', 'TELEGRAM_API_URL'] as const)
      if (e.NODE_ENV === 'production' && e[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'a stand-in for tests and development; production sends to Discord and Telegram themselves',
        });
    if (e.NODE_ENV === 'production' && e.PAYMENTS_SANDBOX)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_SANDBOX'],
        message: 'the sandbox checkout takes no real money and is refused in NODE_ENV=production',
      });
    if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST < PRODUCTION_COST)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `under ${PRODUCTION_COST} is for test servers, not NODE_ENV=production`,
      });
  });

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Streaming replicas for reads that may be a moment stale (db/replicas.ts); empty: all on the primary. */
    databaseReadUrls: e.DATABASE_READ_URLS,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    /** Behind a pooler: the server itself, for LISTEN, the job queue and migrations (decision 040). */
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseStatements: e.DATABASE_STATEMENTS,
    dataDir,
    // Demo data goes into the embedded database by default, never into a configured server unless asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    /** Encrypts license keys at rest; unset: made on first start and kept in DATA_DIR/content-key. */
    contentKey: e.CONTENT_KEY,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    trustedOrigins: [
      new URL(publicUrl).origin,
      ...e.TRUSTED_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    links: {
      supportStreamUrl: e.SUPPORT_STREAM_URL ?? null,
      communityChatUrl: e.COMMUNITY_CHAT_URL ?? null,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    /** How often the buyer-protection release job looks for orders whose window has ended; 0 turns it off. */
    escrowReleaseIntervalMs: e.ESCROW_RELEASE_INTERVAL_MS,
    /** How often rate-limit rows, expired sessions and tokens are deleted (a queue job); 0 turns it off. */
    cleanUpIntervalMs: e.CLEAN_UP_INTERVAL_MS,
    /** How often the digest job looks for members due a summary mail (a queue job); 0 turns it off. */
    digestIntervalMs: e.DIGEST_INTERVAL_MS,
    /** How often members are promoted to the trust level time alone earned them (a queue job); 0: off. */
    trustLevelsIntervalMs: e.TRUST_LEVELS_INTERVAL_MS,
    payments: paymentsConfig(e),
    /** How often pending deposits past their expiry are re-read at their processor (a queue job); 0: off. */
    depositReconcileIntervalMs: e.DEPOSIT_RECONCILE_INTERVAL_MS,
    /** Web Push (issue 37): the VAPID pair (unset: made on first start, kept encrypted) and its contact. */
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:push@${new URL(publicUrl).hostname}`,
    },
    /**
     * Outgoing requests to addresses members give (push services) go to public addresses only; a
     * development machine's own push service or hook receiver on loopback needs this (never in production).
     */
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? false,
    /**
     * Outgoing webhooks (modules/hooks): where Discord webhook URLs must point and where Telegram's Bot API
     * answers. Production uses Discord's and Telegram's own; a test points both at a receiver on loopback.
     */
    hooks: {
      discordApiUrls: e.DISCORD_WEBHOOK_API_URL
        ? [e.DISCORD_WEBHOOK_API_URL.replace(/\/$/, '')]
        : ['https://discord.com/api', 'https://discordapp.com/api'],
      telegramApiUrl: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/$/, ''),
    },
    sso: ssoConfig(e),
    /** Whether this instance runs queue jobs (every instance can still enqueue). */
    jobWorkers: e.JOB_WORKERS,
    /** Every socket is pinged this often; one that has not answered the previous ping is dropped. */
    realtimeHeartbeatMs: e.REALTIME_HEARTBEAT_MS,
    mail: {
      concurrency: e.MAIL_CONCURRENCY,
      limits: {
        perMemberPerHour: e.MAIL_RATE_PER_MEMBER_PER_HOUR,
        globalPerMinute: e.MAIL_RATE_PER_MINUTE,
        awaySeconds: e.MAIL_AWAY_SECONDS,
      },
    },
    /** scrypt's N for new password hashes; lowered only by test servers. */
    passwordHashCost: e.PASSWORD_HASH_COST,
    /** Image uploads (modules/uploads, issue 36). */
    uploads: {
      /** Re-encodes at once on this instance; one more answers 503 with `retryAfterSeconds`. */
      concurrency: e.UPLOAD_CONCURRENCY,
      retryAfterSeconds: e.UPLOAD_RETRY_AFTER_SECONDS,
      /** Bytes a member may store in any 24 hours; 0 turns the quota off. */
      dailyBytes: e.UPLOAD_DAILY_BYTES,
      /** How often images nothing used within a day of upload are deleted (a queue job); 0 turns it off. */
      sweepIntervalMs: e.UPLOAD_SWEEP_INTERVAL_MS,
      /** An S3-compatible bucket for new images (modules/uploads/bucket.ts); unset: they stay in PostgreSQL. */
      bucket:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
            }
          : undefined,
    },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    /** JSON lines in production; one pretty line per request everywhere else (plugins/logging.ts). */
    prettyLogs: e.NODE_ENV !== 'production',
    metrics: {
      /** `GET /metrics` with `Authorization: Bearer <token>`; unset: the route does not exist. */
      token: e.METRICS_TOKEN,
      /** A second listener on 127.0.0.1 serving `/metrics` without a token; unset: none. */
      port: e.METRICS_PORT,
    },
    /** Load shedding (plugins/pressure.ts); 0 turns a limit off. */
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_USED_BYTES,
      maxPoolWaitMs: e.PRESSURE_MAX_POOL_WAIT_MS,
      sampleIntervalMs: e.PRESSURE_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.PRESSURE_RETRY_AFTER_SECONDS,
    },
  };
}

/**
 * The payment processors this site takes top-ups through (decision 032): each only when configured. The
 * sandbox (a checkout page of our own that takes no money) is on by default in development when no real
 * processor is configured, and never in production.
 */
function paymentsConfig(e: z.output<typeof envSchema>) {
  const btcpay =
    e.BTCPAY_URL && e.BTCPAY_STORE_ID && e.BTCPAY_API_KEY && e.BTCPAY_WEBHOOK_SECRET
      ? {
          url: e.BTCPAY_URL.replace(/\/$/, ''),
          storeId: e.BTCPAY_STORE_ID,
          apiKey: e.BTCPAY_API_KEY,
          webhookSecret: e.BTCPAY_WEBHOOK_SECRET,
        }
      : undefined;
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined;
  const sandbox = e.NODE_ENV !== 'production' && (e.PAYMENTS_SANDBOX ?? (!btcpay && !stripe));
  return { btcpay, stripe, sandbox };
}
export type PaymentsConfig = ReturnType<typeof paymentsConfig>;

/**
 * The sign-in providers besides the password (issue 37): Discord and one OpenID Connect provider, each only
 * when configured. Discord's address is configurable for the loopback test server, as Stripe's is.
 */
function ssoConfig(e: z.output<typeof envSchema>) {
  const discord =
    e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
      ? {
          clientId: e.DISCORD_CLIENT_ID,
          clientSecret: e.DISCORD_CLIENT_SECRET,
          apiUrl: (e.DISCORD_API_URL ?? 'https://discord.com').replace(/\/$/, ''),
        }
      : undefined;
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          name: e.OIDC_NAME ?? 'OpenID Connect',
        }
      : undefined;
  return { discord, oidc };
}
export type SsoConfig = ReturnType<typeof ssoConfig>;

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
