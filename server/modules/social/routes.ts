import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialMessages as m } from '../../../contract/messages.ts';
import { isHeld } from '../../../contract/review.ts';
import { socialRoutes as r } from '../../../contract/routes/social.ts';
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

/** The routes of contract/routes/social.ts: their handlers and what only the server knows (limits, texts). */
export const socialRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['social'] });
  const deps = { db };

  route.on(r.feed, { unauthenticated: m.loginToViewPosts }, async (request) =>
    listFeed(db, signedIn(request), request.query),
  );

  route.on(
    r.createPost,
    { unauthenticated: m.loginToPost, limit: 'postPerUser', proofOfWork: 'firstPost' },
    async (request, reply) => {
      const made = await createPost(deps, signedIn(request), request.body, { ip: request.ip });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  route.on(r.deletePost, { limit: 'contentDeletePerUser', owner: 'post' }, async (request) => {
    await deletePost(db, signedIn(request), request.params.id);
    return { ok: true as const };
  });

  for (const [entry, like] of [
    [r.like, true],
    [r.unlike, false],
  ] as const) {
    route.on(entry, { unauthenticated: m.loginToLike, limit: 'likePerUser' }, async (request) =>
      setLike(deps, signedIn(request), request.params.id, like),
    );
  }

  route.on(r.comments, {}, async (request) => {
    signedIn(request);
    return listComments(db, request.params.id, request.query.cursor);
  });

  route.on(r.comment, { unauthenticated: m.loginToComment, limit: 'commentPerUser' }, async (request) =>
    addComment(deps, signedIn(request), request.params.id, request.body),
  );

  route.on(r.deleteComment, { limit: 'contentDeletePerUser', owner: 'comment' }, async (request) => {
    await removeComment(db, signedIn(request), request.params.id);
    return { ok: true as const };
  });

  route.on(r.byAuthor, {}, async (request) =>
    listPostsByAuthor(db, request.viewer, request.params.id, request.query.cursor),
  );

  route.on(r.stats, {}, async () => getStats(db));
};
