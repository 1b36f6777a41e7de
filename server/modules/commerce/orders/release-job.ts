import type { Db } from '../../../db/client.ts';
import { sweepJobPlugin } from '../../../plugins/sweep-job.ts';
import { releaseDueOrders } from './service.ts';

/**
 * Pays sellers whose buyer-protection window has ended, as a job of the queue (decision 016). The state
 * lives in the orders table (status and release_at), so a restart simply finds the due orders again; every
 * instance queues the sweep on its timer, the stately queue keeps one waiting and one running across all of
 * them, and each release is still a conditional update only one transaction can win.
 */
export const releaseJobPlugin = sweepJobPlugin<{ db: Db; intervalMs: number }>(
  'escrow-release',
  'escrow-release-job',
  (_app, { db }) => releaseDueOrders(db),
  { field: 'released', message: 'escrow released' },
);
