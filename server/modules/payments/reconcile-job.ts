import { sweepJobPlugin } from '../../plugins/sweep-job.ts';
import { type PaymentsDeps, reconcileOverdue } from './service.ts';

/**
 * Re-reads pending deposits past their window at their processor (decision 032), as a stately queue job:
 * a webhook that never arrived still credits or expires its deposit. Every instance queues the sweep; one
 * runs at a time, and each deposit's change is still a conditional update only one transaction wins.
 */
export const depositReconcilePlugin = sweepJobPlugin<{ deps: PaymentsDeps; intervalMs: number }>(
  'deposit-reconcile',
  'deposit-reconcile-job',
  (app, { deps }) => reconcileOverdue(deps, app.log),
  { field: 'changed', message: 'deposits reconciled' },
);
