import { z } from 'zod';
import { errorResponse } from '../errors.ts';
import { idParams } from '../id-params.ts';
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
} from '../marketplace.ts';
import { socialMessages } from '../messages/social.ts';
import { orderDetail } from '../orders.ts';
import { cursorQuery } from '../pages.ts';
import type { RouteGroup } from './route.ts';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** The marketplace's listings: browse, sell, buy, feedback, and the admins' pin and delete. */
export const listingRoutes = {
  list: {
    method: 'GET',
    path: '/listings',
    access: 'public',
    summary:
      'Listings: pinned first, then newest or by price; default active; search title, description, seller',
    query: listingListQuery,
    response: { 200: listingPage },
  },
  create: {
    method: 'POST',
    path: '/listings',
    access: 'member',
    summary: 'Create a listing (signed-in members)',
    body: listingCreateBody,
    response: { 201: listingDetail, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    success: 201,
  },
  get: {
    method: 'GET',
    path: '/listings/:id',
    access: 'public',
    summary: 'One listing; the content link only for its seller, its buyer and staff',
    params: listingIdParams,
    response: { 200: listingDetail },
  },
  edit: {
    method: 'PATCH',
    path: '/listings/:id',
    access: 'member',
    summary: 'Edit title, description, price and image (seller or staff, active only)',
    params: listingIdParams,
    body: listingEditBody,
    response: { 200: listingDetail, 409: errorResponse, 429: errorResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/listings/:id',
    access: 'member',
    summary: 'Delete a listing (seller or staff, active only)',
    params: listingIdParams,
    response: { 204: z.null(), 409: errorResponse, 429: errorResponse },
    success: 204,
  },
  purchase: {
    method: 'POST',
    path: '/listings/:id/purchase',
    access: 'member',
    summary:
      'Buy 1 to 10 units of a listing at the unit price the buyer saw (409 if it changed or the stock is short; one order, one escrow hold, one fee on the total); an Idempotency-Key replayed by the same buyer for the same listing within 24 h returns the first order, any other reuse 422',
    params: listingIdParams,
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
  leaveFeedback: {
    method: 'POST',
    path: '/listings/:id/feedback',
    access: 'member',
    summary:
      'Leave feedback (a vouch) for the seller: the buyer of a completed (released) order, once per order; `counted` is false while it waits for staff as a possible vouch ring, and `message` says so',
    params: listingIdParams,
    body: feedbackBody,
    response: { 201: feedbackResult, 403: errorResponse, 409: errorResponse },
    success: 201,
  },
  sellerFeedback: {
    method: 'GET',
    path: '/users/:id/feedback',
    access: 'public',
    summary:
      "A member's feedback received as a seller: average rating, vouch count, entries (and the caller's own vouch while it awaits review)",
    params: idParams(socialMessages.profileNotFound),
    query: cursorQuery,
    response: { 200: feedbackPage },
  },
  adminList: {
    method: 'GET',
    path: '/admin/listings',
    access: 'staff',
    tags: ['admin'],
    summary: 'Every listing for staff, with the same filters',
    query: listingListQuery,
    response: { 200: listingPage, 404: errorResponse, 409: errorResponse, 429: errorResponse },
  },
  pin: {
    method: 'PUT',
    path: '/admin/listings/:id/pin',
    access: 'admin',
    tags: ['admin'],
    summary: 'Pin or unpin a listing (admins)',
    params: listingIdParams,
    body: listingPinBody,
    response: { 200: listingDetail, 409: errorResponse, 429: errorResponse },
  },
  adminRemove: {
    method: 'DELETE',
    path: '/admin/listings/:id',
    access: 'admin',
    tags: ['admin'],
    summary: 'Delete any listing, sold ones too (admins)',
    params: listingIdParams,
    response: { 204: z.null(), 409: errorResponse, 429: errorResponse },
    success: 204,
  },
} as const satisfies RouteGroup;
