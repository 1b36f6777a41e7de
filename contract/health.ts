import { z } from 'zod';

/** The load-shedding limits (server/plugins/pressure.ts) a health answer can name as tripped. */
export const pressureLimits = ['eventLoopDelay', 'heapUsedBytes', 'databasePoolWaiting'] as const;
export type PressureLimit = (typeof pressureLimits)[number];

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  /** `ok: false` while requests are being refused with 503; `tripped` says which limit. */
  pressure: z.object({ ok: z.boolean(), tripped: z.array(z.enum(pressureLimits)) }),
  uptimeSeconds: z.number(),
});
