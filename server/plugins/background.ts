import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Background {
  /** Runs work after the response (its failure is logged, never thrown at a caller). */
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves when nothing started by `run` is still going (shutdown waits for it; tests use it too). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const task = Promise.resolve()
        .then(work)
        .catch((err) => log.warn({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Work a request starts but need not wait for (a password-reset mail): answered first, so a known and an
 * unknown address take the same time. In-process until the durable job queue (issue 16) takes it over.
 */
export const backgroundPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('background', createBackground(app.log));
    app.addHook('onClose', async () => app.background.idle());
  },
  { name: 'background' },
);
