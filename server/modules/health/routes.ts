import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/health.ts';
import type { Database } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        ...access('public'),
        tags: ['health'],
        summary: "The server's and the database's state (503 when the database does not answer)",
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
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
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { ok, kind: database.kind, latencyMs: Math.round(performance.now() - started) },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
