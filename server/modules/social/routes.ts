import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { socialMessages } from '../../../contract/messages.ts';
import { profileIdParams } from '../../../contract/profiles.ts';
import {
  commentIdParams,
  commentPage,
  commentSchema,
  createCommentBody,
  createPostBody,
  feedQuery,
  likeResponse,
  okResponse,
  pageQuery,
  postIdParams,
  postPage,
  postSchema,
  statsResponse,
} from '../../../contract/social.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import {
  addComment,
  createPost,
  deletePost,
  getStats,
  listComments,
  listFeed,
  listPostsByAuthor,
  removeComment,
  setLike,
} from './service.ts';

export const socialRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const deps = { db };

  app.get(
    '/posts',
    {
      schema: {
        ...access('member', { unauthenticated: socialMessages.loginToViewPosts }),
        tags: ['social'],
        summary: 'The feed: all posts (for-you) or posts by members I follow (following), newest first',
        description: 'Members only: the spec shows posts only to signed-in members, so visitors get a 401.',
        querystring: feedQuery,
        response: { 200: postPage },
      },
    },
    async (request) => listFeed(db, signedIn(request), request.query),
  );

  app.post(
    '/posts',
    {
      schema: {
        ...access('member', { unauthenticated: socialMessages.loginToPost, limit: 'postPerUser' }),
        tags: ['social'],
        summary: 'Create a post',
        body: createPostBody,
        response: { 201: postSchema, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      return reply.status(201).send(await createPost(deps, viewer, request.body));
    },
  );

  app.delete(
    '/posts/:id',
    {
      schema: {
        ...access('member', 'post'),
        tags: ['social'],
        summary: 'Delete my own post',
        params: postIdParams,
        response: { 200: okResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await deletePost(db, signedIn(request), request.params.id);
      return { ok: true as const };
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      schema: {
        ...access('member', { unauthenticated: socialMessages.loginToLike, limit: 'likePerUser' }),
        tags: ['social'],
        summary: method === 'PUT' ? 'Like a post (idempotent)' : 'Remove my like (idempotent)',
        params: postIdParams,
        response: { 200: likeResponse, 403: errorResponse },
      },
      handler: async (request) => setLike(deps, signedIn(request), request.params.id, method === 'PUT'),
    });
  }

  app.get(
    '/posts/:id/comments',
    {
      schema: {
        ...access('member'),
        tags: ['social'],
        summary: "A post's comments, oldest first",
        params: postIdParams,
        querystring: pageQuery,
        response: { 200: commentPage, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      signedIn(request);
      return listComments(db, request.params.id, request.query.cursor);
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      schema: {
        ...access('member', { unauthenticated: socialMessages.loginToComment, limit: 'commentPerUser' }),
        tags: ['social'],
        summary: 'Comment on a post',
        params: postIdParams,
        body: createCommentBody,
        response: { 201: commentSchema, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      return reply.status(201).send(await addComment(deps, viewer, request.params.id, request.body));
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        ...access('member', 'comment'),
        tags: ['social'],
        summary: 'Delete my own comment',
        params: commentIdParams,
        response: { 200: okResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await removeComment(db, signedIn(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/users/:id/posts',
    {
      schema: {
        ...access('public'),
        tags: ['social'],
        summary: "A member's posts with their like counts, newest first (public, for the profile page)",
        params: profileIdParams,
        querystring: pageQuery,
        response: { 200: postPage },
      },
    },
    async (request) => listPostsByAuthor(db, request.viewer, request.params.id, request.query.cursor),
  );

  app.get(
    '/stats',
    {
      schema: {
        ...access('public'),
        tags: ['social'],
        summary: "The home page's counts (members, posts, downloads) and its 5 latest posts",
        response: { 200: statsResponse },
      },
    },
    async () => getStats(db),
  );
};
