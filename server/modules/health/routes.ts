import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes as r } from '../../../contract/routes/health.ts';
import type { Database } from '../../db/client.ts';
import { notShed } from '../../plugins/pressure.ts';
import { routesFor } from '../../plugins/routes-for.ts';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; retryAfterSeconds: number }> = async (
  app,
  { database, retryAfterSeconds },
) => {
  const route = routesFor(app, { tags: ['health'] });

  // Answers under pressure too, to say which limit tripped.
  route.on(r.get, { config: notShed }, async (_request, reply) => {
    const started = performance.now();
    let ok = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
    }
    const tripped = app.pressure();
    const healthy = ok && tripped.length === 0;
    const body = {
      status: healthy ? ('ok' as const) : ('degraded' as const),
      database: { ok, kind: database.kind, latencyMs: Math.round(performance.now() - started) },
      pressure: { ok: tripped.length === 0, tripped },
      uptimeSeconds: Math.round(process.uptime()),
    };
    if (tripped.length > 0) reply.header('retry-after', String(retryAfterSeconds));
    return reply.status(healthy ? 200 : 503).send(body);
  });
};
