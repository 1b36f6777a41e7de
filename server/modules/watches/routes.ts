import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cheatIdParams } from '../../../contract/cheats.ts';
import { errorResponse } from '../../../contract/errors.ts';
import { listingDetail, listingIdParams } from '../../../contract/marketplace.ts';
import { watchMessages as m } from '../../../contract/messages.ts';
import { detectionBody, watchState } from '../../../contract/watches.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { getListing } from '../marketplace/service.ts';
import * as service from './service.ts';

const watchOptions = { unauthenticated: m.loginToWatch, limit: 'watchPerUser' } as const;

/** Detection alerts (decision 022): watch a cheat or a cheat listing; a seller sets a listing's detection status. */
export const watchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['marketplace'], access: 'member' });

  const targets = [
    {
      path: '/cheats/:id/watch',
      tag: 'cheats',
      params: cheatIdParams,
      watch: 'Watch a cheat: be alerted (bell and mail) when staff change its status',
      unwatch: 'Stop watching a cheat (idempotent)',
      set: service.setCheatWatch,
    },
    {
      path: '/listings/:id/watch',
      tag: 'marketplace',
      params: listingIdParams,
      watch: "Watch a cheat listing: be alerted when its seller changes its detection status (not one's own)",
      unwatch: 'Stop watching a listing (idempotent)',
      set: service.setListingWatch,
    },
  ] as const;
  for (const target of targets) {
    for (const method of ['put', 'delete'] as const) {
      route[method](
        target.path,
        {
          ...watchOptions,
          tags: [target.tag],
          summary: method === 'put' ? target.watch : target.unwatch,
          params: target.params,
          response: { 200: watchState, 403: errorResponse, 409: errorResponse },
        },
        async (request) => target.set(db, signedIn(request), request.params.id, method === 'put'),
      );
    }
  }

  route.put(
    '/listings/:id/detection',
    {
      owner: 'listing',
      limit: 'detectionChangePerUser',
      summary:
        "Set a cheat listing's detection status, sold or not (its seller or staff): watchers are alerted, and buyers inside the protection window get a dispute offer when it turns detected",
      params: listingIdParams,
      body: detectionBody,
      response: { 200: listingDetail, 409: errorResponse },
    },
    async (request) => {
      const viewer = signedIn(request);
      await service.changeListingDetection(db, viewer, request.params.id, request.body.detectionStatus);
      return getListing(db, viewer, request.params.id);
    },
  );
};
