import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { reconcilePayouts } from './decisions.ts';
import type { PayoutSender } from './payout-sender.ts';

/**
 * Re-reads payouts still `processing` at their processor (decision 032), as a stately queue job beside
 * 'deposit-reconcile': a payout webhook that never arrived still completes or fails its withdrawal. Every
 * instance queues the sweep; one runs at a time, and each change is a conditional update only one wins.
 */
export const payoutReconcilePlugin = fp<{ db: Db; sender: PayoutSender; intervalMs: number }>(
  async (app: FastifyInstance, { db, sender, intervalMs }) => {
    app.jobs.work('payout-reconcile', async () => {
      const changed = await reconcilePayouts({ db, sender, log: app.log });
      if (changed > 0) app.log.info({ changed }, 'payouts reconciled');
    });
    app.jobs.every('payout-reconcile', intervalMs);
  },
  { name: 'payout-reconcile-job', dependencies: ['job-queue'] },
);
