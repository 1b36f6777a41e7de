import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  categoryIdParams,
  cursorQuery,
  editThreadBody,
  forumCategory,
  forumCategoryBody,
  forumCategoryList,
  forumLatestList,
  forumReply,
  forumReplyPage,
  forumRevisionList,
  forumThread,
  forumThreadPage,
  forumThreadView,
  forumUserParams,
  likeBody,
  likeResponse,
  lockBody,
  moveBody,
  newThreadBody,
  pinBody,
  previewBody,
  previewResponse,
  readBody,
  replyBody,
  replyIdParams,
  threadIdParams,
  threadListQuery,
  voteBody,
  voteResponse,
  watchBody,
  watchResponse,
} from '../../../contract/forum.ts';
import { forumMessages as m } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** A moderation route's body in the service's terms. */
function threadChange(
  body: z.output<typeof pinBody | typeof lockBody | typeof moveBody>,
): service.ThreadModeration {
  if ('pinned' in body) return { isPinned: body.pinned };
  if ('locked' in body) return { isLocked: body.locked };
  return body;
}

export const forumRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/forum/categories',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary: "Forum categories with their thread counts and the member's unread thread counts",
        response: { 200: forumCategoryList },
      },
    },
    async (request) => service.listCategories(db, request.viewer),
  );

  app.get(
    '/forum/threads',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary: "A category's threads, most recent activity first",
        querystring: threadListQuery,
        response: { 200: forumThreadPage, 404: errorResponse },
      },
    },
    async (request) => service.listThreads(db, request.viewer, request.query),
  );

  app.get(
    '/forum/threads/latest',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary: 'The newest threads by last activity, across categories (the home page)',
        response: { 200: forumLatestList },
      },
    },
    async (request) => service.listLatestThreads(db, request.viewer),
  );

  app.post(
    '/forum/preview',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToPreview, limit: 'forumPreviewPerUser' }),
        tags: ['forum'],
        summary: 'Render Markdown as a thread or reply would store it (the editor preview; members)',
        body: previewBody,
        response: { 200: previewResponse },
      },
    },
    async (request) => service.preview(db, request.body.content),
  );

  app.post(
    '/forum/threads',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToPost, limit: 'forumThreadPerUser' }),
        tags: ['forum'],
        summary: 'Start a thread (members)',
        body: newThreadBody,
        response: { 201: forumThread, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      return reply.status(201).send(await service.createThread(db, viewer, request.body));
    },
  );

  app.get(
    '/forum/threads/:id',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary:
          "The thread page: the thread with the viewer's vote and watch, and a page of replies (from the first unread one for a member who has some)",
        params: threadIdParams,
        response: { 200: forumThreadView },
      },
    },
    async (request) => service.getThreadPage(db, request.viewer, request.params.id),
  );

  app.delete(
    '/forum/threads/:id',
    {
      schema: {
        ...access('member', 'forumThread'),
        tags: ['forum'],
        summary: 'Delete a thread (its author or staff)',
        params: threadIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeThread(db, signedIn(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/forum/threads/:id/replies',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary: "A thread's replies, oldest first",
        params: threadIdParams,
        querystring: cursorQuery,
        response: { 200: forumReplyPage },
      },
    },
    async (request) => service.listReplies(db, request.viewer, request.params.id, request.query.cursor),
  );

  app.patch(
    '/forum/threads/:id',
    {
      schema: {
        ...access('member', { owner: 'forumThread', limit: 'forumEditPerUser' }),
        tags: ['forum'],
        summary: "Edit a thread's title and body (its author or staff); the old text is kept as a revision",
        params: threadIdParams,
        body: editThreadBody,
        response: { 200: forumThread },
      },
    },
    async (request) => service.editThread(db, signedIn(request), request.params.id, request.body),
  );

  /** Pin, lock and move: staff change one thing about a thread, each through its own route. */
  const moderation = [
    { path: 'pin', summary: 'Pin or unpin a thread, pinned first in its category (staff)', body: pinBody },
    {
      path: 'lock',
      summary: 'Lock or unlock a thread; a locked thread takes no replies from members (staff)',
      body: lockBody,
    },
    { path: 'category', summary: 'Move a thread to another category (staff)', body: moveBody },
  ];
  for (const { path, summary, body } of moderation) {
    app.put(
      `/forum/threads/:id/${path}`,
      {
        schema: {
          ...access('staff', { forbidden: m.moderatorsOnly }),
          tags: ['forum'],
          summary,
          params: threadIdParams,
          body,
          response: { 200: forumThread },
        },
      },
      async (request) =>
        service.moderateThread(db, signedIn(request), request.params.id, threadChange(request.body)),
    );
  }

  app.get(
    '/forum/threads/:id/revisions',
    {
      schema: {
        ...access('staff', { forbidden: m.moderatorsOnly }),
        tags: ['forum'],
        summary: "Earlier versions of a thread's title and body, newest first (staff)",
        params: threadIdParams,
        response: { 200: forumRevisionList },
      },
    },
    async (request) => service.threadRevisions(db, signedIn(request), request.params.id),
  );

  app.patch(
    '/forum/replies/:id',
    {
      schema: {
        ...access('member', { owner: 'forumReply', limit: 'forumEditPerUser' }),
        tags: ['forum'],
        summary: 'Edit a reply (its author or staff); the old text is kept as a revision',
        params: replyIdParams,
        body: replyBody,
        response: { 200: forumReply },
      },
    },
    async (request) => service.editReply(db, signedIn(request), request.params.id, request.body.content),
  );

  app.delete(
    '/forum/replies/:id',
    {
      schema: {
        ...access('member', 'forumReply'),
        tags: ['forum'],
        summary: 'Delete a reply (its author or staff)',
        params: replyIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeReply(db, signedIn(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/forum/replies/:id/revisions',
    {
      schema: {
        ...access('staff', { forbidden: m.moderatorsOnly }),
        tags: ['forum'],
        summary: 'Earlier versions of a reply, newest first (staff)',
        params: replyIdParams,
        response: { 200: forumRevisionList },
      },
    },
    async (request) => service.replyRevisions(db, signedIn(request), request.params.id),
  );

  app.post(
    '/forum/threads/:id/replies',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToReply, limit: 'forumReplyPerUser' }),
        tags: ['forum'],
        summary: 'Reply to a thread (members)',
        params: threadIdParams,
        body: replyBody,
        response: { 201: forumReply, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      return reply.status(201).send(await service.reply(db, viewer, request.params.id, request.body.content));
    },
  );

  app.put(
    '/forum/threads/:id/vote',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToVote, limit: 'forumVotePerUser' }),
        tags: ['forum'],
        summary: 'Vote a thread up (1) or down (-1), or remove the vote (0) (members)',
        params: threadIdParams,
        body: voteBody,
        response: { 200: voteResponse, 403: errorResponse },
      },
    },
    async (request) => service.vote(db, signedIn(request), request.params.id, request.body.value),
  );

  app.put(
    '/forum/threads/:id/watch',
    {
      schema: {
        ...access('member', { limit: 'forumVotePerUser' }),
        tags: ['forum'],
        summary: 'Watch a thread (new replies notify you and mark it unread) or stop watching it (members)',
        params: threadIdParams,
        body: watchBody,
        response: { 200: watchResponse, 403: errorResponse },
      },
    },
    async (request) => service.setWatching(db, signedIn(request), request.params.id, request.body.watching),
  );

  app.put(
    '/forum/threads/:id/read',
    {
      schema: {
        ...access('member', { limit: 'forumReadPerUser' }),
        tags: ['forum'],
        summary:
          'Record that you have read a thread up to a reply; the position only moves forward (members)',
        params: threadIdParams,
        body: readBody,
        response: { 204: z.null(), 403: errorResponse },
      },
    },
    async (request, reply) => {
      await service.markRead(db, signedIn(request), request.params.id, request.body.replyId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/forum/replies/:id/like',
    {
      schema: {
        ...access('member', { unauthenticated: m.loginToLike, limit: 'forumVotePerUser' }),
        tags: ['forum'],
        summary: 'Like or unlike a reply (members)',
        params: replyIdParams,
        body: likeBody,
        response: { 200: likeResponse, 403: errorResponse },
      },
    },
    async (request) => service.likeReply(db, signedIn(request), request.params.id, request.body.liked),
  );

  app.get(
    '/users/:id/forum-threads',
    {
      schema: {
        ...access('public'),
        tags: ['forum'],
        summary: "A member's threads, newest first (the profile's Forum Posts tab)",
        params: forumUserParams,
        querystring: cursorQuery,
        response: { 200: forumThreadPage },
      },
    },
    async (request) => service.listUserThreads(db, request.viewer, request.params.id, request.query.cursor),
  );

  app.post(
    '/admin/forum/categories',
    {
      schema: {
        ...access('admin', { forbidden: m.onlyAdminsCategories }),
        tags: ['admin'],
        summary: 'Add a forum category (admins)',
        body: forumCategoryBody,
        response: { 201: forumCategory, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCategory(db, signedIn(request), request.body)),
  );

  app.delete(
    '/admin/forum/categories/:id',
    {
      schema: {
        ...access('admin', { forbidden: m.onlyAdminsCategories }),
        tags: ['admin'],
        summary: 'Delete a forum category and its threads (admins)',
        params: categoryIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeCategory(db, signedIn(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
