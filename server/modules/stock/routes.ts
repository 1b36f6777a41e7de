import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { listingIdParams } from '../../../contract/marketplace.ts';
import { orderIdParams } from '../../../contract/orders.ts';
import {
  keysChanged,
  keysUploadBody,
  listingKeysPage,
  listingKeysQuery,
  orderKeys,
  stockBody,
  stockState,
} from '../../../contract/stock.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { ContentCipher } from './key-crypto.ts';
import * as service from './service.ts';

/** 10,000 keys of up to 200 characters, as JSON: more than the site's default body limit. */
const keyUploadBodyLimit = 4 * 1024 * 1024;

export const stockRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['marketplace'], access: 'member' });
  const onListing = routesFor(app, { tags: ['marketplace'], access: 'member', params: listingIdParams });

  onListing.get(
    '/listings/:id/keys',
    {
      owner: 'listing',
      summary: "A key listing's key counts and who holds each claimed key (seller or staff; never the keys)",
      querystring: listingKeysQuery,
      response: { 200: listingKeysPage, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.listingKeys(db, signedIn(request), request.params.id, request.query),
  );

  onListing.post(
    '/listings/:id/keys',
    {
      owner: 'listing',
      limit: 'keyUploadPerUser',
      summary:
        'Add license keys, one per line (up to 10,000; blanks and duplicates refused with line numbers): restocks',
      body: keysUploadBody,
      response: { 200: keysChanged, 409: errorResponse },
      bodyLimit: keyUploadBodyLimit,
    },
    async (request) =>
      service.uploadKeys(db, cipher, signedIn(request), request.params.id, request.body.keys),
  );

  onListing.delete(
    '/listings/:id/keys',
    {
      owner: 'listing',
      limit: 'keyUploadPerUser',
      summary: "Withdraw a key listing's unsold keys (it is then sold out)",
      response: { 200: keysChanged, 409: errorResponse },
    },
    async (request) => service.withdrawKeys(db, signedIn(request), request.params.id),
  );

  onListing.put(
    '/listings/:id/stock',
    {
      owner: 'listing',
      limit: 'listingCreatePerUser',
      summary: "Set a link listing's stock (restock) and either kind's low-stock warning",
      body: stockBody,
      response: { 200: stockState, 409: errorResponse },
    },
    async (request) => service.setStock(db, signedIn(request), request.params.id, request.body),
  );

  route.get(
    '/orders/:id/keys',
    {
      owner: 'order',
      tags: ['orders'],
      summary: "The license keys of one order: its buyer only (staff use the dispute's logged reveal)",
      params: orderIdParams,
      response: { 200: orderKeys, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.orderKeysForBuyer(db, cipher, signedIn(request), request.params.id),
  );
};
