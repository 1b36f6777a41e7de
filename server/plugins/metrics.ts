import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { messages } from '../../contract/messages.ts';
import type { Database } from '../db/client.ts';
import { publishedEventCount } from '../modules/realtime/bus.ts';
import { escrowHeld } from '../modules/wallet/queries.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * The app's Prometheus registry (one per app, so tests that build several apps in one process never share
 * a series). Plugins add their own metrics to `registry` (the realtime plugin adds sockets and members
 * online), the job queue its own with {@link jobMetrics}.
 */
export interface AppMetrics {
  registry: Registry;
}

/**
 * The job queue's metrics (server/plugins/queue.ts): jobs waiting per queue, read from the queue's table
 * at each scrape, and failed runs per queue, counted by the worker that saw them fail.
 */
export function jobMetrics(registry: Registry, queuedByName: () => Promise<Record<string, number>>) {
  return {
    queued: new Gauge({
      name: 'cm_jobs_queued',
      help: 'Jobs waiting to run, per queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        for (const [queue, n] of Object.entries(await queuedByName())) this.set({ queue }, n);
      },
    }),
    failed: new Counter({
      name: 'cm_jobs_failed_total',
      help: 'Job runs that failed, per queue',
      labelNames: ['queue'],
      registers: [registry],
    }),
  };
}

/** A counter whose value lives elsewhere (a monotonic count): brought up to date on each scrape. */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number) {
  let seen = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

const PURCHASE_ROUTE = '/api/v1/listings/:id/purchase';

function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics (prom-client): request latency by route pattern and status, the database pool, query
 * timeouts, Node's defaults (event-loop lag, heap, GC), pg_notify events, escrow held, purchases. Served at
 * `GET /metrics` only with `Authorization: Bearer $METRICS_TOKEN` (no token configured: no route), and/or
 * on `METRICS_PORT` bound to 127.0.0.1. Neither is in the OpenAPI document: it is not part of the API.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { database: Database; token?: string; port?: number; host?: string },
  ) => {
    const registry = new Registry();
    app.decorate('metrics', { registry });
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const purchases = new Counter({
      name: 'cm_purchases_total',
      help: 'Listings bought (new orders; idempotent replays are not counted)',
      registers: [registry],
    });
    const purchaseFailures = new Counter({
      name: 'cm_purchase_failures_total',
      help: 'Purchase requests refused or failed, by status (409 price changed or sold, 5xx errors…)',
      labelNames: ['status_code'],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL: ids would make a series per row.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      duration.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      if (route === PURCHASE_ROUTE && request.method === 'POST') {
        if (status === 201) purchases.inc();
        else if (status >= 400) purchaseFailures.inc({ status_code: String(status) });
      }
      done();
    });

    const { database } = opts;
    const pool = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    pool('cm_db_pool_total', 'Database connections open (PGlite: 1)', () => database.stats().total);
    pool('cm_db_pool_idle', 'Database connections idle', () => database.stats().idle);
    pool('cm_db_pool_waiting', 'Queries waiting for a connection', () => database.stats().waiting);
    pool(
      'cm_db_pool_wait_milliseconds',
      'How long a query now waits for a connection, as load shedding measures it (+Inf: none served while some wait)',
      () => database.stats().waitMs,
    );
    pool('cm_db_queries_in_flight', 'Queries started and not finished', () => database.stats().inFlight);
    mirroredCounter(
      registry,
      'cm_db_query_timeouts_total',
      'Queries that failed on the query timeout (PostgreSQL)',
      () => database.stats().queryTimeouts,
    );
    mirroredCounter(
      registry,
      'cm_realtime_events_published_total',
      'Live events queued with pg_notify by this process (dropped again if their transaction rolls back)',
      publishedEventCount,
    );
    new Gauge({
      name: 'cm_escrow_held_credits',
      help: 'Credits held in escrow for orders awaiting confirmation or in dispute',
      registers: [registry],
      async collect() {
        this.set(await escrowHeld(database.db));
      },
    });

    const scrape = async () => ({ type: registry.contentType, body: await registry.metrics() });

    if (opts.token) {
      const token = opts.token;
      app.get(
        '/metrics',
        // Not shed under pressure: that is when the operator needs it most.
        { schema: { hide: true }, config: { pressureHandler: () => undefined } },
        async (request, reply) => {
          const auth = request.headers.authorization ?? '';
          const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
          if (!given || !sameToken(given, token))
            return reply.status(401).send(errorBody('UNAUTHENTICATED', messages.unauthenticated));
          const { type, body } = await scrape();
          return reply.type(type).header('cache-control', 'no-store').send(body);
        },
      );
    }

    if (opts.port !== undefined) {
      const port = opts.port;
      let server: Server | undefined;
      // Its own listener, loopback only: reachable by a local agent, never through the public port.
      app.addHook('onReady', async () => {
        server = createServer((req, res) => {
          if (req.method !== 'GET' || req.url !== '/metrics') {
            res.writeHead(404).end();
            return;
          }
          scrape().then(
            ({ type, body }) => res.writeHead(200, { 'content-type': type }).end(body),
            (err: unknown) => {
              app.log.warn({ err }, 'metrics scrape failed');
              res.writeHead(500).end();
            },
          );
        });
        await new Promise<void>((resolve, reject) => {
          server!.once('error', reject);
          server!.listen(port, opts.host ?? '127.0.0.1', () => resolve());
        });
      });
      app.addHook('onClose', async () => {
        if (server?.listening) await new Promise((resolve) => server!.close(resolve));
      });
    }
  },
  { name: 'metrics' },
);
