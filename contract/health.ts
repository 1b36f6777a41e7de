import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
