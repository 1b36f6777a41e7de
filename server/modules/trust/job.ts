import type { Db } from '../../db/client.ts';
import { sweepJobPlugin } from '../../plugins/sweep-job.ts';
import { refreshTrustLevels } from './levels.ts';

/**
 * Promotes members whom time alone moved up a trust level (the days since sign-up), as a stately queue job:
 * events (verification, a post, a release) promote at once; this pass catches the days. One statement.
 */
export const trustLevelsJobPlugin = sweepJobPlugin<{ db: Db; intervalMs: number }>(
  'trust-levels',
  'trust-levels-job',
  (_app, { db }) => refreshTrustLevels(db),
  { field: 'promoted', message: 'trust levels promoted' },
);
