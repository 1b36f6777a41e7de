import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  hook,
  hookIdParams,
  hookList,
  hookTestResult,
  sellerHookBody,
  staffHookBody,
} from '../../../contract/hooks.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import { addHook, type HookDeps, type HookScope, listHooks, removeHook, testHook } from './service.ts';

/**
 * Outgoing webhooks (issue 37 item 5): a seller's own under /me/hooks (any member sells), the site's staff
 * hook under /admin/hooks (admins; changes audited). The same four routes each.
 */
export const hookRoutes: FastifyPluginAsyncZod<HookDeps> = async (app, deps) => {
  const areas = [
    { scope: 'seller', base: '/me/hooks', access: 'member', body: sellerHookBody, who: 'my' },
    { scope: 'staff', base: '/admin/hooks', access: 'admin', body: staffHookBody, who: 'the staff' },
  ] as const;
  for (const area of areas) {
    const route = routesFor(app, { tags: ['hooks'], access: area.access });
    const scope: HookScope = area.scope;
    route.get(
      area.base,
      {
        summary: `List ${area.who} Discord and Telegram webhooks (secrets masked)`,
        response: { 200: hookList },
      },
      async (request) => listHooks(deps.db, signedIn(request), scope),
    );
    route.post(
      area.base,
      {
        limit: 'hookChangePerUser',
        summary: `Add a Discord webhook or Telegram bot to ${area.who} webhooks`,
        body: area.body,
        success: 201,
        response: { 201: hook, 409: errorResponse, 422: errorResponse },
      },
      async (request) => addHook(deps, signedIn(request), scope, request.body),
    );
    route.post(
      `${area.base}/:id/test`,
      {
        limit: 'hookTestPerUser',
        summary: 'Send a test message through a webhook (queued like any event)',
        params: hookIdParams,
        response: { 200: hookTestResult, 409: errorResponse },
      },
      async (request) => testHook(deps.db, signedIn(request), scope, request.params.id),
    );
    route.delete(
      `${area.base}/:id`,
      {
        limit: 'hookChangePerUser',
        summary: 'Remove a webhook',
        params: hookIdParams,
        success: 204,
        response: { 204: z.null() },
      },
      async (request) => {
        await removeHook(deps.db, signedIn(request), scope, request.params.id);
        return null;
      },
    );
  }
};
