import { errorResponse } from '../errors.ts';
import { listingIdParams } from '../marketplace.ts';
import { orderIdParams } from '../orders.ts';
import { cursorQuery } from '../pages.ts';
import { keysChanged, keysUploadBody, listingKeysPage, orderKeys, stockBody, stockState } from '../stock.ts';
import type { RouteGroup } from './route.ts';

/** Stock and license keys: the seller's counts, uploads, withdrawals and restocks; the buyer's keys. */
export const stockRoutes = {
  listingKeys: {
    method: 'GET',
    path: '/listings/:id/keys',
    access: 'member',
    summary: "A key listing's key counts and who holds each claimed key (seller or staff; never the keys)",
    params: listingIdParams,
    query: cursorQuery,
    response: { 200: listingKeysPage, 409: errorResponse, 429: errorResponse },
  },
  uploadKeys: {
    method: 'POST',
    path: '/listings/:id/keys',
    access: 'member',
    summary:
      'Add license keys, one per line (up to 10,000; blanks and duplicates refused with line numbers): restocks',
    params: listingIdParams,
    body: keysUploadBody,
    response: { 200: keysChanged, 409: errorResponse },
  },
  withdrawKeys: {
    method: 'DELETE',
    path: '/listings/:id/keys',
    access: 'member',
    summary: "Withdraw a key listing's unsold keys (it is then sold out)",
    params: listingIdParams,
    response: { 200: keysChanged, 409: errorResponse },
  },
  setStock: {
    method: 'PUT',
    path: '/listings/:id/stock',
    access: 'member',
    summary: "Set a link listing's stock (restock) and either kind's low-stock warning",
    params: listingIdParams,
    body: stockBody,
    response: { 200: stockState, 409: errorResponse },
  },
  orderKeys: {
    method: 'GET',
    path: '/orders/:id/keys',
    access: 'member',
    tags: ['orders'],
    summary: "The license keys of one order: its buyer only (staff use the dispute's logged reveal)",
    params: orderIdParams,
    response: { 200: orderKeys, 409: errorResponse, 429: errorResponse },
  },
} as const satisfies RouteGroup;
