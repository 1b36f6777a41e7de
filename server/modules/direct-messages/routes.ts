import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directMessageTexts as m } from '../../../contract/messages.ts';
import { directMessageRoutes as r } from '../../../contract/routes/direct-messages.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { deleteConversation, getThread, listConversations, sendMessage, setBlock } from './service.ts';

/** The routes of contract/routes/direct-messages.ts: their handlers and what only the server knows. */
export const directMessageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['messages'] });
  const deps = { db };

  route.on(r.conversations, { unauthenticated: m.loginToView }, async (request) =>
    listConversations(db, signedIn(request), request.query.cursor),
  );

  route.on(r.thread, { unauthenticated: m.loginToView }, async (request) =>
    getThread(db, signedIn(request), request.params.userId, request.query.cursor),
  );

  route.on(r.deleteConversation, { limit: 'conversationDeletePerUser' }, async (request) => {
    await deleteConversation(db, signedIn(request), request.params.userId);
    return { ok: true as const };
  });

  route.on(r.send, { unauthenticated: m.loginToSend, limit: 'directMessagePerUser' }, async (request) =>
    sendMessage(deps, signedIn(request), request.body, request.ip),
  );

  for (const [entry, blocked] of [
    [r.block, true],
    [r.unblock, false],
  ] as const) {
    route.on(entry, { limit: 'blockPerUser' }, async (request) =>
      setBlock(deps, signedIn(request), request.params.id, blocked),
    );
  }
};
