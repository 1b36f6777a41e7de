import { z } from 'zod';
import { errorResponse } from '../errors.ts';
import { hook, hookIdParams, hookList, hookTestResult, sellerHookBody, staffHookBody } from '../hooks.ts';
import type { AccessLevel, RouteGroup } from './route.ts';

/** The four routes of one area's webhooks under `base`: the same words, its own access and body. */
function hookArea<const B extends string, const A extends AccessLevel, const S extends z.ZodType>(
  base: B,
  access: A,
  body: S,
  who: string,
) {
  return {
    list: {
      method: 'GET',
      path: base,
      access,
      summary: `List ${who} Discord and Telegram webhooks (secrets masked)`,
      response: { 200: hookList },
    },
    add: {
      method: 'POST',
      path: base,
      access,
      summary: `Add a Discord webhook or Telegram bot to ${who} webhooks`,
      body,
      response: { 201: hook, 409: errorResponse, 422: errorResponse },
      success: 201,
    },
    test: {
      method: 'POST',
      path: `${base}/:id/test` as `${B}/:id/test`,
      access,
      summary: 'Send a test message through a webhook (queued like any event)',
      params: hookIdParams,
      response: { 200: hookTestResult, 409: errorResponse },
    },
    remove: {
      method: 'DELETE',
      path: `${base}/:id` as `${B}/:id`,
      access,
      summary: 'Remove a webhook',
      params: hookIdParams,
      response: { 204: z.null() },
      success: 204,
    },
  } as const satisfies RouteGroup;
}

/** Outgoing webhooks (issue 37 item 5): a seller's own (any member sells), and the site's staff hooks (admins). */
export const sellerHookRoutes = hookArea('/me/hooks', 'member', sellerHookBody, 'my');
export const staffHookRoutes = hookArea('/admin/hooks', 'admin', staffHookBody, 'the staff');
