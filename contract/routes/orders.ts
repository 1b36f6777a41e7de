import { errorResponse } from '../errors.ts';
import {
  adminOrderListQuery,
  disputeBody,
  orderDetail,
  orderIdParams,
  orderListQuery,
  orderPage,
  revealedContent,
  settleBody,
} from '../orders.ts';
import type { RouteGroup } from './route.ts';

/** Orders under buyer protection: the parties' list, detail, confirm and dispute; staff's list, reveal, settle. */
export const orderRoutes = {
  list: {
    method: 'GET',
    path: '/orders',
    access: 'member',
    summary: 'My orders, as buyer, seller or both, newest first',
    query: orderListQuery,
    response: {
      200: orderPage,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
      429: errorResponse,
    },
  },
  get: {
    method: 'GET',
    path: '/orders/:id',
    access: 'member',
    summary: 'One order with its content link: its buyer, its seller and staff',
    params: orderIdParams,
    response: { 200: orderDetail, 409: errorResponse, 429: errorResponse },
  },
  confirm: {
    method: 'POST',
    path: '/orders/:id/confirm',
    access: 'member',
    summary: 'The buyer confirms delivery: the escrow is released to the seller',
    params: orderIdParams,
    response: { 200: orderDetail, 409: errorResponse },
  },
  dispute: {
    method: 'POST',
    path: '/orders/:id/dispute',
    access: 'member',
    summary: 'The buyer disputes within the protection window: the order freezes and a ticket opens',
    params: orderIdParams,
    body: disputeBody,
    response: { 200: orderDetail, 409: errorResponse },
  },
  adminList: {
    method: 'GET',
    path: '/admin/orders',
    access: 'staff',
    tags: ['admin'],
    summary: 'Staff: orders by status (default disputed), newest first',
    query: adminOrderListQuery,
    response: { 200: orderPage, 404: errorResponse, 409: errorResponse, 429: errorResponse },
  },
  reveal: {
    method: 'POST',
    path: '/admin/orders/:id/reveal',
    access: 'staff',
    tags: ['admin'],
    summary:
      "Staff: reveal a disputed order's content link and license keys (the first reveal by each staff member is audited)",
    params: orderIdParams,
    response: { 200: revealedContent, 409: errorResponse, 429: errorResponse },
  },
  settle: {
    method: 'POST',
    path: '/admin/orders/:id/settle',
    access: 'staff',
    tags: ['admin'],
    summary: 'Staff settle a dispute: refund, release or split, with a note (audited)',
    params: orderIdParams,
    body: settleBody,
    response: { 200: orderDetail, 409: errorResponse, 429: errorResponse },
  },
} as const satisfies RouteGroup;
