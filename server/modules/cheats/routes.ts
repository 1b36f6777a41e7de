import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cheatMessages } from '../../../contract/messages.ts';
import { cheatRoutes as r } from '../../../contract/routes/cheats.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** The routes of contract/routes/cheats.ts: their handlers and what only the server knows (limits, texts). */
export const cheatRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesFor(app, { tags: ['cheats'] });
  const staff = { forbidden: cheatMessages.onlyStaff };

  route.on(r.list, {}, async (request) => service.listCheats(db, request.viewer, request.query));

  route.on(r.get, {}, async (request) => service.getCheat(db, request.viewer, request.params.id));

  route.on(
    r.download,
    { unauthenticated: cheatMessages.loginToDownload, limit: 'cheatDownloadPerUser' },
    async (request) => service.downloadCheat(db, signedIn(request), request.params.id),
  );

  route.on(r.adminGet, staff, async (request) =>
    service.getCheatForStaff(db, signedIn(request), request.params.id),
  );

  route.on(r.publish, staff, async (request) => service.publishCheat(db, signedIn(request), request.body));

  route.on(r.edit, staff, async (request) =>
    service.editCheat(db, signedIn(request), request.params.id, request.body),
  );

  route.on(r.remove, staff, async (request) => service.removeCheat(db, signedIn(request), request.params.id));
};
