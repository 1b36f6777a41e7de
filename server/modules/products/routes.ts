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
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

export const productRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['admin'], access: 'admin' });
  const onProduct = routesFor(app, { tags: ['admin'], access: 'admin', params: productIdParams });

  route.get(
    '/products',
    {
      access: 'public',
      tags: ['products'],
      summary: 'The catalogue: pinned first, then newest; active only unless status=all',
      querystring: productListQuery,
      response: { 200: productPage },
    },
    async (request) => service.listProducts(db, request.query),
  );

  onProduct.get(
    '/products/:id',
    {
      access: 'public',
      tags: ['products'],
      summary: 'One product',
      response: { 200: product },
    },
    async (request) => service.getProduct(db, request.params.id),
  );

  route.get(
    '/admin/products',
    {
      access: 'staff',
      summary: 'Every product with its sales link (staff)',
      querystring: adminProductListQuery,
      response: { 200: adminProductPage, 404: errorResponse },
    },
    async (request) => service.listProductsForStaff(db, signedIn(request), request.query),
  );

  route.post(
    '/admin/products',
    {
      forbidden: productMessages.onlyAdminsCreate,
      summary: 'Add a product (admins)',
      body: productBody,
      response: { 201: adminProduct, 404: errorResponse },
      success: 201,
    },
    async (request) => service.createProduct(db, signedIn(request), request.body),
  );

  onProduct.put(
    '/admin/products/:id',
    {
      forbidden: productMessages.onlyAdminsEdit,
      summary: "Edit a product's title, links and description (admins)",
      body: productBody,
      response: { 200: adminProduct },
    },
    async (request) => service.editProduct(db, signedIn(request), request.params.id, request.body),
  );

  onProduct.put(
    '/admin/products/:id/pin',
    {
      forbidden: productMessages.onlyAdminsPin,
      summary: 'Pin or unpin a product (admins)',
      body: productPinBody,
      response: { 200: adminProduct },
    },
    async (request) =>
      service.setProductPinned(db, signedIn(request), request.params.id, request.body.isPinned),
  );

  onProduct.put(
    '/admin/products/:id/status',
    {
      forbidden: productMessages.onlyAdminsStatus,
      summary: 'Activate or deactivate a product (admins)',
      body: productStatusBody,
      response: { 200: adminProduct },
    },
    async (request) =>
      service.setProductStatus(db, signedIn(request), request.params.id, request.body.status),
  );

  onProduct.delete(
    '/admin/products/:id',
    {
      forbidden: productMessages.onlyAdminsDelete,
      summary: 'Delete a product (admins)',
      response: { 204: z.null() },
      success: 204,
    },
    async (request) => service.removeProduct(db, signedIn(request), request.params.id),
  );
};
