import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { socialMessages } from '../../../contract/messages.ts';
import { profileIdParams } from '../../../contract/profiles.ts';
import { heldForReview, isHeld } from '../../../contract/review.ts';
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
import { routesFor } from '../../plugins/routes-for.ts';
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
  const route = routesFor(app, { tags: ['social'], access: 'member' });
  const onPost = routesFor(app, { tags: ['social'], access: 'member', params: postIdParams });

  const deps = { db };

  route.get(
    '/posts',
    {
      unauthenticated: socialMessages.loginToViewPosts,
      summary: 'The feed: all posts (for-you) or posts by members I follow (following), newest first',
      description: 'Members only: the spec shows posts only to signed-in members, so visitors get a 401.',
      querystring: feedQuery,
      response: { 200: postPage },
    },
    async (request) => listFeed(db, signedIn(request), request.query),
  );

  route.post(
    '/posts',
    {
      unauthenticated: socialMessages.loginToPost,
      limit: 'postPerUser',
      proofOfWork: 'firstPost',
      summary: 'Create a post',
      body: createPostBody,
      description: 'A post held for staff (issue 36: a new member, links, contact details) answers 202.',
      response: { 201: postSchema, 202: heldForReview, 403: errorResponse, 404: errorResponse },
      success: 201,
    },
    async (request, reply) => {
      const made = await createPost(deps, signedIn(request), request.body, { ip: request.ip });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  onPost.delete(
    '/posts/:id',
    {
      limit: 'contentDeletePerUser',
      owner: 'post',
      summary: 'Delete my own post',
      response: { 200: okResponse, 429: errorResponse },
    },
    async (request) => {
      await deletePost(db, signedIn(request), request.params.id);
      return { ok: true as const };
    },
  );

  for (const method of ['put', 'delete'] as const) {
    route[method](
      '/posts/:id/like',
      {
        unauthenticated: socialMessages.loginToLike,
        limit: 'likePerUser',
        summary: method === 'put' ? 'Like a post (idempotent)' : 'Remove my like (idempotent)',
        params: postIdParams,
        response: { 200: likeResponse, 403: errorResponse },
      },
      async (request) => setLike(deps, signedIn(request), request.params.id, method === 'put'),
    );
  }

  onPost.get(
    '/posts/:id/comments',
    {
      summary: "A post's comments, oldest first",
      querystring: pageQuery,
      response: { 200: commentPage, 403: errorResponse, 429: errorResponse },
    },
    async (request) => {
      signedIn(request);
      return listComments(db, request.params.id, request.query.cursor);
    },
  );

  onPost.post(
    '/posts/:id/comments',
    {
      unauthenticated: socialMessages.loginToComment,
      limit: 'commentPerUser',
      summary: 'Comment on a post',
      body: createCommentBody,
      response: { 201: commentSchema, 403: errorResponse },
      success: 201,
    },
    async (request) => addComment(deps, signedIn(request), request.params.id, request.body),
  );

  route.delete(
    '/comments/:id',
    {
      limit: 'contentDeletePerUser',
      owner: 'comment',
      summary: 'Delete my own comment',
      params: commentIdParams,
      response: { 200: okResponse, 429: errorResponse },
    },
    async (request) => {
      await removeComment(db, signedIn(request), request.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/users/:id/posts',
    {
      access: 'public',
      summary: "A member's posts with their like counts, newest first (public, for the profile page)",
      params: profileIdParams,
      querystring: pageQuery,
      response: { 200: postPage },
    },
    async (request) => listPostsByAuthor(db, request.viewer, request.params.id, request.query.cursor),
  );

  route.get(
    '/stats',
    {
      access: 'public',
      summary: "The home page's counts (members, posts, downloads) and its 5 latest posts",
      response: { 200: statsResponse },
    },
    async () => getStats(db),
  );
};
