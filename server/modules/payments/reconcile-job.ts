import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PaymentsDeps, reconcileOverdue } from './service.ts';

/**
 * Re-reads pending deposits past their window at their processor (decision 032), as a stately queue job:
 * a webhook that never arrived still credits or expires its deposit. Every instance queues the sweep; one
 * runs at a time, and each deposit's change is still a conditional update only one transaction wins.
 */
export const depositReconcilePlugin = fp<{ deps: PaymentsDeps; intervalMs: number }>(
  async (app: FastifyInstance, { deps, intervalMs }) => {
    app.jobs.work('deposit-reconcile', async () => {
      const changed = await reconcileOverdue(deps, app.log);
      if (changed > 0) app.log.info({ changed }, 'deposits reconciled');
    });
    app.jobs.every('deposit-reconcile', intervalMs);
  },
  { name: 'deposit-reconcile-job', dependencies: ['job-queue'] },
);
