import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { antiBotPlugin, antiBotRoutes } from './modules/anti-bot/plugin.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createLinkMinter } from './modules/auth/mail-links.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { loadAuthSecret } from './modules/auth/secret.ts';
import { createSessionLookup } from './modules/auth/session-lookup.ts';
import { cheatRoutes } from './modules/cheats/routes.ts';
import { ensureDefaultRanks } from './modules/commerce/listings/queries/ranks.ts';
import { marketplaceRoutes } from './modules/commerce/listings/routes.ts';
import { releaseJobPlugin } from './modules/commerce/orders/release-job.ts';
import { orderRoutes } from './modules/commerce/orders/routes.ts';
import { stockRoutes } from './modules/commerce/stock/routes.ts';
import { watchRoutes } from './modules/commerce/watches/routes.ts';
import { directMessageRoutes } from './modules/direct-messages/routes.ts';
import { ensureDefaultCategories } from './modules/forum/queries/categories.ts';
import { forumRoutes } from './modules/forum/routes.ts';
import { heldPublishers as forumPublishers } from './modules/forum/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { hookJobsPlugin } from './modules/hooks/jobs.ts';
import { hookRoutes } from './modules/hooks/routes.ts';
import { linkCardRoutes } from './modules/link-cards/routes.ts';
import { mailJobsPlugin } from './modules/mail/jobs.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { findLocale } from './modules/me/queries.ts';
import { meRoutes } from './modules/me/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { passkeyRoutes, passkeySignInRoutes } from './modules/passkeys/routes.ts';
import { btcpayPayoutSender } from './modules/payments/btcpay-payouts.ts';
import { btcpayWebhookRoutes } from './modules/payments/btcpay-routes.ts';
import { configuredProcessors } from './modules/payments/processors.ts';
import { depositReconcilePlugin } from './modules/payments/reconcile-job.ts';
import { depositRoutes, stripeWebhookRoutes } from './modules/payments/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { pushJobsPlugin } from './modules/push/jobs.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { loadVapidKeys } from './modules/push/vapid.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { reputationRoutes } from './modules/reputation/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { sellerRoutes } from './modules/seller/routes.ts';
import { createSecurityAlerts, securityAlertJobsPlugin } from './modules/sessions/alerts.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { siteSettingsRoutes } from './modules/site-settings/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { heldPublishers as socialPublishers } from './modules/social/service.ts';
import { ssoAuthRoutes, ssoMeRoutes } from './modules/sso/routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { trustLevelsJobPlugin } from './modules/trust/job.ts';
import { trustRoutes } from './modules/trust/routes.ts';
import { createMediaBucket } from './modules/uploads/bucket.ts';
import { createReencodeGate } from './modules/uploads/gate.ts';
import { mediaRoutes, uploadRoutes } from './modules/uploads/routes.ts';
import { uploadSweepPlugin } from './modules/uploads/sweep-job.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { payoutReconcilePlugin } from './modules/withdrawals/payout-reconcile-job.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { cleanUpPlugin } from './plugins/clean-up.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { type LogDestination, lazyChildLogger, loggerOptions, requestLogPlugin } from './plugins/logging.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import {
  sessionScheme,
  sessionSecurityScheme,
  transformDocument,
  transformOperation,
} from './plugins/openapi-document.ts';
import { pressurePlugin } from './plugins/pressure.ts';
import { queuePlugin } from './plugins/queue.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { readRoutingPlugin } from './plugins/read-routing.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { routeContractPlugin } from './plugins/route-contract.ts';
import { securityPlugin } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { webPlugin } from './plugins/web.ts';
import { createContentCipher, loadContentKey } from './security/content-cipher.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Log lines go here instead of stdout (same format and redaction; tests read them). */
  logDestination?: LogDestination;
  webRoot?: string;
}

