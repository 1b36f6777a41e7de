import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { reviewMessages as m } from '../../../contract/messages.ts';
import {
  myReviewItems,
  pendingReviewCount,
  rejectBody,
  reviewDecision,
  reviewItemParams,
  reviewPage,
  reviewQuery,
} from '../../../contract/review.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { HeldPublishers } from './publishers.ts';
import * as service from './service.ts';

/**
 * The review queue (issue 36 item 3): staff decide on held posts and flagged messages; authors see theirs.
 * `publishers` publish an approved post in the module that owns it (server/app.ts hands in forum's and social's).
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; publishers: HeldPublishers }> = async (
  app,
  { db, publishers },
) => {
  const deps = { publishers, alerts: app.securityAlerts };
  const staff = routesFor(app, { tags: ['admin'], access: 'staff', forbidden: m.onlyStaff });
  const onItem = routesFor(app, {
    tags: ['admin'],
    access: 'staff',
    forbidden: m.onlyStaff,
    params: reviewItemParams,
  });
  const member = routesFor(app, { tags: ['me'], access: 'member' });

  member.get(
    '/me/review-items',
    {
      summary: 'My posts waiting for staff review, newest first (at most 20)',
      response: { 200: myReviewItems },
    },
    async (request) => service.myItems(db, signedIn(request)),
  );

  staff.get(
    '/admin/review-items',
    {
      summary:
        "The review queue (staff): held posts and flagged messages of one status, newest first, with each author's age, level, address and overlapping accounts",
      querystring: reviewQuery,
      response: { 200: reviewPage },
    },
    async (request) => service.listQueue(db, signedIn(request), request.query),
  );

  staff.get(
    '/admin/review-items/count',
    {
      summary: 'How many items wait for review (staff; counted up to 100)',
      response: { 200: pendingReviewCount },
    },
    async (request) => service.pendingCount(db, signedIn(request)),
  );

  onItem.post(
    '/admin/review-items/:id/approve',
    {
      summary:
        'Approve a held post: published through the normal path, its author notified; or dismiss a flagged message (staff, audited, once)',
      response: { 200: reviewDecision, 409: errorResponse },
    },
    async (request) => service.approve(db, signedIn(request), request.params.id, deps),
  );

  onItem.post(
    '/admin/review-items/:id/reject',
    {
      summary: 'Reject a held post: dropped, and the reason mailed to its author (staff, audited, once)',
      body: rejectBody,
      response: { 200: reviewDecision, 409: errorResponse },
    },
    async (request) => service.reject(db, signedIn(request), request.params.id, request.body.reason, deps),
  );

  onItem.post(
    '/admin/review-items/:id/reject-and-ban',
    {
      summary:
        "Reject a held post and ban its author, or ban a flagged message's sender (staff who may ban them; audited, once)",
      body: rejectBody,
      response: { 200: reviewDecision, 409: errorResponse },
    },
    async (request) =>
      service.rejectAndBan(db, signedIn(request), request.params.id, request.body.reason, deps),
  );
};
