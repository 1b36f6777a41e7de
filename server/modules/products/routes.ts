import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import { productMessages } from '../../../contract/messages.ts';
import {
  adminProduct,
  adminProductListQuery,
  adminProductPage,
  product,
  productBody,
  productIdParams,
  productListQuery,
  productPage,
  productPinBody,
  productStatusBody,
} from '../../../contract/products.ts';
import type { Db } from '../../db/client.ts';
import { access } from '../../plugins/access.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const productRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products',
    {
      schema: {
        ...access('public'),
        tags: ['products'],
        summary: 'The catalogue: pinned first, then newest; active only unless status=all',
        querystring: productListQuery,
        response: { 200: productPage },
      },
    },
    async (request) => service.listProducts(db, request.query),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        ...access('public'),
        tags: ['products'],
        summary: 'One product',
        params: productIdParams,
        response: { 200: product },
      },
    },
    async (request) => service.getProduct(db, request.params.id),
  );

  app.get(
    '/admin/products',
    {
      schema: {
        ...access('staff'),
        tags: ['admin'],
        summary: 'Every product with its sales link (staff)',
        querystring: adminProductListQuery,
        response: { 200: adminProductPage, 404: errorResponse },
      },
    },
    async (request) => service.listProductsForStaff(db, signedIn(request), request.query),
  );

  app.post(
    '/admin/products',
    {
      schema: {
        ...access('admin', { forbidden: productMessages.onlyAdminsCreate }),
        tags: ['admin'],
        summary: 'Add a product (admins)',
        body: productBody,
        response: { 201: adminProduct, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const created = await service.createProduct(db, signedIn(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/products/:id',
    {
      schema: {
        ...access('admin', { forbidden: productMessages.onlyAdminsEdit }),
        tags: ['admin'],
        summary: "Edit a product's title, links and description (admins)",
        params: productIdParams,
        body: productBody,
        response: { 200: adminProduct },
      },
    },
    async (request) => service.editProduct(db, signedIn(request), request.params.id, request.body),
  );

  app.put(
    '/admin/products/:id/pin',
    {
      schema: {
        ...access('admin', { forbidden: productMessages.onlyAdminsPin }),
        tags: ['admin'],
        summary: 'Pin or unpin a product (admins)',
        params: productIdParams,
        body: productPinBody,
        response: { 200: adminProduct },
      },
    },
    async (request) =>
      service.setProductPinned(db, signedIn(request), request.params.id, request.body.isPinned),
  );

  app.put(
    '/admin/products/:id/status',
    {
      schema: {
        ...access('admin', { forbidden: productMessages.onlyAdminsStatus }),
        tags: ['admin'],
        summary: 'Activate or deactivate a product (admins)',
        params: productIdParams,
        body: productStatusBody,
        response: { 200: adminProduct },
      },
    },
    async (request) =>
      service.setProductStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  app.delete(
    '/admin/products/:id',
    {
      schema: {
        ...access('admin', { forbidden: productMessages.onlyAdminsDelete }),
        tags: ['admin'],
        summary: 'Delete a product (admins)',
        params: productIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeProduct(db, signedIn(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
