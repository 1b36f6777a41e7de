import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/errors.ts';
import {
  pushDevice,
  pushDeviceBody,
  pushDevices,
  pushKey,
  pushKindsBody,
  pushSubscriptionBody,
} from '../../../contract/push.ts';
import type { Db } from '../../db/client.ts';
import { routesFor } from '../../plugins/routes-for.ts';
import { signedIn } from '../../plugins/viewer.ts';
import * as service from './service.ts';

/** Web Push (issue 37 item 4): the server's public key, and a member's devices. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; publicKey: string; allowPrivate: boolean }> = async (
  app,
  { db, publicKey, allowPrivate },
) => {
  const route = routesFor(app, { tags: ['push'] });

  route.get(
    '/push/key',
    {
      access: 'public',
      summary: 'The VAPID public key a browser subscribes with (the applicationServerKey)',
      response: { 200: pushKey },
    },
    async () => ({ publicKey }),
  );

  route.get(
    '/me/push-subscriptions',
    {
      access: 'member',
      summary: "The member's devices with push on, and the kinds each takes",
      response: { 200: pushDevices },
    },
    async (request) => service.listDevices(db, signedIn(request)),
  );

  route.put(
    '/me/push-subscriptions',
    {
      access: 'member',
      limit: 'pushSubscribePerUser',
      summary:
        "Turn push on for this device (the browser's PushSubscription), or change it; idempotent by endpoint",
      body: pushSubscriptionBody,
      response: { 200: pushDevice, 422: errorResponse },
    },
    async (request) =>
      service.subscribe(db, signedIn(request), request.body, request.headers['user-agent'], allowPrivate),
  );

  route.patch(
    '/me/push-subscriptions',
    {
      access: 'member',
      limit: 'pushSubscribePerUser',
      summary: 'Choose which kinds of notification this device takes',
      body: pushKindsBody,
      response: { 200: pushDevice },
    },
    async (request) => service.setKinds(db, signedIn(request), request.body.endpoint, request.body.kinds),
  );

  route.delete(
    '/me/push-subscriptions',
    {
      access: 'member',
      limit: 'pushSubscribePerUser',
      summary: 'Turn push off for this device',
      body: pushDeviceBody,
      success: 204,
      response: { 204: z.null() },
    },
    async (request) => {
      await service.unsubscribe(db, signedIn(request), request.body.endpoint);
      return null;
    },
  );
};
