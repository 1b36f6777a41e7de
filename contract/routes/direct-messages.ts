import {
  blockParams,
  blockResponse,
  conversationPage,
  counterpartParams,
  directMessageSchema,
  dmPageQuery,
  sendMessageBody,
  threadResponse,
} from '../direct-messages.ts';
import { errorResponse } from '../errors.ts';
import { okResponse } from '../social.ts';
import type { RouteGroup } from './route.ts';

/** Direct messages between members: conversations, threads, sending, blocking. */
export const directMessageRoutes = {
  conversations: {
    method: 'GET',
    path: '/conversations',
    access: 'member',
    summary: 'My conversations: counterpart, latest message, unread count; newest first',
    query: dmPageQuery,
    response: { 200: conversationPage, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  },
  thread: {
    method: 'GET',
    path: '/conversations/:userId',
    access: 'member',
    summary: 'My thread with a member, oldest first; opening it marks received messages read',
    params: counterpartParams,
    query: dmPageQuery,
    response: { 200: threadResponse, 403: errorResponse, 429: errorResponse },
  },
  deleteConversation: {
    method: 'DELETE',
    path: '/conversations/:userId',
    access: 'member',
    summary: 'Delete a conversation for me (the other member keeps their copy)',
    params: counterpartParams,
    response: { 200: okResponse, 403: errorResponse, 429: errorResponse },
  },
  send: {
    method: 'POST',
    path: '/messages',
    access: 'member',
    summary: 'Send a direct message',
    body: sendMessageBody,
    response: { 201: directMessageSchema, 403: errorResponse, 404: errorResponse },
    success: 201,
  },
  block: {
    method: 'PUT',
    path: '/users/:id/block',
    access: 'member',
    summary: 'Block a member (idempotent)',
    params: blockParams,
    response: { 200: blockResponse, 403: errorResponse },
  },
  unblock: {
    method: 'DELETE',
    path: '/users/:id/block',
    access: 'member',
    summary: 'Unblock a member (idempotent)',
    params: blockParams,
    response: { 200: blockResponse, 403: errorResponse },
  },
} as const satisfies RouteGroup;
