import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicHttpsAgent } from '../../security/outbound.ts';
import { sendToHook } from './deliver.ts';
import type { HookDeps } from './service.ts';

/** The webhook worker: one delivery per job, four at a time, through the public-only agent. */
export const hookJobsPlugin = fp<HookDeps>(
  async (app: FastifyInstance, deps) => {
    const agent = publicHttpsAgent(deps.allowPrivate);
    app.addHook('onClose', async () => agent.destroy());
    app.jobs.work('hook-send', (job) => sendToHook(deps, agent, job), { concurrency: 4 });
  },
  { name: 'hook-jobs', dependencies: ['job-queue'] },
);
