import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productMessages as m } from '../../../contract/messages.ts';
import { productRoutes as r } from '../../../contract/routes/products.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/products.ts: their handlers and what only the server knows (403 texts). */
export const productRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin'] });

  route.on(r.list, {}, async (request) => service.listProducts(db, request.query));

  route.on(r.get, {}, async (request) => service.getProduct(db, request.params.id));

  route.on(r.adminList, {}, async (request) =>
    service.listProductsForStaff(db, signedIn(request), request.query),
  );

  route.on(r.create, { forbidden: m.onlyAdminsCreate }, async (request) =>
    service.createProduct(db, signedIn(request), request.body),
  );

  route.on(r.edit, { forbidden: m.onlyAdminsEdit }, async (request) =>
    service.editProduct(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.pin, { forbidden: m.onlyAdminsPin }, async (request) =>
    service.setProductPinned(db, signedIn(request), request.params.id, request.body.isPinned),
  );

  route.on(r.setStatus, { forbidden: m.onlyAdminsStatus }, async (request) =>
    service.setProductStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  route.on(r.remove, { forbidden: m.onlyAdminsDelete }, async (request) =>
    service.removeProduct(db, signedIn(request), request.params.id),
  );
};
