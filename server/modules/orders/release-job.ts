import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { releaseDueOrders } from './service.ts';

/**
 * Pays sellers whose buyer-protection window has ended. The state lives in the orders table (status and
 * release_at), not in memory, so a restart simply finds the due orders again on its first sweep; every
 * instance may sweep at once, because each release is a conditional update that only one can win.
 */
export const releaseJobPlugin = fp<{ db: Db; intervalMs: number }>(
  async (app: FastifyInstance, { db, intervalMs }) => {
    if (intervalMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let stopped = false;
    const sweep = () => {
      if (running || stopped) return;
      running = releaseDueOrders(db)
        .then((released) => {
          if (released > 0) app.log.info({ released }, 'escrow released');
        })
        .catch((err) => app.log.error({ err }, 'escrow release sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'escrow-release-job' },
);
