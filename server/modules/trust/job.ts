import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { refreshTrustLevels } from './levels.ts';

/**
 * Promotes members whom time alone moved up a trust level (the days since sign-up), as a stately queue job:
 * events (verification, a post, a release) promote at once; this pass catches the days. One statement.
 */
export const trustLevelsJobPlugin = fp<{ db: Db; intervalMs: number }>(
  async (app: FastifyInstance, { db, intervalMs }) => {
    app.jobs.work('trust-levels', async () => {
      const promoted = await refreshTrustLevels(db);
      if (promoted > 0) app.log.info({ promoted }, 'trust levels promoted');
    });
    app.jobs.every('trust-levels', intervalMs);
  },
  { name: 'trust-levels-job', dependencies: ['job-queue'] },
);