const defaultWebRoot = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function buildApp({ config, database, mailer, logger, logDestination, webRoot }: AppDeps) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config, logDestination),
    // One line per request instead, from requestLogPlugin.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify accepts a hop count too; its types lag behind.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: config.bodyLimit,
    // Ids and cookies never exceed this; longer URLs are junk or attacks.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    return503OnClosing: true,
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // What the API generates (JSON over 1 KB) goes out br or gzip; the web app's files come compressed from
  // the build (plugins/web.ts) and the WebSocket never passes through Fastify's routes (decision 012).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) route.compress ??= false;
  });
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, {
    database,
    token: config.metrics.token,
    port: config.metrics.port,
  });
  // Before anything else that runs per request: a shed request costs no session lookup.
  await app.register(pressurePlugin, { database, limits: config.pressure });
  // Responses only: request bodies are read as sent, as before (no inflating of compressed uploads).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(errorsPlugin, { localeOf: (userId: string) => findLocale(database.db, userId) });
  await app.register(queuePlugin, {
    database,
    workers: config.jobWorkers,
    mailAwaySeconds: config.mail.limits.awaySeconds,
  });
  await app.register(readRoutingPlugin, { database, secureCookies: config.secureCookies });
  await app.register(securityPlugin, { trustedOrigins: config.trustedOrigins, secure: config.secureCookies });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CheatMarket API',
        version: '1.0.0',
        description:
          'REST API of the community site and credits marketplace. Errors: {"error":{"code","message","fields"}}.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { [sessionScheme]: sessionSecurityScheme(config.secureCookies) } },
    },
    // Operation names, the session cookie's security scheme and each operation's requirement: decision 044.
    transform: transformOperation,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const db = database.db;
  const mail =
    mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const secret = await loadAuthSecret(db, config.authSecret);
  const cipher = createContentCipher(loadContentKey(config.contentKey, config.dataDir));
  const vapid = await loadVapidKeys(db, config.push, secret);
  const hookDeps = {
    db,
    cipher,
    ...config.hooks,
    allowPrivate: config.outboundAllowPrivate,
    publicUrl: config.publicUrl,
  };
  app.decorate('securityAlerts', createSecurityAlerts({ db }));
  app.decorate('reencodes', createReencodeGate(config.uploads.concurrency));
  const bucket = config.uploads.bucket ? createMediaBucket(config.uploads.bucket) : undefined;
  app.decorate('auth', createAuth({ db, config, secret, log: app.log, securityAlerts: app.securityAlerts }));
  app.decorate('sessionViewer', await createSessionLookup(db, app.auth));
  const limiter = createRateLimiter(db, config.rateLimitScale);
  const payments = {
    db,
    publicUrl: config.publicUrl,
    processors: configuredProcessors(config.payments, config.publicUrl),
  };
  // BTCPay pays withdrawals out once it is configured (withdrawals/payout-sender.ts); 'manual' always.
  const payoutSender = config.payments.btcpay ? btcpayPayoutSender(config.payments.btcpay) : undefined;
  await app.register(routeContractPlugin, { limiter });
  await app.register(antiBotPlugin, { db, secret });
  // The forum needs somewhere to post: default categories on a database that has none.
  await ensureDefaultCategories(db);
  await ensureDefaultRanks(db);

  await app.register(authRoutes, { prefix: '/api/auth', db, publicUrl: config.publicUrl });
  await app.register(passkeySignInRoutes, { prefix: '/api/auth', db, publicUrl: config.publicUrl });
  await app.register(ssoAuthRoutes, { prefix: '/api/auth', db, config });
  await app.register(healthRoutes, {
    prefix: '/api',
    database,
    retryAfterSeconds: config.pressure.retryAfterSeconds,
  });
  await app.register(
    async (v1) => {
      await v1.register(meRoutes, { db });
      await v1.register(antiBotRoutes, { db });
      await v1.register(sessionRoutes, { db });
      await v1.register(passkeyRoutes, { db, publicUrl: config.publicUrl });
      await v1.register(ssoMeRoutes, { db, config });
      await v1.register(siteSettingsRoutes, { links: config.links, db });
      await v1.register(adminRoutes, { db });
      await v1.register(auditRoutes, { db });
      await v1.register(ticketRoutes, { db });
      await v1.register(socialRoutes, { db });
      await v1.register(profileRoutes, { db });
      await v1.register(productRoutes, { db });
      await v1.register(cheatRoutes, { db });
      await v1.register(forumRoutes, { db });
      await v1.register(marketplaceRoutes, { db, cipher });
      await v1.register(orderRoutes, { db, cipher });
      await v1.register(stockRoutes, { db, cipher });
      await v1.register(sellerRoutes, { db });
      await v1.register(watchRoutes, { db });
      await v1.register(reputationRoutes, { db });
      // An approved post is published by the module that owns it: review never imports forum or social.
      await v1.register(reviewRoutes, { db, publishers: { ...forumPublishers, ...socialPublishers } });
      await v1.register(walletRoutes, { db });
      await v1.register(depositRoutes, payments);
      const { stripe } = payments.processors;
      if (stripe) await v1.register(stripeWebhookRoutes, { ...payments, stripe });
      if (config.payments.btcpay)
        await v1.register(btcpayWebhookRoutes, { deps: payments, config: config.payments.btcpay });
      await v1.register(withdrawalRoutes, {
        db,
        authSecret: secret,
        availableMethods: payoutSender ? ['manual', payoutSender.method] : ['manual'],
        sender: payoutSender,
      });
      await v1.register(reportRoutes, { db });
      await v1.register(notificationRoutes, { db });
      await v1.register(directMessageRoutes, { db });
      await v1.register(searchRoutes, { db });
      await v1.register(mailRoutes, { db, secret });
      await v1.register(uploadRoutes, {
        db,
        retryAfterSeconds: config.uploads.retryAfterSeconds,
        dailyBytes: config.uploads.dailyBytes,
        bucket,
      });
      await v1.register(pushRoutes, {
        db,
        publicKey: vapid.publicKey,
        allowPrivate: config.outboundAllowPrivate,
      });
      await v1.register(trustRoutes, { db });
      await v1.register(hookRoutes, hookDeps);
    },
    { prefix: '/api/v1' },
  );
  await app.register(mediaRoutes, { db, bucket });
  await app.register(realtimePlugin, {
    database,
    trustedOrigins: config.trustedOrigins,
    heartbeatMs: config.realtimeHeartbeatMs,
  });
  await app.register(releaseJobPlugin, { db, intervalMs: config.escrowReleaseIntervalMs });
  await app.register(depositReconcilePlugin, {
    deps: payments,
    intervalMs: config.depositReconcileIntervalMs,
  });
  if (payoutSender)
    await app.register(payoutReconcilePlugin, {
      db,
      sender: payoutSender,
      intervalMs: config.depositReconcileIntervalMs,
    });
  await app.register(cleanUpPlugin, { db, limiter, intervalMs: config.cleanUpIntervalMs });
  await app.register(trustLevelsJobPlugin, { db, intervalMs: config.trustLevelsIntervalMs });
  await app.register(uploadSweepPlugin, { db, bucket, intervalMs: config.uploads.sweepIntervalMs });
  await app.register(securityAlertJobsPlugin, { db });
  await app.register(mailJobsPlugin, {
    db,
    mailer: mail,
    publicUrl: config.publicUrl,
    secret,
    limits: config.mail.limits,
    concurrency: config.mail.concurrency,
    digestIntervalMs: config.digestIntervalMs,
    links: createLinkMinter({ db, auth: app.auth, publicUrl: config.publicUrl }),
  });
  await app.register(linkCardRoutes, { db, publicUrl: config.publicUrl });
  await app.register(pushJobsPlugin, {
    db,
    vapid,
    subject: config.push.subject,
    publicUrl: config.publicUrl,
    allowPrivate: config.outboundAllowPrivate,
  });
  await app.register(hookJobsPlugin, hookDeps);
  await app.register(webPlugin, {
    root: webRoot ?? config.webRoot ?? path.resolve(defaultWebRoot),
    db,
    publicUrl: config.publicUrl,
  });
  return app;
}
