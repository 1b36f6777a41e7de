import { cheatIdParams } from '../cheats.ts';
import { errorResponse } from '../errors.ts';
import { listingDetail, listingIdParams } from '../marketplace.ts';
import { detectionBody, watchState } from '../watches.ts';
import type { RouteGroup } from './route.ts';

const watchResponse = { 200: watchState, 403: errorResponse, 409: errorResponse } as const;

/** Detection alerts (decision 022): watch a cheat or a cheat listing; a seller sets a listing's detection status. */
export const watchRoutes = {
  watchCheat: {
    method: 'PUT',
    path: '/cheats/:id/watch',
    access: 'member',
    tags: ['cheats'],
    summary: 'Watch a cheat: be alerted (bell and mail) when staff change its status',
    params: cheatIdParams,
    response: watchResponse,
  },
  unwatchCheat: {
    method: 'DELETE',
    path: '/cheats/:id/watch',
    access: 'member',
    tags: ['cheats'],
    summary: 'Stop watching a cheat (idempotent)',
    params: cheatIdParams,
    response: watchResponse,
  },
  watchListing: {
    method: 'PUT',
    path: '/listings/:id/watch',
    access: 'member',
    summary: "Watch a cheat listing: be alerted when its seller changes its detection status (not one's own)",
    params: listingIdParams,
    response: watchResponse,
  },
  unwatchListing: {
    method: 'DELETE',
    path: '/listings/:id/watch',
    access: 'member',
    summary: 'Stop watching a listing (idempotent)',
    params: listingIdParams,
    response: watchResponse,
  },
  setDetection: {
    method: 'PUT',
    path: '/listings/:id/detection',
    access: 'member',
    summary:
      "Set a cheat listing's detection status, sold or not (its seller or staff): watchers are alerted, and buyers inside the protection window get a dispute offer when it turns detected",
    params: listingIdParams,
    body: detectionBody,
    response: { 200: listingDetail, 409: errorResponse },
  },
} as const satisfies RouteGroup;
