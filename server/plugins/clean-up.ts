import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sweepSpentChallenges } from '../modules/anti-bot/pow.ts';
import { pruneExpiredVerifications } from '../modules/auth/verifications.ts';
import { pruneExpiredSessions } from '../modules/sessions/queries.ts';
import { pruneSpentSteps } from '../modules/withdrawals/fresh-code.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * Deletes what has run out: rate-limit windows older than a day, expired sessions and verification tokens,
 * authenticator steps spent on money actions that no code can name any more, and spent proof-of-work challenges
 * past their expiry.
 */
export async function cleanUp(db: Db, limiter: Pick<RateLimiter, 'prune'>) {
  await limiter.prune();
  await pruneExpiredSessions(db);
  await pruneExpiredVerifications(db);
  await pruneSpentSteps(db);
  await sweepSpentChallenges(db);
}

/** The clean-up as a periodic job of the queue: once per interval across all instances (stately queue). */
export const cleanUpPlugin = fp<{ db: Db; limiter: Pick<RateLimiter, 'prune'>; intervalMs: number }>(
  async (app: FastifyInstance, { db, limiter, intervalMs }) => {
    app.jobs.work('clean-up', () => cleanUp(db, limiter));
    app.jobs.every('clean-up', intervalMs);
  },
  { name: 'clean-up', dependencies: ['job-queue'] },
);
