import { monitorEventLoopDelay } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { type PressureLimit, pressureLimits } from '../../contract/health.ts';
import { messages } from '../../contract/messages.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which load-shedding limits are tripped right now (empty: none). */
    pressure(): PressureLimit[];
  }
}

const LOOP_RESOLUTION_MS = 10;

/** For routes that must answer under pressure (health, metrics): under-pressure lets them through. */
export const notShed = { pressureHandler: () => undefined };

/**
 * Load shedding with @fastify/under-pressure: when the event loop lags, the heap is too full or queries wait
 * too long for a database connection, every request is refused at once (before its session lookup)
 * with 503, `Retry-After` and the API's error body, instead of queueing until everything times out (the page
 * shell and static files excepted: they cost next to nothing and let the app explain itself). The
 * values are sampled every `sampleIntervalMs` (the loop delay as the longest stall in that interval); once they are
 * back under the limits requests pass again.
 */
export const pressurePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; limits: Config['pressure'] }) => {
    const { limits, database } = opts;
    const shed = new Counter({
      name: 'cm_requests_shed_total',
      help: 'Requests refused with 503 by load shedding, by the limit that tripped',
      labelNames: ['limit'],
      registers: [app.metrics.registry],
    });
    for (const limit of pressureLimits) shed.inc({ limit }, 0);

    // Event-loop delay is measured here rather than by under-pressure's own check, which counts from the
    // plugin's registration: building the app (schemas, PGlite) blocks the loop for seconds, and the first
    // sample would shed the first requests after every start. Measuring starts when the app is ready.
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    app.addHook('onReady', async () => loop.reset());
    app.addHook('onClose', async () => loop.disable());
    let loopTripped = false;
    let poolTripped = false;
    const check = async () => {
      // The longest stall since the last sample, not the mean: one 800 ms stall among thirty 10 ms ticks
      // averages to 26 ms, so a mean hides exactly the stalls that make requests wait.
      const longest = loop.max / 1e6 - LOOP_RESOLUTION_MS;
      loop.reset();
      loopTripped =
        limits.maxEventLoopDelayMs > 0 && Number.isFinite(longest) && longest > limits.maxEventLoopDelayMs;
      poolTripped = limits.maxPoolWaitMs > 0 && database.stats().waitMs > limits.maxPoolWaitMs;
      return !loopTripped && !poolTripped;
    };

    await app.register(underPressure, {
      maxHeapUsedBytes: limits.maxHeapUsedBytes,
      sampleInterval: limits.sampleIntervalMs,
      retryAfter: limits.retryAfterSeconds,
      healthCheck: check,
      healthCheckInterval: limits.sampleIntervalMs,
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
        // The page shell and its files are static and cheap; refused, a browser shows raw JSON or a broken
        // page. Let them through, so the app itself loads and says the service is busy on its API calls.
        if (!request.url.startsWith('/api/')) return undefined;
        const limit =
          type === underPressure.TYPE_HEAP_USED_BYTES
            ? 'heapUsedBytes'
            : loopTripped
              ? 'eventLoopDelay'
              : 'databasePoolWaiting';
        shed.inc({ limit });
        reply.status(503).header('retry-after', String(limits.retryAfterSeconds));
        // A value returned is sent as the response (under-pressure's contract).
        return errorBody('UNAVAILABLE', messages.unavailable);
      }) as never,
    });

    app.decorate('pressure', () => {
      const tripped: PressureLimit[] = [];
      if (loopTripped) tripped.push('eventLoopDelay');
      if (limits.maxHeapUsedBytes > 0 && app.memoryUsage().heapUsed > limits.maxHeapUsedBytes)
        tripped.push('heapUsedBytes');
      if (poolTripped) tripped.push('databasePoolWaiting');
      return tripped;
    });
  },
  { name: 'pressure', dependencies: ['metrics'] },
);
