import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.seedDemo).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.trustProxy).toBe(false);
    expect(c.trustedOrigins).toEqual(['http://localhost:3000']);
  });

  it('never seeds a configured PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('uses secure cookies behind an https PUBLIC_URL and parses TRUST_PROXY', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://cm.example.com/',
      TRUST_PROXY: '1',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.secureCookies).toBe(true);
    expect(c.publicUrl).toBe('https://cm.example.com');
    expect(c.trustProxy).toBe(1);
    expect(c.trustedOrigins).toEqual(['https://cm.example.com', 'https://a.example', 'https://b.example']);
  });

  it('reads the metrics and load-shedding variables, with shedding on by default', () => {
    const d = loadConfig({});
    expect(d.metrics).toEqual({ token: undefined, port: undefined });
    expect(d.pressure).toEqual({
      maxEventLoopDelayMs: 1000,
      maxHeapUsedBytes: 0,
      maxPoolWaitMs: 500,
      sampleIntervalMs: 1000,
      retryAfterSeconds: 10,
    });
    expect(d.prettyLogs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).prettyLogs).toBe(false);
    const c = loadConfig({
      METRICS_TOKEN: 'a-token-of-enough-length',
      METRICS_PORT: '9464',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_USED_BYTES: '1000000000',
      PRESSURE_MAX_POOL_WAIT_MS: '5',
      PRESSURE_SAMPLE_INTERVAL_MS: '250',
      PRESSURE_RETRY_AFTER_SECONDS: '30',
    });
    expect(c.metrics).toEqual({ token: 'a-token-of-enough-length', port: 9464 });
    expect(c.pressure).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 1_000_000_000,
      maxPoolWaitMs: 5,
      sampleIntervalMs: 250,
      retryAfterSeconds: 30,
    });
  });

  it('reads the job queue and mail settings, with defaults', () => {
    const d = loadConfig({});
    expect(d.cleanUpIntervalMs).toBe(3_600_000);
    expect(d.digestIntervalMs).toBe(3_600_000);
    expect(d.jobWorkers).toBe(true);
    expect(d.mail).toEqual({
      concurrency: 4,
      limits: { perMemberPerHour: 30, globalPerMinute: 600, awaySeconds: 300 },
    });
    const c = loadConfig({
      CLEAN_UP_INTERVAL_MS: '0',
      DIGEST_INTERVAL_MS: '0',
      JOB_WORKERS: 'false',
      MAIL_CONCURRENCY: '8',
      MAIL_RATE_PER_MEMBER_PER_HOUR: '5',
      MAIL_RATE_PER_MINUTE: '60',
      MAIL_AWAY_SECONDS: '120',
    });
    expect(c.cleanUpIntervalMs).toBe(0);
    expect(c.digestIntervalMs).toBe(0);
    expect(c.jobWorkers).toBe(false);
    expect(c.mail).toEqual({
      concurrency: 8,
      limits: { perMemberPerHour: 5, globalPerMinute: 60, awaySeconds: 120 },
    });
  });

  it('hashes passwords at the production cost unless a test server lowers it, never in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(32768);
    expect(loadConfig({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '65536' }).passwordHashCost).toBe(65536);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '1024' })).toThrow(
      'PASSWORD_HASH_COST: under 32768 is for test servers, not NODE_ENV=production',
    );
    for (const bad of ['1000', '512', '2097152', 'x'])
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('configures a processor only when all its variables are set; the sandbox never in production', () => {
    expect(loadConfig({}).payments).toEqual({ btcpay: undefined, stripe: undefined, sandbox: true });
    const btcpay = {
      BTCPAY_URL: 'https://pay.example.com/',
      BTCPAY_STORE_ID: 'store',
      BTCPAY_API_KEY: 'key',
      BTCPAY_WEBHOOK_SECRET: 'whsecret1',
    };
    const c = loadConfig(btcpay);
    expect(c.payments.btcpay).toEqual({
      url: 'https://pay.example.com',
      storeId: 'store',
      apiKey: 'key',
      webhookSecret: 'whsecret1',
    });
    // A real processor configured: no sandbox unless asked for.
    expect(c.payments.sandbox).toBe(false);
    expect(loadConfig({ ...btcpay, PAYMENTS_SANDBOX: 'true' }).payments.sandbox).toBe(true);
    expect(() => loadConfig({ BTCPAY_URL: 'https://pay.example.com' })).toThrow(
      /BTCPAY_URL: BTCPay needs all four/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_SECRET_KEY: Stripe needs both/,
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments.stripe,
    ).toEqual({
      secretKey: 'sk_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).payments.sandbox).toBe(false);

    // Sign-in providers (issue 37): each only when configured, all its variables together.
    expect(loadConfig({}).sso).toEqual({ discord: undefined, oidc: undefined });
    expect(loadConfig({ DISCORD_CLIENT_ID: 'id', DISCORD_CLIENT_SECRET: 'secret' }).sso.discord).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://discord.com',
    });
    expect(() => loadConfig({ DISCORD_CLIENT_ID: 'id' })).toThrow(
      /DISCORD_CLIENT_ID: Discord sign-in needs both/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_ISSUER: OpenID Connect sign-in needs all three/,
    );
    expect(
      loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).sso
        .oidc,
    ).toEqual({ issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's', name: 'OpenID Connect' });
    expect(() => loadConfig({ ...production, PAYMENTS_SANDBOX: 'true' })).toThrow(
      /PAYMENTS_SANDBOX: the sandbox checkout takes no real money and is refused in NODE_ENV=production/,
    );
  });

  it('requires AUTH_SECRET in production (issue 36 finding: a secret made on first start sits in every backup)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'y'.repeat(32) }).authSecret).toBe(
      'y'.repeat(32),
    );
  });

  it('reads BTCPay only when all four are set, and only over https in production', () => {
    const btcpay = {
      BTCPAY_URL: 'https://btcpay.example/',
      BTCPAY_STORE_ID: 'store',
      BTCPAY_API_KEY: 'key',
      BTCPAY_WEBHOOK_SECRET: 'webhook-secret',
    };
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'z'.repeat(32), ...btcpay }).payments.btcpay,
    ).toEqual({
      url: 'https://btcpay.example',
      storeId: 'store',
      apiKey: 'key',
      webhookSecret: 'webhook-secret',
    });
    expect(loadConfig({}).payments.btcpay).toBeUndefined();
    expect(() => loadConfig({ ...btcpay, BTCPAY_API_KEY: undefined })).toThrow(
      /BTCPAY_URL: BTCPay needs all four/,
    );
    expect(loadConfig({ ...btcpay, BTCPAY_URL: 'http://127.0.0.1:49392' }).payments.btcpay?.url).toBe(
      'http://127.0.0.1:49392',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'z'.repeat(32),
        ...btcpay,
        BTCPAY_URL: 'http://btcpay.example',
      }),
    ).toThrow(/BTCPAY_URL: an https:\/\/ address in NODE_ENV=production/);
  });

  it('refuses invalid values with the variable named', () => {
    for (const [name, value] of [
      ['CLEAN_UP_INTERVAL_MS', '-1'],
      ['DIGEST_INTERVAL_MS', '-1'],
      ['JOB_WORKERS', 'maybe'],
      ['MAIL_CONCURRENCY', '0'],
      ['MAIL_RATE_PER_MEMBER_PER_HOUR', '0'],
      ['MAIL_RATE_PER_MINUTE', 'x'],
      ['MAIL_AWAY_SECONDS', '-5'],
    ])
      expect(() => loadConfig({ [name as string]: value })).toThrow(new RegExp(name as string));
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      /PRESSURE_MAX_EVENT_LOOP_DELAY_MS/,
    );
    expect(() => loadConfig({ PRESSURE_MAX_HEAP_USED_BYTES: 'lots' })).toThrow(
      /PRESSURE_MAX_HEAP_USED_BYTES/,
    );
    expect(() => loadConfig({ PRESSURE_MAX_POOL_WAIT_MS: '1.5' })).toThrow(/PRESSURE_MAX_POOL_WAIT_MS/);
    // The count it replaced is refused by name, with what to set instead.
    expect(() => loadConfig({ PRESSURE_MAX_POOL_WAITING: '50' })).toThrow(
      'PRESSURE_MAX_POOL_WAITING: replaced by PRESSURE_MAX_POOL_WAIT_MS: how long a query may wait for a connection, in ms',
    );
    expect(() => loadConfig({ PRESSURE_SAMPLE_INTERVAL_MS: '5' })).toThrow(/PRESSURE_SAMPLE_INTERVAL_MS/);
    expect(() => loadConfig({ PRESSURE_RETRY_AFTER_SECONDS: '0' })).toThrow(/PRESSURE_RETRY_AFTER_SECONDS/);
  });
});
