import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import type { MediaBucket } from './bucket.ts';
import { sweepUnreferenced } from './service.ts';

/**
 * Images uploaded and never used (no post, listing, product, thread or reply saved with them) are deleted a
 * day after upload (issue 36): a periodic job of the queue, once per interval across all instances.
 */
export const uploadSweepPlugin = fp<{ db: Db; bucket: MediaBucket | undefined; intervalMs: number }>(
  async (app: FastifyInstance, { db, bucket, intervalMs }) => {
    app.jobs.work('upload-sweep', async () => {
      const deleted = await sweepUnreferenced(db, bucket);
      if (deleted) app.log.info({ deleted }, 'unused uploads deleted');
    });
    app.jobs.every('upload-sweep', intervalMs);
  },
  { name: 'upload-sweep', dependencies: ['job-queue'] },
);
