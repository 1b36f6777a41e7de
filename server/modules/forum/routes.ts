import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumMessages as m } from '../../../contract/messages.ts';
import { isHeld } from '../../../contract/review.ts';
import { forumRoutes as r } from '../../../contract/routes/forum.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/forum.ts: their handlers and what only the server knows (limits, texts). */
export const forumRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['forum'] });
  const staff = { forbidden: m.moderatorsOnly };
  const admin = { forbidden: m.onlyAdminsCategories };

  route.on(r.categories, {}, async (request) => service.listCategories(db, request.viewer));

  route.on(r.threads, {}, async (request) => service.listThreads(db, request.viewer, request.query));

  route.on(r.latest, {}, async (request) => service.listLatestThreads(db, request.viewer));

  route.on(r.preview, { unauthenticated: m.loginToPreview, limit: 'forumPreviewPerUser' }, async (request) =>
    service.preview(db, request.body.content),
  );

  route.on(
    r.createThread,
    { unauthenticated: m.loginToPost, limit: 'forumThreadPerUser', proofOfWork: 'firstPost' },
    async (request, reply) => {
      const made = await service.createThread(db, signedIn(request), request.body, { ip: request.ip });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  route.on(r.thread, {}, async (request) => service.getThreadPage(db, request.viewer, request.params.id));

  route.on(r.deleteThread, { limit: 'contentDeletePerUser', owner: 'forumThread' }, async (request) =>
    service.removeThread(db, signedIn(request), request.params.id),
  );

  route.on(r.replies, {}, async (request) =>
    service.listReplies(db, request.viewer, request.params.id, request.query.cursor),
  );

  route.on(r.editThread, { owner: 'forumThread', limit: 'forumEditPerUser' }, async (request) =>
    service.editThread(db, signedIn(request), request.params.id, request.body),
  );

  // Pin, lock and move: staff change one thing about a thread, each through its own route.
  route.on(r.pin, staff, async (request) =>
    service.moderateThread(db, signedIn(request), request.params.id, { isPinned: request.body.pinned }),
  );
  route.on(r.lock, staff, async (request) =>
    service.moderateThread(db, signedIn(request), request.params.id, { isLocked: request.body.locked }),
  );
  route.on(r.move, staff, async (request) =>
    service.moderateThread(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.threadRevisions, staff, async (request) =>
    service.threadRevisions(db, signedIn(request), request.params.id),
  );

  route.on(r.editReply, { owner: 'forumReply', limit: 'forumEditPerUser' }, async (request) =>
    service.editReply(db, signedIn(request), request.params.id, request.body.content),
  );

  route.on(r.deleteReply, { limit: 'contentDeletePerUser', owner: 'forumReply' }, async (request) =>
    service.removeReply(db, signedIn(request), request.params.id),
  );

  route.on(r.replyRevisions, staff, async (request) =>
    service.replyRevisions(db, signedIn(request), request.params.id),
  );

  route.on(
    r.reply,
    { unauthenticated: m.loginToReply, limit: 'forumReplyPerUser', proofOfWork: 'firstPost' },
    async (request, reply) => {
      const made = await service.reply(db, signedIn(request), request.params.id, request.body.content, {
        ip: request.ip,
      });
      return isHeld(made) ? reply.code(202).send(made) : made;
    },
  );

  route.on(r.vote, { unauthenticated: m.loginToVote, limit: 'forumVotePerUser' }, async (request) =>
    service.vote(db, signedIn(request), request.params.id, request.body.value),
  );

  route.on(r.watch, { limit: 'forumVotePerUser' }, async (request) =>
    service.setWatching(db, signedIn(request), request.params.id, request.body.watching),
  );

  route.on(r.read, { limit: 'forumReadPerUser' }, async (request) =>
    service.markRead(db, signedIn(request), request.params.id, request.body.replyId),
  );

  route.on(r.likeReply, { unauthenticated: m.loginToLike, limit: 'forumVotePerUser' }, async (request) =>
    service.likeReply(db, signedIn(request), request.params.id, request.body.liked),
  );

  route.on(r.byUser, {}, async (request) =>
    service.listUserThreads(db, request.viewer, request.params.id, request.query.cursor),
  );

  route.on(r.createCategory, admin, async (request) =>
    service.createCategory(db, signedIn(request), request.body),
  );

  route.on(r.deleteCategory, admin, async (request) =>
    service.removeCategory(db, signedIn(request), request.params.id),
  );
};
