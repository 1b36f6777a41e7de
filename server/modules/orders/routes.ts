import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/errors.ts';
import { orderMessages } from '../../../contract/messages.ts';
import {
  adminOrderListQuery,
  disputeBody,
  orderDetail,
  orderIdParams,
  orderListQuery,
  orderPage,
  revealedContent,
  settleBody,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import type { ContentCipher } from '../stock/key-crypto.ts';
import * as service from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ db: Db; cipher: ContentCipher }> = async (
  app,
  { db, cipher },
) => {
  const route = routesFor(app, { tags: ['orders'], access: 'member' });
  const onOrder = routesFor(app, { tags: ['orders'], access: 'member', params: orderIdParams });
  const staff = routesFor(app, {
    tags: ['orders'],
    access: 'staff',
    forbidden: orderMessages.onlyStaffSettle,
  });

  route.get(
    '/orders',
    {
      summary: 'My orders, as buyer, seller or both, newest first',
      querystring: orderListQuery,
      response: {
        200: orderPage,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
        429: errorResponse,
      },
    },
    async (request) => service.listMyOrders(db, signedIn(request), request.query),
  );

  onOrder.get(
    '/orders/:id',
    {
      owner: 'order',
      summary: 'One order with its content link: its buyer, its seller and staff',
      response: { 200: orderDetail, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.getOrder(db, signedIn(request), request.params.id),
  );

  onOrder.post(
    '/orders/:id/confirm',
    {
      owner: 'order',
      limit: 'orderActionPerUser',
      summary: 'The buyer confirms delivery: the escrow is released to the seller',
      response: { 200: orderDetail, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      return service.confirmDelivery(db, viewer, request.params.id);
    },
  );

  onOrder.post(
    '/orders/:id/dispute',
    {
      owner: 'order',
      limit: 'orderActionPerUser',
      summary: 'The buyer disputes within the protection window: the order freezes and a ticket opens',
      body: disputeBody,
      response: { 200: orderDetail, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      return service.openDispute(db, viewer, request.params.id, request.body.reason);
    },
  );

  staff.get(
    '/admin/orders',
    {
      tags: ['admin'],
      summary: 'Staff: orders by status (default disputed), newest first',
      querystring: adminOrderListQuery,
      response: { 200: orderPage, 404: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.listOrdersForStaff(db, signedIn(request), request.query),
  );

  onOrder.post(
    '/admin/orders/:id/reveal',
    {
      access: 'staff',
      forbidden: orderMessages.onlyStaffReveal,
      tags: ['admin'],
      summary:
        "Staff: reveal a disputed order's content link and license keys (the first reveal by each staff member is audited)",
      response: { 200: revealedContent, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.revealContentLink(db, cipher, signedIn(request), request.params.id),
  );

  staff.post(
    '/admin/orders/:id/settle',
    {
      tags: ['admin'],
      summary: 'Staff settle a dispute: refund, release or split, with a note (audited)',
      params: orderIdParams,
      body: settleBody,
      response: { 200: orderDetail, 409: errorResponse, 429: errorResponse },
    },
    async (request) => service.settleDispute(db, signedIn(request), request.params.id, request.body),
  );
};
