import type { Db } from '../../db/client.ts';
import { sweepJobPlugin } from '../../plugins/sweep-job.ts';
import { reconcilePayouts } from './decisions.ts';
import type { PayoutSender } from './payout-sender.ts';

/**
 * Re-reads payouts still `processing` at their processor (decision 032), as a stately queue job beside
 * 'deposit-reconcile': a payout webhook that never arrived still completes or fails its withdrawal. Every
 * instance queues the sweep; one runs at a time, and each change is a conditional update only one wins.
 */
export const payoutReconcilePlugin = sweepJobPlugin<{ db: Db; sender: PayoutSender; intervalMs: number }>(
  'payout-reconcile',
  'payout-reconcile-job',
  (app, { db, sender }) => reconcilePayouts({ db, sender, log: app.log }),
  { field: 'changed', message: 'payouts reconciled' },
);
