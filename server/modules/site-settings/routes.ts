import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsMessages as m } from '../../../contract/messages.ts';
import { siteSettingRoutes as r } from '../../../contract/routes/site-settings.ts';
import type { ExternalLinks } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { getPublicSettings, getSetting, updateSetting } from './service.ts';

/** The routes of contract/routes/site-settings.ts: their handlers and the admins-only refusal's text. */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ links: ExternalLinks; db: Db }> = async (
  app,
  { links, db },
) => {
  const route = routesFor(app, { tags: ['site'] });

  route.on(r.public, {}, async (_request, reply) => {
    // Admin changes must show at once; open pages are also told over the socket.
    reply.header('cache-control', 'no-cache');
    return getPublicSettings(db, links);
  });

  route.on(r.get, { forbidden: m.onlyAdmins }, async (request) =>
    getSetting(db, signedIn(request), request.params.key),
  );

  route.on(r.set, { forbidden: m.onlyAdmins }, async (request) =>
    updateSetting(db, signedIn(request), request.params.key, request.body),
  );
};
