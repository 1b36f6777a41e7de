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
import { heldForReview, isHeld } from '../../../contract/review.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
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
  const route = routesFor(app, { tags: ['forum'], access: 'member' });
  const onThread = routesFor(app, { tags: ['forum'], access: 'member', params: threadIdParams });
  const staff = routesFor(app, { tags: ['forum'], access: 'staff', forbidden: m.moderatorsOnly });
  const admin = routesFor(app, { tags: ['forum'], access: 'admin', forbidden: m.onlyAdminsCategories });

  route.get(
    '/forum/categories',
    {
      access: 'public',
      summary: "Forum categories with their thread counts and the member's unread thread counts",
      response: { 200: forumCategoryList },
    },
    async (request) => service.listCategories(db, request.viewer),
  );

  route.get(
    '/forum/threads',
    {
      access: 'public',
      summary: "A category's threads, most recent activity first",
      querystring: threadListQuery,
      response: { 200: forumThreadPage, 404: errorResponse },
    },
    async (request) => service.listThreads(db, request.viewer, request.query),
  );

  route.get(
    '/forum/threads/latest',
    {
      access: 'public',
      summary: 'The newest threads by last activity, across categories (the home page)',
      response: { 200: forumLatestList },
    },
    async (request) => service.listLatestThreads(db, request.viewer),
  );

  route.post(
    '/forum/preview',
    {
      unauthenticated: m.loginToPreview,
      limit: 'forumPreviewPerUser',
      summary: 'Render Markdown as a thread or reply would store it (the editor preview; members)',
      body: previewBody,
      response: { 200: previewResponse },
    },
    async (request) => service.preview(db, request.body.content),
  );

  route.post(
    '/forum/threads',
    {
      unauthenticated: m.loginToPost,
      limit: 'forumThreadPerUser',
      proofOfWork: 'firstPost',
      summary: 'Start a thread (members)',
      body: newThreadBody,
      description: 'A post held for staff (issue 36: a new member, links, contact details) answers 202.',
      response: { 201: forumThread, 202: heldForReview, 403: errorResponse, 404: errorResponse },
      success: 201,
    },
    async (request, reply) => {
      const made = await service.createThread(db, signedIn(request), request.body, { ip: request.ip });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  onThread.get(
    '/forum/threads/:id',
    {
      access: 'public',
      summary:
        "The thread page: the thread with the viewer's vote and watch, and a page of replies (from the first unread one for a member who has some)",
      response: { 200: forumThreadView },
    },
    async (request) => service.getThreadPage(db, request.viewer, request.params.id),
  );

  onThread.delete(
    '/forum/threads/:id',
    {
      limit: 'contentDeletePerUser',
      owner: 'forumThread',
      summary: 'Delete a thread (its author or staff)',
      response: { 204: z.null() },
      success: 204,
    },
    async (request) => service.removeThread(db, signedIn(request), request.params.id),
  );

  onThread.get(
    '/forum/threads/:id/replies',
    {
      access: 'public',
      summary: "A thread's replies, oldest first",
      querystring: cursorQuery,
      response: { 200: forumReplyPage },
    },
    async (request) => service.listReplies(db, request.viewer, request.params.id, request.query.cursor),
  );

  onThread.patch(
    '/forum/threads/:id',
    {
      owner: 'forumThread',
      limit: 'forumEditPerUser',
      summary: "Edit a thread's title and body (its author or staff); the old text is kept as a revision",
      body: editThreadBody,
      response: { 200: forumThread },
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
    staff.put(
      `/forum/threads/:id/${path}`,
      {
        summary,
        params: threadIdParams,
        body,
        response: { 200: forumThread },
      },
      async (request) =>
        service.moderateThread(db, signedIn(request), request.params.id, threadChange(request.body)),
    );
  }

  staff.get(
    '/forum/threads/:id/revisions',
    {
      summary: "Earlier versions of a thread's title and body, newest first (staff)",
      params: threadIdParams,
      response: { 200: forumRevisionList },
    },
    async (request) => service.threadRevisions(db, signedIn(request), request.params.id),
  );

  route.patch(
    '/forum/replies/:id',
    {
      owner: 'forumReply',
      limit: 'forumEditPerUser',
      summary: 'Edit a reply (its author or staff); the old text is kept as a revision',
      params: replyIdParams,
      body: replyBody,
      response: { 200: forumReply },
    },
    async (request) => service.editReply(db, signedIn(request), request.params.id, request.body.content),
  );

  route.delete(
    '/forum/replies/:id',
    {
      limit: 'contentDeletePerUser',
      owner: 'forumReply',
      summary: 'Delete a reply (its author or staff)',
      params: replyIdParams,
      response: { 204: z.null() },
      success: 204,
    },
    async (request) => service.removeReply(db, signedIn(request), request.params.id),
  );

  staff.get(
    '/forum/replies/:id/revisions',
    {
      summary: 'Earlier versions of a reply, newest first (staff)',
      params: replyIdParams,
      response: { 200: forumRevisionList },
    },
    async (request) => service.replyRevisions(db, signedIn(request), request.params.id),
  );

  onThread.post(
    '/forum/threads/:id/replies',
    {
      unauthenticated: m.loginToReply,
      limit: 'forumReplyPerUser',
      proofOfWork: 'firstPost',
      summary: 'Reply to a thread (members)',
      body: replyBody,
      description: 'A reply held for staff (issue 36: a new member, links, contact details) answers 202.',
      response: { 201: forumReply, 202: heldForReview, 403: errorResponse },
      success: 201,
    },
    async (request, reply) => {
      const made = await service.reply(db, signedIn(request), request.params.id, request.body.content, {
        ip: request.ip,
      });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  onThread.put(
    '/forum/threads/:id/vote',
    {
      unauthenticated: m.loginToVote,
      limit: 'forumVotePerUser',
      summary: 'Vote a thread up (1) or down (-1), or remove the vote (0) (members)',
      body: voteBody,
      response: { 200: voteResponse, 403: errorResponse },
    },
    async (request) => service.vote(db, signedIn(request), request.params.id, request.body.value),
  );

  onThread.put(
    '/forum/threads/:id/watch',
    {
      limit: 'forumVotePerUser',
      summary: 'Watch a thread (new replies notify you and mark it unread) or stop watching it (members)',
      body: watchBody,
      response: { 200: watchResponse, 403: errorResponse },
    },
    async (request) => service.setWatching(db, signedIn(request), request.params.id, request.body.watching),
  );

  onThread.put(
    '/forum/threads/:id/read',
    {
      limit: 'forumReadPerUser',
      summary: 'Record that you have read a thread up to a reply; the position only moves forward (members)',
      body: readBody,
      response: { 204: z.null(), 403: errorResponse },
      success: 204,
    },
    async (request) => service.markRead(db, signedIn(request), request.params.id, request.body.replyId),
  );

  route.put(
    '/forum/replies/:id/like',
    {
      unauthenticated: m.loginToLike,
      limit: 'forumVotePerUser',
      summary: 'Like or unlike a reply (members)',
      params: replyIdParams,
      body: likeBody,
      response: { 200: likeResponse, 403: errorResponse },
    },
    async (request) => service.likeReply(db, signedIn(request), request.params.id, request.body.liked),
  );

  route.get(
    '/users/:id/forum-threads',
    {
      access: 'public',
      summary: "A member's threads, newest first (the profile's Forum Posts tab)",
      params: forumUserParams,
      querystring: cursorQuery,
      response: { 200: forumThreadPage },
    },
    async (request) => service.listUserThreads(db, request.viewer, request.params.id, request.query.cursor),
  );

  admin.post(
    '/admin/forum/categories',
    {
      tags: ['admin'],
      summary: 'Add a forum category (admins)',
      body: forumCategoryBody,
      response: { 201: forumCategory, 404: errorResponse, 409: errorResponse },
      success: 201,
    },
    async (request) => service.createCategory(db, signedIn(request), request.body),
  );

  admin.delete(
    '/admin/forum/categories/:id',
    {
      tags: ['admin'],
      summary: 'Delete a forum category and its threads (admins)',
      params: categoryIdParams,
      response: { 204: z.null() },
      success: 204,
    },
    async (request) => service.removeCategory(db, signedIn(request), request.params.id),
  );
};
