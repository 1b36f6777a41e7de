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
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { deleteConversation, getThread, listConversations, sendMessage, setBlock } from './service.ts';

export const directMessageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db };
  const tags = ['messages'];

  app.get(
    '/conversations',
    {
      schema: {
        ...access('member', { unauthenticated: directMessageTexts.loginToView }),
        tags,
        summary: 'My conversations: counterpart, latest message, unread count; newest first',
        querystring: dmPageQuery,
        response: { 200: conversationPage, 403: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request) => listConversations(db, signedIn(request), request.query.cursor),
  );

  app.get(
    '/conversations/:userId',
    {
      schema: {
        ...access('member', { unauthenticated: directMessageTexts.loginToView }),
        tags,
        summary: 'My thread with a member, oldest first; opening it marks received messages read',
        params: counterpartParams,
        querystring: dmPageQuery,
        response: { 200: threadResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => getThread(db, signedIn(request), request.params.userId, request.query.cursor),
  );

  app.delete(
    '/conversations/:userId',
    {
      schema: {
        ...access('member'),
        tags,
        summary: 'Delete a conversation for me (the other member keeps their copy)',
        params: counterpartParams,
        response: { 200: okResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await deleteConversation(db, signedIn(request), request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/messages',
    {
      schema: {
        ...access('member', {
          unauthenticated: directMessageTexts.loginToSend,
          limit: 'directMessagePerUser',
        }),
        tags,
        summary: 'Send a direct message',
        body: sendMessageBody,
        response: { 201: directMessageSchema, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      return reply.status(201).send(await sendMessage(deps, viewer, request.body));
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/users/:id/block',
      schema: {
        ...access('member', { limit: 'blockPerUser' }),
        tags,
        summary: method === 'PUT' ? 'Block a member (idempotent)' : 'Unblock a member (idempotent)',
        params: blockParams,
        response: { 200: blockResponse, 403: errorResponse },
      },
      handler: async (request) => setBlock(deps, signedIn(request), request.params.id, method === 'PUT'),
    });
  }
};
