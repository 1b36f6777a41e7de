import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALTCHA_HEADER, type ProofOfWork } from '../../../contract/anti-bot.ts';
import { antiBotRoutes as r } from '../../../contract/routes/anti-bot.ts';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { newChallenge, powKey, spendSolution } from './pow.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks a route's declared proof of work (plugins/route-contract.ts calls it; no module does). */
    proofOfWork(request: FastifyRequest, mode: ProofOfWork): Promise<void>;
    /** The challenges' HMAC key (derived from the app secret). */
    powKey: string;
  }
}

/**
 * Whether the signed-in member is a `new` member who has posted nothing yet (published or held for review):
 * their first forum thread, forum reply or social post must come with a solved challenge.
 */
async function isFirstPost(db: Db, userId: string) {
  const [row] = await rows<{ first: boolean }>(
    db,
    sql`select p.trust_level = 'new'
        and not exists (select 1 from forum_threads where user_id = p.id)
        and not exists (select 1 from forum_replies where user_id = p.id)
        and not exists (select 1 from social_posts where user_id = p.id)
        and not exists (select 1 from review_items where author_id = p.id) as first
      from profiles p where p.id = ${userId}`,
  );
  return Boolean(row?.first);
}

/**
 * Proof of work against bots (ALTCHA, self-hosted; issue 36): signed challenges handed out here, and the check
 * a route asks for by declaring `proofOfWork` in its contract.
 */
export const antiBotPlugin = fp<{ db: Db; secret: string }>(
  async (app: FastifyInstance, { db, secret }) => {
    const key = powKey(secret);
    app.decorate('proofOfWork', async (request: FastifyRequest, mode: ProofOfWork) => {
      if (mode === 'firstPost' && !(request.viewer && (await isFirstPost(db, request.viewer.id)))) return;
      const header = request.headers[ALTCHA_HEADER];
      await spendSolution(db, key, Array.isArray(header) ? header[0] : header);
    });
    app.decorate('powKey', key);
  },
  { name: 'anti-bot' },
);

export const antiBotRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['anti-bot'] });
  route.on(r.challenge, { limit: 'powChallengePerIp' }, async (_request, reply) => {
    // Each caller needs its own: no cache may hand one challenge to two people.
    reply.header('cache-control', 'no-store');
    return newChallenge(db, app.powKey);
  });
};
