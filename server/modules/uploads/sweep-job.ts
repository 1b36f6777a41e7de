import type { Db } from '../../db/client.ts';
import { sweepJobPlugin } from '../../plugins/sweep-job.ts';
import type { MediaBucket } from './bucket.ts';
import { sweepUnreferenced } from './service.ts';

/**
 * Images uploaded and never used (no post, listing, product, thread or reply saved with them) are deleted a
 * day after upload (issue 36): a periodic job of the queue, once per interval across all instances.
 */
export const uploadSweepPlugin = sweepJobPlugin<{
  db: Db;
  bucket: MediaBucket | undefined;
  intervalMs: number;
}>('upload-sweep', 'upload-sweep', (_app, { db, bucket }) => sweepUnreferenced(db, bucket), {
  field: 'deleted',
  message: 'unused uploads deleted',
});
