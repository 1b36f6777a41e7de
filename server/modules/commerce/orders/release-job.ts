import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client.ts';
import { releaseDueOrders } from './service.ts';

/**
 * Pays sellers whose buyer-protection window has ended, as a job of the queue (decision 016). The state
 * lives in the orders table (status and release_at), so a restart simply finds the due orders again; every
 * instance queues the sweep on its timer, the stately queue keeps one waiting and one running across all of
 * them, and each release is still a conditional update only one transaction can win.
 */
export const releaseJobPlugin = fp<{ db: Db; intervalMs: number }>(
  async (app: FastifyInstance, { db, intervalMs }) => {
    app.jobs.work('escrow-release', async () => {
      const released = await releaseDueOrders(db);
      if (released > 0) app.log.info({ released }, 'escrow released');
    });
    app.jobs.every('escrow-release', intervalMs);
  },
  { name: 'escrow-release-job', dependencies: ['job-queue'] },
);
