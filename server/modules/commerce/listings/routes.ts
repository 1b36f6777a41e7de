import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import { listingRoutes as r } from '../../../../contract/routes/listings.ts';
import type { Db } from '../../../db/client.ts';
import { routesFor } from '../../../plugins/routes-for.ts';
import { signedIn } from '../../../plugins/viewer.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import { purchaseListing } from '../purchase/purchase.ts';
import * as service from './service.ts';

/** The routes of contract/routes/listings.ts: their handlers and what only the server knows (limits, texts). */
export const marketplaceRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['marketplace'] });

  route.on(r.list, {}, async (request) => service.listListings(db, request.query));

  route.on(
    r.create,
    // A key listing may come with up to 10,000 keys.
    { unauthenticated: m.loginToCreate, limit: 'listingCreatePerUser', bodyLimit: 4 * 1024 * 1024 },
    async (request) => service.createListing(db, cipher, signedIn(request), request.body),
  );

  route.on(r.get, {}, async (request) => service.getListing(db, request.viewer, request.params.id));

  route.on(
    r.edit,
    { limit: 'listingEditPerUser', owner: 'listing', unauthenticated: m.loginToUpdate },
    async (request) => service.editListing(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.remove, { limit: 'listingDeletePerUser', owner: 'listing' }, async (request) =>
    service.removeListing(db, signedIn(request), request.params.id),
  );

  route.on(
    r.purchase,
    { unauthenticated: m.loginToPurchase, limit: 'purchasePerUser' },
    async (request, reply) => {
      const viewer = signedIn(request);
      const result = await purchaseListing(
        db,
        viewer,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(result.replayed ? 200 : 201).send(result.order);
    },
  );

  route.on(r.leaveFeedback, { limit: 'feedbackPerUser' }, async (request) =>
    service.leaveFeedback(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.sellerFeedback, {}, async (request) =>
    service.listFeedback(db, request.viewer, request.params.id, request.query),
  );

  route.on(r.adminList, {}, async (request) =>
    service.listListingsForStaff(db, signedIn(request), request.query),
  );

  route.on(r.pin, { forbidden: m.onlyAdminsPin }, async (request) =>
    service.setListingPinned(db, signedIn(request), request.params.id, request.body.isPinned),
  );

  route.on(r.adminRemove, { forbidden: m.onlyAdminsDelete }, async (request) =>
    service.adminDeleteListing(db, signedIn(request), request.params.id),
  );
};
