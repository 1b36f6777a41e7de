import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockParams,
  blockResponse,
  conversationPage,
  counterpartParams,
  directMessageSchema,
  dmPageQuery,
  sendMessageBody,
  threadResponse,
} from '../../../contract/direct-messages.ts';
import { errorResponse } from '../../../contract/errors.ts';
import { directMessageTexts } from '../../../contract/messages.ts';
import { okResponse } from '../../../contract/social.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { deleteConversation, getThread, listConversations, sendMessage, setBlock } from './service.ts';

export const directMessageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['messages'], access: 'member' });
  const deps = { db };

  route.get(
    '/conversations',
    {
      unauthenticated: directMessageTexts.loginToView,
      summary: 'My conversations: counterpart, latest message, unread count; newest first',
      querystring: dmPageQuery,
      response: { 200: conversationPage, 403: errorResponse, 404: errorResponse, 429: errorResponse },
    },
    async (request) => listConversations(db, signedIn(request), request.query.cursor),
  );

  route.get(
    '/conversations/:userId',
    {
      unauthenticated: directMessageTexts.loginToView,
      summary: 'My thread with a member, oldest first; opening it marks received messages read',
      params: counterpartParams,
      querystring: dmPageQuery,
      response: { 200: threadResponse, 403: errorResponse, 429: errorResponse },
    },
    async (request) => getThread(db, signedIn(request), request.params.userId, request.query.cursor),
  );

  route.delete(
    '/conversations/:userId',
    {
      limit: 'conversationDeletePerUser',
      summary: 'Delete a conversation for me (the other member keeps their copy)',
      params: counterpartParams,
      response: { 200: okResponse, 403: errorResponse, 429: errorResponse },
    },
    async (request) => {
      await deleteConversation(db, signedIn(request), request.params.userId);
      return { ok: true as const };
    },
  );

  route.post(
    '/messages',
    {
      unauthenticated: directMessageTexts.loginToSend,
      limit: 'directMessagePerUser',
      summary: 'Send a direct message',
      body: sendMessageBody,
      response: { 201: directMessageSchema, 403: errorResponse, 404: errorResponse },
      success: 201,
    },
    async (request) => sendMessage(deps, signedIn(request), request.body, request.ip),
  );

  for (const method of ['put', 'delete'] as const) {
    route[method](
      '/users/:id/block',
      {
        limit: 'blockPerUser',
        summary: method === 'put' ? 'Block a member (idempotent)' : 'Unblock a member (idempotent)',
        params: blockParams,
        response: { 200: blockResponse, 403: errorResponse },
      },
      async (request) => setBlock(deps, signedIn(request), request.params.id, method === 'put'),
    );
  }
};
