import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicHttpsAgent } from '../../security/outbound.ts';
import { type PushDeps, pushNotification, sendPush } from './service.ts';

/** Web Push workers: a notification's devices, then one send per device. */
export const pushJobsPlugin = fp<Omit<PushDeps, 'isOnline'>>(
  async (app: FastifyInstance, opts) => {
    const deps: PushDeps = {
      ...opts,
      isOnline: (userId) => (app.hasDecorator('isOnline') ? app.isOnline(userId) : Promise.resolve(false)),
    };
    const agent = publicHttpsAgent(opts.allowPrivate);
    app.addHook('onClose', async () => agent.destroy());
    app.jobs.work('notification-push', (job) => pushNotification(deps, job));
    app.jobs.work('push-send', (job) => sendPush(deps, agent, job), { concurrency: 4 });
  },
  { name: 'push-jobs', dependencies: ['job-queue'] },
);
