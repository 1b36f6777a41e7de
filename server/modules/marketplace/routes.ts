import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  feedbackBody,
  feedbackPage,
  feedbackResult,
  listingCreateBody,
  listingDetail,
  listingEditBody,
  listingIdParams,
  listingListQuery,
  listingPage,
  listingPinBody,
  purchaseBody,
} from '../../../contract/marketplace.ts';
import { marketplaceMessages as m, socialMessages } from '../../../contract/messages.ts';
import { orderDetail } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { ContentCipher } from '../stock/key-crypto.ts';
import * as service from './service.ts';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

export const marketplaceRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['marketplace'], access: 'member' });
  const onListing = routesFor(app, { tags: ['marketplace'], access: 'member', params: listingIdParams });

  route.get(
    '/listings',
    {
      access: 'public',
      summary:
        'Listings: pinned first, then newest or by price; default active; search title, description, seller',
      querystring: listingListQuery,
      response: { 200: listingPage },
    },
    async (request) => service.listListings(db, request.query),
  );

  route.post(
    '/listings',
    {
      unauthenticated: m.loginToCreate,
      limit: 'listingCreatePerUser',
      summary: 'Create a listing (signed-in members)',
      body: listingCreateBody,
      response: { 201: listingDetail, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      success: 201,
      // A key listing may come with up to 10,000 keys.
      bodyLimit: 4 * 1024 * 1024,
    },
    async (request) => service.createListing(db, cipher, signedIn(request), request.body),
  );

  onListing.get(
    '/listings/:id',
    {
      access: 'public',
      summary: 'One listing; the content link only for its seller, its buyer and staff',
      response: { 200: listingDetail },
    },
    async (request) => service.getListing(db, request.viewer, request.params.id),
  );

  onListing.patch(
    '/listings/:id',
    {
      limit: 'listingEditPerUser',
      owner: 'listing',
      unauthenticated: m.loginToUpdate,
      summary: 'Edit title, description, price and image (seller or staff, active only)',
      body: listingEditBody,
      response: { 200: listingDetail, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.editListing(db, signedIn(request), request.params.id, request.body),
  );

  onListing.delete(
    '/listings/:id',
    {
      limit: 'listingDeletePerUser',
      owner: 'listing',
      summary: 'Delete a listing (seller or staff, active only)',
      response: { 204: z.null(), 409: errorResponse, 429: errorResponse },
      success: 204,
    },
    async (request) => service.removeListing(db, signedIn(request), request.params.id),
  );

  onListing.post(
    '/listings/:id/purchase',
    {
      unauthenticated: m.loginToPurchase,
      limit: 'purchasePerUser',
      summary:
        'Buy 1 to 10 units of a listing at the unit price the buyer saw (409 if it changed or the stock is short; one order, one escrow hold, one fee on the total); an Idempotency-Key replayed by the same buyer for the same listing within 24 h returns the first order, any other reuse 422',
      headers: idempotencyHeaders,
      body: purchaseBody,
      response: {
        200: orderDetail,
        201: orderDetail,
        403: errorResponse,
        409: errorResponse,
        422: errorResponse,
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      const result = await service.purchaseListing(
        db,
        viewer,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(result.replayed ? 200 : 201).send(result.order);
    },
  );

  onListing.post(
    '/listings/:id/feedback',
    {
      limit: 'feedbackPerUser',
      summary:
        'Leave feedback (a vouch) for the seller: the buyer of a completed (released) order, once per order; `counted` is false while it waits for staff as a possible vouch ring, and `message` says so',
      body: feedbackBody,
      response: {
        201: feedbackResult,
        403: errorResponse,
        409: errorResponse,
      },
      success: 201,
    },
    async (request) => service.leaveFeedback(db, signedIn(request), request.params.id, request.body),
  );

  route.get(
    '/users/:id/feedback',
    {
      access: 'public',
      summary:
        "A member's feedback received as a seller: average rating, vouch count, entries (and the caller's own vouch while it awaits review)",
      params: z.object({ id: z.uuid({ error: socialMessages.profileNotFound }) }),
      querystring: z.object({ cursor: z.string().max(400).optional() }),
      response: { 200: feedbackPage },
    },
    async (request) => service.listFeedback(db, request.viewer, request.params.id, request.query),
  );

  route.get(
    '/admin/listings',
    {
      access: 'staff',
      tags: ['admin'],
      summary: 'Every listing for staff, with the same filters',
      querystring: listingListQuery,
      response: { 200: listingPage, 404: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.listListingsForStaff(db, signedIn(request), request.query),
  );

  onListing.put(
    '/admin/listings/:id/pin',
    {
      access: 'admin',
      forbidden: m.onlyAdminsPin,
      tags: ['admin'],
      summary: 'Pin or unpin a listing (admins)',
      body: listingPinBody,
      response: { 200: listingDetail, 409: errorResponse, 429: errorResponse },
    },
    async (request) =>
      service.setListingPinned(db, signedIn(request), request.params.id, request.body.isPinned),
  );

  onListing.delete(
    '/admin/listings/:id',
    {
      access: 'admin',
      forbidden: m.onlyAdminsDelete,
      tags: ['admin'],
      summary: 'Delete any listing, sold ones too (admins)',
      response: { 204: z.null(), 409: errorResponse, 429: errorResponse },
      success: 204,
    },
    async (request) => service.adminDeleteListing(db, signedIn(request), request.params.id),
  );
};
