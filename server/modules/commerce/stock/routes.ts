import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stockRoutes as r } from '../../../../contract/routes/stock.ts';
import type { Db } from '../../../db/client.ts';
import { routesFor } from '../../../plugins/routes-for.ts';
import { signedIn } from '../../../plugins/viewer.ts';
import type { ContentCipher } from '../../../security/content-cipher.ts';
import * as service from './service.ts';

/** 10,000 keys of up to 200 characters, as JSON: more than the site's default body limit. */
const keyUploadBodyLimit = 4 * 1024 * 1024;

/** The routes of contract/routes/stock.ts: their handlers and what only the server knows (limits, owners). */
export const stockRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['marketplace'] });

  route.on(r.listingKeys, { owner: 'listing' }, async (request) =>
    service.listingKeys(db, signedIn(request), request.params.id, request.query),
  );

  route.on(
    r.uploadKeys,
    { owner: 'listing', limit: 'keyUploadPerUser', bodyLimit: keyUploadBodyLimit },
    async (request) =>
      service.uploadKeys(db, cipher, signedIn(request), request.params.id, request.body.keys),
  );

  route.on(r.withdrawKeys, { owner: 'listing', limit: 'keyUploadPerUser' }, async (request) =>
    service.withdrawKeys(db, signedIn(request), request.params.id),
  );

  route.on(r.setStock, { owner: 'listing', limit: 'listingCreatePerUser' }, async (request) =>
    service.setStock(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.orderKeys, { owner: 'order' }, async (request) =>
    service.orderKeysForBuyer(db, cipher, signedIn(request), request.params.id),
  );
};
