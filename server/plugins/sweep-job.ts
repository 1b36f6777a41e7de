import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobQueue } from './queue.ts';

/**
 * A periodic sweep of the queue as a plugin: every instance sends it each `intervalMs`, its stately queue
 * keeps one waiting and one running across all of them, and a pass that changed rows logs how many under
 * `logged.field`.
 */
export function sweepJobPlugin<Options extends { intervalMs: number }>(
  name: Parameters<JobQueue['every']>[0],
  plugin: string,
  sweep: (app: FastifyInstance, options: Options) => Promise<number>,
  logged: { field: string; message: string },
) {
  return fp<Options>(
    async (app: FastifyInstance, options) => {
      app.jobs.work(name, async () => {
        const count = await sweep(app, options);
        if (count > 0) app.log.info({ [logged.field]: count }, logged.message);
      });
      app.jobs.every(name, options.intervalMs);
    },
    { name: plugin, dependencies: ['job-queue'] },
  );
}
