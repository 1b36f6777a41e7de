import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerHookRoutes, staffHookRoutes } from '../../../contract/routes/hooks.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { addHook, type HookDeps, listHooks, removeHook, testHook } from './service.ts';

/**
 * The routes of contract/routes/hooks.ts: a seller's own webhooks under /me/hooks, the site's staff hooks under
 * /admin/hooks (admins; changes audited). The same four handlers each.
 */
export const hookRoutes: FastifyPluginAsyncZod<HookDeps> = async (app, deps) => {
  const route = routesFor(app, { tags: ['hooks'] });
  const areas = [
    ['seller', sellerHookRoutes],
    ['staff', staffHookRoutes],
  ] as const;
  for (const [scope, r] of areas) {
    route.on(r.list, {}, async (request) => listHooks(deps.db, signedIn(request), scope));
    route.on(r.add, { limit: 'hookChangePerUser' }, async (request) =>
      addHook(deps, signedIn(request), scope, request.body),
    );
    route.on(r.test, { limit: 'hookTestPerUser' }, async (request) =>
      testHook(deps.db, signedIn(request), scope, request.params.id),
    );
    route.on(r.remove, { limit: 'hookChangePerUser' }, async (request) => {
      await removeHook(deps.db, signedIn(request), scope, request.params.id);
      return null;
    });
  }
};
