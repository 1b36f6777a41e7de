import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { watchMessages as m } from '../../../../contract/messages.ts';
import { watchRoutes as r } from '../../../../contract/routes/watches.ts';
import type { Db } from '../../../db/client.ts';
import { routesFor } from '../../../plugins/routes-for.ts';
import { signedIn } from '../../../plugins/viewer.ts';
import { getListing } from '../listings/service.ts';
import * as service from './service.ts';

const watchOptions = { unauthenticated: m.loginToWatch, limit: 'watchPerUser' } as const;

/** The routes of contract/routes/watches.ts: their handlers and what only the server knows (limits, texts). */
export const watchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['marketplace'] });

  const marks = [
    [r.watchCheat, service.setCheatWatch, true],
    [r.unwatchCheat, service.setCheatWatch, false],
    [r.watchListing, service.setListingWatch, true],
    [r.unwatchListing, service.setListingWatch, false],
  ] as const;
  for (const [entry, set, watching] of marks) {
    route.on(entry, watchOptions, async (request) => set(db, signedIn(request), request.params.id, watching));
  }

  route.on(r.setDetection, { owner: 'listing', limit: 'detectionChangePerUser' }, async (request) => {
    const viewer = signedIn(request);
    await service.changeListingDetection(db, viewer, request.params.id, request.body.detectionStatus);
    return getListing(db, viewer, request.params.id);
  });
};
